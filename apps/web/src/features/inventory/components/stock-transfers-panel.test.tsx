import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { systemRolePermissions, type ActiveStore, type Permission, type StockTransfer } from '@ipos/contracts';
import { jsonResponse } from '../../../test/api';
import { BUSINESS_ID, IKEJA_ID, LEKKI_ID } from '../../../test/fixtures';
import { renderInRouter } from '../../../test/render';
import { StockTransfersPanel } from './stock-transfers-panel';

const TRANSFER_ID = '0190a6a0-0000-7000-8000-00000000f101';
const PRODUCT_ID = '0190a6a0-0000-7000-8000-00000000f102';

const ikeja = (roleName: string, permissions: Permission[]): ActiveStore => ({
  id: IKEJA_ID,
  name: 'Ikeja',
  alias: 'IKJ',
  timeZone: 'Africa/Lagos',
  address: null,
  allowNegativeStock: false,
  wasteApprovalThresholdMinor: 500_000,
  business: { id: BUSINESS_ID, name: 'Demo Mart', currency: 'NGN', logoVersion: null },
  roleName,
  permissions,
});

const incoming: StockTransfer = {
  id: TRANSFER_ID,
  number: 'LEK-TRF000004',
  fromStore: { id: LEKKI_ID, name: 'Lekki', alias: 'LEK' },
  toStore: { id: IKEJA_ID, name: 'Ikeja', alias: 'IKJ' },
  status: 'in_transit',
  note: null,
  sentAt: '2026-03-07T09:00:00.000Z',
  sentBy: { id: '0190a6a0-0000-7000-8000-000000000001', name: 'Chidi Manager' },
  receivedAt: null,
  receivedBy: null,
  lines: [{ productId: PRODUCT_ID, variantId: PRODUCT_ID, name: 'Peak Milk 400g', sku: 'PEAK-400', quantity: 6 }],
  version: 1,
};

/** The API as the panel uses it in Ikeja: the store, its incoming transfers, and receiving one. */
function fakeApi(store: ActiveStore) {
  const received: unknown[] = [];
  let transfer = incoming;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname } = new URL(url, 'http://localhost');
      const method = init?.method ?? 'GET';
      if (pathname === '/api/v1/stores/current') return jsonResponse(store);
      if (pathname === '/api/v1/stock-transfers' && method === 'GET')
        return jsonResponse({ items: [transfer], total: 1, page: 1, pageSize: 20, totalCapped: false });
      if (pathname === `/api/v1/stock-transfers/${TRANSFER_ID}/receive` && method === 'POST') {
        received.push(JSON.parse(String(init?.body)));
        transfer = { ...transfer, status: 'received', receivedAt: '2026-03-07T10:00:00.000Z', version: 2 };
        return jsonResponse(transfer);
      }
      throw new Error(`unexpected ${method} ${url}`);
    }),
  );
  return received;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('<StockTransfersPanel>', () => {
  it('offers a cashier (IPOS_BASIC) Receive on a transfer in transit to their store, and receives it', async () => {
    localStorage.setItem('store-id', IKEJA_ID);
    const received = fakeApi(ikeja('IPOS_BASIC', [...systemRolePermissions.IPOS_BASIC]));
    const user = userEvent.setup();
    renderInRouter(<StockTransfersPanel />);
    const row = await screen.findByTestId('transfer-row');
    expect(row).toHaveTextContent('In transit');
    await user.click(await within(row).findByRole('button', { name: 'Receive' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Receive transfer' }));
    await waitFor(() => expect(received).toEqual([{ version: 1 }]));
    // The list asks again: received, nothing left to receive.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Receive' })).not.toBeInTheDocument());
    expect(screen.getByTestId('transfer-row')).toHaveTextContent('Received');
  });

  it('shows no Receive to a role without receiving', async () => {
    localStorage.setItem('store-id', IKEJA_ID);
    fakeApi(ikeja('Shelf reader', ['dashboard.view', 'inventory.view']));
    renderInRouter(<StockTransfersPanel />);
    const row = await screen.findByTestId('transfer-row');
    expect(within(row).getByText('Lekki → Ikeja')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Receive' })).not.toBeInTheDocument();
  });
});
