import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SaleException } from '@ipos/contracts';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { LEKKI_ID } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { SaleExceptionsList } from './sale-exceptions-list';
import { SoldBelowZeroNotice } from './sold-below-zero-notice';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const CASHIER = { id: '0190a6a0-0000-7000-8000-000000000009', name: 'Dayo Cashier' };
const SALE = {
  id: '0190a6a0-0000-7000-8000-00000000a001',
  number: 'LEK-S000042',
  offlineReference: 'LEK-T1-OFF-0017',
  completedAt: '2026-03-07T17:00:00.000Z',
  recordedAt: '2026-03-07T18:30:00.000Z',
  cashier: CASHIER,
};

function exceptionOf(overrides: Partial<SaleException> = {}): SaleException {
  return {
    id: '0190a6a0-0000-7000-8000-00000000b001',
    kind: 'sold_offline_at_old_price',
    sale: SALE,
    variantId: '0190a6a0-0000-7000-8000-00000000f001',
    name: 'Hollandia Yoghurt 1L',
    sku: 'HOL-YOG-1L',
    details: { paidUnitPriceMinor: 250_000, serverUnitPriceMinor: 260_000 },
    createdAt: '2026-03-07T18:30:00.000Z',
    resolvedAt: null,
    resolvedBy: null,
    resolutionNote: null,
    ...overrides,
  };
}

const belowZero = exceptionOf({
  id: '0190a6a0-0000-7000-8000-00000000b002',
  kind: 'sold_offline_below_zero',
  name: 'Peak Milk 400g',
  sku: 'PEAK-400',
  details: { quantity: 3, onHandAfter: -2 },
});

const LIST = 'GET /api/v1/sale-exceptions?state=open&page=1&pageSize=25';
const pageOf = (items: SaleException[], total = items.length) => jsonResponse({ items, total, page: 1, pageSize: 25 });

function renderList(canResolve: boolean, entry = '/dashboard/report/sale-exceptions') {
  localStorage.setItem('store-id', LEKKI_ID);
  const utils = renderRoutes(
    [
      {
        path: '/dashboard/report/sale-exceptions',
        element: <SaleExceptionsList currency="NGN" timeZone="Africa/Lagos" canResolve={canResolve} />,
      },
    ],
    { initialEntries: [entry] },
  );
  return { ...utils, user: userEvent.setup() };
}

describe('<SaleExceptionsList>', () => {
  it('lists the open ones in words: what happened, the sale and its offline reference, paid against now, the cashier', async () => {
    stubApi({ [LIST]: () => pageOf([exceptionOf(), belowZero]) });
    renderList(true);
    const rows = await screen.findAllByTestId('sale-exception-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Sold offline at an old price');
    expect(rows[0]).toHaveTextContent('LEK-S000042');
    expect(rows[0]).toHaveTextContent('Offline ref LEK-T1-OFF-0017');
    expect(rows[0]).toHaveTextContent('Paid ₦2,500.00 each · price now ₦2,600.00');
    expect(rows[0]).toHaveTextContent('7 Mar 2026, 18:00');
    expect(rows[0]).toHaveTextContent('Dayo Cashier');
    expect(rows[1]).toHaveTextContent('Sold offline below zero');
    expect(rows[1]).toHaveTextContent('Sold 3, leaving -2 on hand');
  });

  it('says what the tax was and is when the rate changed while the till was offline, and no price when it did not', async () => {
    const taxed = exceptionOf({
      details: {
        paidTaxRateBasisPoints: 750,
        serverTaxRateBasisPoints: 1_000,
        paidTaxInclusive: false,
        serverTaxInclusive: false,
      },
    });
    const both = exceptionOf({
      id: '0190a6a0-0000-7000-8000-00000000b003',
      details: {
        paidUnitPriceMinor: 250_000,
        serverUnitPriceMinor: 260_000,
        paidTaxRateBasisPoints: 0,
        serverTaxRateBasisPoints: 750,
        paidTaxInclusive: true,
        serverTaxInclusive: true,
      },
    });
    stubApi({ [LIST]: () => pageOf([taxed, both]) });
    renderList(true);
    const rows = await screen.findAllByTestId('sale-exception-row');
    expect(rows[0]).toHaveTextContent('Taxed at 7.5% on top · tax now 10% on top');
    expect(rows[0]).not.toHaveTextContent('Paid');
    expect(rows[1]).toHaveTextContent('Paid ₦2,500.00 each · price now ₦2,600.00');
    expect(rows[1]).toHaveTextContent('Taxed at 0% included · tax now 7.5% included');
  });

  it('says so when there is nothing to review', async () => {
    stubApi({ [LIST]: () => pageOf([]) });
    renderList(true);
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show everything open' })).toBeNull();
  });

  it('resolves one with a note, then reads the list again', async () => {
    const calls = stubApi({
      [LIST]: [() => pageOf([exceptionOf(), belowZero]), () => pageOf([belowZero])],
      'POST /api/v1/sale-exceptions/0190a6a0-0000-7000-8000-00000000b001/resolve': () =>
        jsonResponse(exceptionOf({ resolvedAt: '2026-03-08T09:00:00.000Z', resolvedBy: CASHIER })),
    });
    const { user } = renderList(true);
    await screen.findAllByTestId('sale-exception-row');
    await user.click(
      screen.getByRole('button', {
        name: 'Resolve sold offline at an old price: Hollandia Yoghurt 1L, sale LEK-S000042',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Resolve this sale made offline' });
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Price list was late on the till');
    await user.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key.endsWith('/resolve'))?.body).toEqual({ note: 'Price list was late on the till' }),
    );
    await waitFor(() => expect(screen.getAllByTestId('sale-exception-row')).toHaveLength(1));
    expect(calls.filter((c) => c.key === LIST)).toHaveLength(2);
  });

  it('offers no Resolve without inventory.adjust', async () => {
    stubApi({ [LIST]: () => pageOf([exceptionOf()]) });
    renderList(false);
    await screen.findAllByTestId('sale-exception-row');
    expect(screen.queryByRole('button', { name: /Resolve/ })).toBeNull();
  });

  it('shows the calm no-access message when the role may not read them', async () => {
    stubApi({ [LIST]: () => problemResponse(403, 'FORBIDDEN', 'This needs reports.view') });
    renderList(true);
    expect(await screen.findByTestId('no-access')).toHaveTextContent("You don't have access");
    expect(screen.queryByRole('button', { name: /Try again|Retry/ })).toBeNull();
    expect(screen.queryByTestId('sale-exception-row')).toBeNull();
  });

  it('asks for one kind from the URL and offers to show everything', async () => {
    const calls = stubApi({
      'GET /api/v1/sale-exceptions?state=open&kind=sold_offline_below_zero&page=1&pageSize=25': () => pageOf([]),
    });
    renderList(true, '/dashboard/report/sale-exceptions?kind=sold_offline_below_zero');
    expect(await screen.findByText('Nothing to review: no “sold offline below zero”')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show everything open' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});

describe('<SoldBelowZeroNotice>', () => {
  const COUNT = 'GET /api/v1/sale-exceptions?state=open&kind=sold_offline_below_zero&page=1&pageSize=1';
  const renderNotice = (canReview: boolean) => {
    localStorage.setItem('store-id', LEKKI_ID);
    return renderRoutes([{ path: '/', element: <SoldBelowZeroNotice canReview={canReview} /> }]);
  };

  it('counts the open ones below zero and links to them', async () => {
    stubApi({ [COUNT]: () => pageOf([belowZero], 3) });
    renderNotice(true);
    const notice = await screen.findByTestId('sold-below-zero-notice');
    expect(notice).toHaveTextContent('3 items were sold offline with no stock left to take');
    expect(within(notice).getByRole('link', { name: 'Review them' })).toHaveAttribute(
      'href',
      '/dashboard/report/sale-exceptions?kind=sold_offline_below_zero',
    );
  });

  it('shows nothing when there are none, and asks nothing of a role that may not read them', async () => {
    const calls = stubApi({ [COUNT]: () => pageOf([], 0) });
    const { unmount } = renderNotice(true);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('sold-below-zero-notice')).toBeNull();
    unmount();
    renderNotice(false);
    expect(calls).toHaveLength(1);
    expect(screen.queryByTestId('sold-below-zero-notice')).toBeNull();
  });
});
