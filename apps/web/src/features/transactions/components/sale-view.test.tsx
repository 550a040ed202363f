import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SaleDetail } from '@ipos/contracts';
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
