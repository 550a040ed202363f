import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SaleDetail } from '@ipos/contracts';
import userEvent from '@testing-library/user-event';
import { jsonResponse, stubApi } from '../../../test/api';
import { renderInRouter } from '../../../test/render';
import { SaleView } from './sale-view';
import { SALE_ID, saleDetailOf } from './sale-fixtures';

afterEach(() => vi.unstubAllGlobals());

function renderSale(sale: SaleDetail) {
  stubApi({
    [`GET /api/v1/sales/${SALE_ID}`]: () => jsonResponse(sale),
    [`GET /api/v1/sales/${SALE_ID}/events`]: () => jsonResponse({ items: [] }),
  });
  renderInRouter(
    <SaleView saleId={SALE_ID} currency="NGN" timeZone="Africa/Lagos" permissions={['transactions.view']} />,
  );
}

describe('<SaleView> payments', () => {
  it('lists each payment with what was tendered and the change', async () => {
    renderSale(saleDetailOf());
    const payments = await screen.findByRole('table', { name: 'Payments' });
    const row = within(payments).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Cash');
    expect(row).toHaveTextContent('₦4,800.00');
    expect(row).toHaveTextContent('₦5,000.00');
    expect(row).toHaveTextContent('₦200.00');
  });

  it('says a free sale (zero total) took no payment', async () => {
    const free = saleDetailOf({
      payments: [],
      discountMinor: 480_000,
      taxMinor: 0,
      totalMinor: 0,
      paidMinor: 0,
      changeMinor: 0,
      cartDiscount: { type: 'percent', value: 10_000 },
    });
    renderSale(free);
    const payments = await screen.findByRole('table', { name: 'Payments' });
    expect(within(payments).getByText('No payment: nothing was due.')).toBeInTheDocument();
  });
});

describe('<SaleView> on a phone', () => {
  // jsdom has no layout: each table's box is 300 px wide and each header cell 100 px (the details
  // column 40 px), so only two columns fit beside the details buttons.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.querySelector('table') ? 300 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      const cells = [...this.querySelectorAll('table thead th')];
      return cells.reduce((sum, th) => sum + (th.textContent === 'Details' ? 40 : 100), 0);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const headings = (table: HTMLElement) =>
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);

  it('keeps each item with its total and each payment with its amount; the rest is in the row’s details', async () => {
    renderSale(saleDetailOf());
    const items = await screen.findByRole('table', { name: 'Items' });
    expect(headings(items)).toEqual(['Item', 'Total', 'Details']);
    expect(within(items).getByRole('button', { name: 'Details: Peak Milk 400g' })).toBeInTheDocument();
    const payments = screen.getByRole('table', { name: 'Payments' });
    expect(headings(payments)).toEqual(['Method', 'Amount', 'Details']);
    await userEvent.click(within(payments).getByRole('button', { name: 'Details: Cash' }));
    expect(within(payments.querySelector('dl')!).getByText('Tendered').nextElementSibling).toHaveTextContent(
      '₦5,000.00',
    );
  });
});
