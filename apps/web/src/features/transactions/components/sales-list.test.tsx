import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { SalesList } from './sales-list';
import { saleSummaryOf } from './sale-fixtures';

// 19:30 in Lagos on Saturday 7 March 2026: the store's today.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-07T18:30:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const totals = { count: 3, totalMinor: 250_000, refundedMinor: 50_000, netMinor: 200_000 };
const TODAY = 'GET /api/v1/sales?from=2026-03-07&to=2026-03-07&limit=50';
const CASHIER_ID = '0190a6a0-0000-7000-8000-0000000a0001';
const CASHIERS = {
  'GET /api/v1/sales/cashiers': () => jsonResponse({ items: [{ id: CASHIER_ID, name: 'Dayo Cashier' }] }),
};
/** Sales requests only (the cashier filter loads its names beside them). */
const salesCalls = (calls: { key: string }[]) => calls.filter((c) => !c.key.endsWith('/cashiers'));

function renderList(path = '/dashboard/transactions', canSell = true) {
  const utils = renderRoutes(
    [
      {
        path: '/dashboard/transactions',
        element: <SalesList currency="NGN" timeZone="Africa/Lagos" canSell={canSell} />,
      },
      { path: '/dashboard/transactions/:id', element: <p>Sale page</p> },
      { path: '/dashboard/checkout', element: <p>Register</p> },
    ],
    { initialEntries: [path] },
  );
  return { ...utils, user: userEvent.setup() };
}

describe('<SalesList>', () => {
  it("opens on the store's today with the totals of the filtered set, in the store's clock", async () => {
    const calls = stubApi({
      ...CASHIERS,
      [TODAY]: () =>
        jsonResponse({
          items: [
            saleSummaryOf(3, {
              state: 'partially_refunded',
              refundedMinor: 50_000,
              methods: ['cash', 'card'],
              customer: { id: '0190a6a0-0000-7000-8000-0000000c0001', name: 'Ada Obi' },
            }),
            saleSummaryOf(2, { state: 'voided' }),
            saleSummaryOf(1, { totalMinor: 0, methods: [] }),
          ],
          nextCursor: null,
          totals,
        }),
    });
    renderList();
    const rows = await screen.findAllByTestId('sale-row');
    expect(salesCalls(calls).map((c) => c.key)).toEqual([TODAY]);
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect(first.getByText('LEK-S000003')).toBeInTheDocument();
    // 18:05 UTC is 19:05 in Lagos.
    expect(first.getByText('7 Mar 2026, 19:05')).toBeInTheDocument();
    expect(first.getByText('Ada Obi')).toBeInTheDocument();
    expect(first.getByText('Cash, Card')).toBeInTheDocument();
    expect(first.getByTestId('sale-state')).toHaveTextContent('Partly refunded');
    expect(within(rows[1]!).getByTestId('sale-state')).toHaveTextContent('Voided');
    // A free sale (zero total) took no payment.
    expect(within(rows[2]!).getByText('No payment')).toBeInTheDocument();
    expect(screen.getByTestId('totals-count')).toHaveTextContent('3');
    expect(screen.getByTestId('totals-total')).toHaveTextContent('₦2,500.00');
    expect(screen.getByTestId('totals-refunded')).toHaveTextContent('₦500.00');
    expect(screen.getByTestId('totals-net')).toHaveTextContent('₦2,000.00');
    expect(screen.getByTestId('list-scope')).toHaveTextContent('Today');
  });

  it('writes each filter into the URL and asks the API with it', async () => {
    const empty = () => jsonResponse({ items: [], nextCursor: null, totals: { ...totals, count: 0 } });
    const calls = stubApi({
      ...CASHIERS,
      [TODAY]: empty,
      'GET /api/v1/sales?from=2026-03-01&to=2026-03-07&limit=50': empty,
      'GET /api/v1/sales?from=2026-03-01&to=2026-03-07&method=card&limit=50': empty,
      'GET /api/v1/sales?from=2026-03-01&to=2026-03-07&method=card&state=refunded&limit=50': empty,
      'GET /api/v1/sales?number=LEK-S000123&method=card&state=refunded&limit=50': empty,
      [`GET /api/v1/sales?number=LEK-S000123&cashierId=${CASHIER_ID}&method=card&state=refunded&limit=50`]: empty,
    });
    const { router, user } = renderList();
    await screen.findByText('No sales in this period');

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'This month', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?period=thisMonth'));

    await user.click(screen.getByRole('combobox', { name: 'Payment method' }));
    await user.click(await screen.findByRole('option', { name: 'Card', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?period=thisMonth&method=card'));

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Refunded', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?period=thisMonth&method=card&state=refunded'));

    // A sale number is looked up over every date: a receipt may be weeks old.
    await user.type(screen.getByRole('textbox', { name: 'Sale number' }), 'LEK-S000123{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?period=thisMonth&method=card&state=refunded&number=LEK-S000123'),
    );
    await waitFor(() =>
      expect(salesCalls(calls).at(-1)?.key).toBe(
        'GET /api/v1/sales?number=LEK-S000123&method=card&state=refunded&limit=50',
      ),
    );
    expect(screen.getByTestId('list-scope')).toHaveTextContent('Sale number “LEK-S000123”, every date');
    expect(await screen.findByText('No sale matches these filters')).toBeInTheDocument();

    // The cashier filter names everyone who has sold in the store.
    await user.click(screen.getByRole('combobox', { name: 'Cashier' }));
    await user.click(await screen.findByRole('option', { name: 'Dayo Cashier', hidden: true }));
    await waitFor(() =>
      expect(salesCalls(calls).at(-1)?.key).toBe(
        `GET /api/v1/sales?number=LEK-S000123&cashierId=${CASHIER_ID}&method=card&state=refunded&limit=50`,
      ),
    );
    expect(router.state.location.search).toContain(`cashier=${CASHIER_ID}`);
  });

  it('reads custom dates from the URL and appends the next keyset page on "Load more"', async () => {
    const base = 'GET /api/v1/sales?from=2026-02-01&to=2026-02-14&limit=50';
    const calls = stubApi({
      ...CASHIERS,
      [base]: () => jsonResponse({ items: [saleSummaryOf(9), saleSummaryOf(8)], nextCursor: 'cursor-2', totals }),
      [`${base}&cursor=cursor-2`]: () => jsonResponse({ items: [saleSummaryOf(7)], nextCursor: null, totals }),
    });
    const { user } = renderList('/dashboard/transactions?from=2026-02-01&to=2026-02-14');
    expect(await screen.findAllByTestId('sale-row')).toHaveLength(2);
    expect(screen.getByTestId('list-scope')).toHaveTextContent('1 Feb 2026 – 14 Feb 2026');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('sale-row')).toHaveLength(3));
    expect(screen.getAllByTestId('sale-row').map((r) => within(r).getByRole('link').textContent)).toEqual([
      'LEK-S000009',
      'LEK-S000008',
      'LEK-S000007',
    ]);
    expect(salesCalls(calls).map((c) => c.key)).toEqual([base, `${base}&cursor=cursor-2`]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('All 3 sales shown.')).toBeInTheDocument();
  });

  it('opens a sale from the keyboard: Enter on a focused row', async () => {
    stubApi({ ...CASHIERS, [TODAY]: () => jsonResponse({ items: [saleSummaryOf(1)], nextCursor: null, totals }) });
    const { router, user } = renderList();
    const row = await screen.findByRole('row', { name: 'Sale LEK-S000001' });
    row.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/dashboard/transactions/0190a6a0-0000-7000-8000-000000000001'),
    );
  });

  it('an empty day points at the register for someone who sells, and a failure offers a retry', async () => {
    stubApi({
      ...CASHIERS,
      [TODAY]: [
        () => problemResponse(500, 'INTERNAL', 'boom'),
        () => jsonResponse({ items: [], nextCursor: null, totals: { ...totals, count: 0 } }),
      ],
    });
    const { user } = renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the sales');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No sales in this period')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the register' })).toHaveAttribute('href', '/dashboard/checkout');
  });
});
