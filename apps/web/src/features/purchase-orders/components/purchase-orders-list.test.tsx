import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PurchaseOrderListItem } from '@ipos/contracts';
import { contactOf, contactSearch, contactsPage } from '../../../components/pickers/picker-fixtures';
import { jsonResponse, stubApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { ORDER_ID, VENDOR_ID } from './po-fixtures';
import { PurchaseOrdersList } from './purchase-orders-list';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const summary: PurchaseOrderListItem = {
  id: ORDER_ID,
  number: 'LEK-PO000007',
  status: 4,
  vendor: { id: VENDOR_ID, name: 'Dangote Foods' },
  expectedOn: '2026-03-10',
  createdAt: '2026-03-07T09:00:00.000Z',
  lineCount: 2,
  orderedMinor: 1_100_000,
  receivedMinor: 1_100_000,
  returnedMinor: 160_000,
  quantityOrdered: 12.5,
  quantityReceived: 12.5,
};
const page = (...items: PurchaseOrderListItem[]) => ({ items, total: items.length, page: 1, pageSize: 25 });
const LIST = 'GET /api/v1/purchase-orders?page=1&pageSize=25';

function show(routes: Parameters<typeof stubApi>[0], permissions: string[], url = '/dashboard/purchase-order') {
  const calls = stubApi({ [contactSearch('vendor')]: () => jsonResponse(contactsPage(contactOf())), ...routes });
  renderRoutes(
    [
      {
        path: '/dashboard/purchase-order',
        element: <PurchaseOrdersList currency="NGN" timeZone="Africa/Lagos" permissions={permissions} />,
      },
    ],
    { initialEntries: [url] },
  );
  return calls;
}

describe('PurchaseOrdersList', () => {
  it('lists orders with status, vendor and the amounts ordered, received and returned', async () => {
    show({ [LIST]: () => jsonResponse(page(summary)) }, ['purchase-orders.view']);
    const row = await screen.findByTestId('po-row');
    expect(within(row).getByRole('link', { name: 'LEK-PO000007' })).toHaveAttribute(
      'href',
      `/dashboard/purchase-order/view/${ORDER_ID}`,
    );
    expect(row).toHaveTextContent('Partially recalled');
    expect(row).toHaveTextContent('Dangote Foods');
    expect(row).toHaveTextContent('11,000.00');
    expect(row).toHaveTextContent('returned ₦1,600.00');
    // Viewing only: no way to create.
    expect(screen.queryByRole('link', { name: 'New purchase order' })).toBeNull();
  });

  it('shows a partly received order’s progress beside its status, and keeps the number and badge whole', async () => {
    const partly = { ...summary, status: 0 as const, quantityOrdered: 24.5, quantityReceived: 12.125 };
    show({ [LIST]: () => jsonResponse(page(partly)) }, ['purchase-orders.view']);
    const row = await screen.findByTestId('po-row');
    expect(row).toHaveTextContent(/Open\s*· 12\.125 of 24\.5 received/);
    expect(within(row).getByRole('link', { name: 'LEK-PO000007' })).toHaveStyle({ whiteSpace: 'nowrap' });
    const badge = within(row).getByText('Open').closest('[data-status]');
    expect(badge).toHaveStyle({ flexShrink: '0', overflow: 'visible' });
  });

  it('shows no progress for an order received in full', async () => {
    show({ [LIST]: () => jsonResponse(page(summary)) }, ['purchase-orders.view']);
    const row = await screen.findByTestId('po-row');
    expect(row).not.toHaveTextContent('received');
  });

  it('filters by status through the URL, and says when nothing matches', async () => {
    const calls = show(
      {
        [LIST]: () => jsonResponse(page(summary)),
        'GET /api/v1/purchase-orders?page=1&pageSize=25&status=0': () => jsonResponse(page()),
      },
      ['purchase-orders.view', 'purchase-orders.manage'],
    );
    await screen.findByTestId('po-row');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Open');
    expect(await screen.findByText('No purchase order matches')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toContain('GET /api/v1/purchase-orders?page=1&pageSize=25&status=0');
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(screen.getByTestId('po-row')).toBeInTheDocument());
  });

  it('offers the first order to whoever may create one when there are none', async () => {
    show({ [LIST]: () => jsonResponse(page()) }, ['purchase-orders.view', 'purchase-orders.manage']);
    expect(await screen.findByText('No purchase orders yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New purchase order' })[0]).toHaveAttribute(
      'href',
      '/dashboard/purchase-order/create',
    );
  });
});
