import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { ActiveStore } from '@ipos/contracts';
import { contactOf, contactSearch, contactsPage } from '../../../components/pickers/picker-fixtures';
import { ORDER_ID, orderOf, partlyReceived, VENDOR_ID } from '../../../features/purchase-orders/components/po-fixtures';
import { writeStored, storageKeys } from '../../../lib/storage';
import { jsonResponse, stubApi } from '../../../test/api';
import { BUSINESS_ID, LEKKI_ID } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { Component as CreateRoute } from './create';

const store: ActiveStore = {
  id: LEKKI_ID,
  name: 'Lekki',
  alias: 'LEK',
  timeZone: 'Africa/Lagos',
  address: null,
  allowNegativeStock: false,
  wasteApprovalThresholdMinor: 500_000,
  business: { id: BUSINESS_ID, name: 'Demo Mart', currency: 'NGN', logoVersion: null },
  roleName: 'IPOS_MANAGER_USER',
  permissions: ['purchase-orders.view', 'purchase-orders.manage', 'purchase-orders.receive'],
};

beforeEach(() => writeStored(storageKeys.storeId, LEKKI_ID));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function open(url: string, order = orderOf()) {
  stubApi({
    'GET /api/v1/stores/current': () => jsonResponse(store),
    [contactSearch('vendor')]: () => jsonResponse(contactsPage(contactOf())),
    [`GET /api/v1/contacts/${VENDOR_ID}`]: () => jsonResponse(contactOf()),
    [`GET /api/v1/purchase-orders/${ORDER_ID}`]: () => jsonResponse(order),
  });
  return renderRoutes([{ path: '/dashboard/purchase-order/create', Component: CreateRoute }], {
    initialEntries: [url],
  });
}

describe('the create route', () => {
  it('starts a new order with the vendor named in the address', async () => {
    open(`/dashboard/purchase-order/create?vendorId=${VENDOR_ID}`);
    expect(await screen.findByRole('heading', { name: 'New purchase order' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Vendor' })).toHaveValue('Dangote Foods'));
  });

  it('edits an open order with nothing received, and refuses once goods were received', async () => {
    const { unmount } = open(`/dashboard/purchase-order/create?edit=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Edit LEK-PO000007' })).toBeInTheDocument();
    unmount();
    open(`/dashboard/purchase-order/create?edit=${ORDER_ID}`, partlyReceived());
    expect(await screen.findByRole('heading', { name: 'LEK-PO000007 cannot be edited' })).toBeInTheDocument();
    expect(screen.getByText(/Goods were received against this order/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});
