import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, problemResponse } from '../../../test/api';
import { LEKKI_ID } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { deviceDb, type OutboxRow } from '../../../lib/device-db';
import { newId } from '../../../lib/ids';
import { openRegisterSession } from '../test/register-fixtures';
import { CloseRegisterDialog } from '../components/close-register-dialog';
import { OutboxStatus } from './outbox-status';

const SESSION_ID = '0190a6a0-0000-7000-8000-0000000000e1';

function row(n: number, overrides: Partial<OutboxRow> = {}): OutboxRow {
  const saleId = newId();
  const offlineReference = `LEK-T1-OFF-${String(n).padStart(4, '0')}`;
  return {
    saleId,
    sequence: n,
    businessId: '0190a6a0-0000-7000-8000-0000000000a0',
    storeId: LEKKI_ID,
    sessionId: SESSION_ID,
    cashierId: '0190a6a0-0000-7000-8000-0000000000a1',
    idempotencyKey: newId(),
    soldAt: '2026-11-26T09:00:00.000Z',
    body: {
      id: saleId,
      sessionId: SESSION_ID,
      lines: [{ variantId: '0190a6a0-0000-7000-8000-0000000010e1', quantity: 1, unitPriceMinor: 30_000 }],
      payments: [{ method: 'cash', amountMinor: 30_000, tenderedMinor: 50_000 }],
      expectedTotalMinor: 30_000,
      soldAt: '2026-11-26T09:00:00.000Z',
      offlineReference,
    },
    offlineReference,
    state: 'pending',
    lastAnswer: null,
    ...overrides,
  };
}

const saleOf = (id: string) => ({
  id,
  number: 'LEK-S000009',
  storeId: LEKKI_ID,
  sessionId: SESSION_ID,
  status: 'completed',
  cashier: { id: '0190a6a0-0000-7000-8000-0000000000a1', name: 'Ada Owner' },
  customerId: null,
  lines: [],
  cartDiscount: null,
  payments: [],
  subtotalMinor: 30_000,
  discountMinor: 0,
  taxMinor: 0,
  totalMinor: 30_000,
  paidMinor: 30_000,
  changeMinor: 0,
  note: null,
  completedAt: '2026-11-26T09:00:00.000Z',
  recordedAt: '2026-11-26T09:05:00.000Z',
  offlineReference: 'LEK-T1-OFF-0001',
});

/** The sale API: records what it is sent; refuses the sale ids listed. */
function fakeSalesApi(refuse = new Set<string>()) {
  const sent: { id: string; key: string | null; store: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!String(url).endsWith('/api/v1/sales')) throw new TypeError(`unexpected ${url}`);
      const body = JSON.parse(String(init?.body)) as { id: string };
      const headers = new Headers(init?.headers);
      sent.push({ id: body.id, key: headers.get('idempotency-key'), store: headers.get('x-store-id') });
      if (refuse.has(body.id)) return problemResponse(403, 'FORBIDDEN', 'You may not sell in this store');
      return jsonResponse(saleOf(body.id), 201);
    }),
  );
  return sent;
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setOnline(true);
});

describe('<OutboxStatus>', () => {
  it('says how many sales wait and sends them on Sync now, in order, with their keys, to their store', async () => {
    const first = row(1);
    const second = row(2, { storeId: '0190a6a0-0000-7000-8000-0000000000b2' });
    await deviceDb().outbox.bulkAdd([first, second]);
    // The register opening sends at once: the first try finds no network.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithProviders(<OutboxStatus timeZone="Africa/Lagos" />);
    expect(await screen.findByText(/2 sales waiting to sync/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status', { name: /Offline/ })).toBeInTheDocument());
    const sent = fakeSalesApi();
    await userEvent.click(screen.getByRole('button', { name: 'Sync now: send 2 sales' }));
    expect(await screen.findByText(/All sales synced · last sync \d\d:\d\d/)).toBeInTheDocument();
    expect(sent).toEqual([
      { id: first.saleId, key: first.idempotencyKey, store: LEKKI_ID },
      { id: second.saleId, key: second.idempotencyKey, store: second.storeId },
    ]);
    expect(screen.getByRole('status', { name: 'Online' })).toBeInTheDocument();
    expect((await deviceDb().outbox.get(first.saleId))?.sale?.number).toBe('LEK-S000009');
  });

  it('shows Offline when the device has no network', async () => {
    setOnline(false);
    fakeSalesApi();
    renderWithProviders(<OutboxStatus timeZone="Africa/Lagos" />);
    expect(await screen.findByRole('status', { name: 'Offline: sales are kept on this device' })).toHaveTextContent(
      'Offline',
    );
  });

  it('lists the sales that need attention with the reason; Retry sends again, Keep for later keeps it', async () => {
    const refused = row(1, {
      state: 'needs-attention',
      lastAnswer: { status: 403, code: 'FORBIDDEN', message: 'You may not sell in this store', at: '' },
    });
    const other = row(2, {
      state: 'needs-attention',
      lastAnswer: { status: 409, code: 'OFFLINE_REFERENCE_TAKEN', message: 'Reference taken', at: '' },
    });
    await deviceDb().outbox.bulkAdd([refused, other]);
    const sent = fakeSalesApi(new Set([refused.saleId]));
    renderWithProviders(<OutboxStatus timeZone="Africa/Lagos" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Needs attention (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sales that need attention' });
    const item = within(dialog).getByLabelText('LEK-T1-OFF-0001');
    expect(within(item).getByText('You may not sell in this store (FORBIDDEN)')).toBeInTheDocument();
    // Nothing here deletes a sale.
    expect(within(dialog).queryByRole('button', { name: /delete|discard|remove/i })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep LEK-T1-OFF-0002 for later' }));
    await waitFor(async () => expect((await deviceDb().outbox.get(other.saleId))?.keptForLater).toBe(true));
    expect(await within(dialog).findByText('LEK-T1-OFF-0002 · kept for later')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry LEK-T1-OFF-0001' }));
    await waitFor(() => expect(sent.map((s) => s.id)).toEqual([refused.saleId]));
    // Refused again: still listed, with the reason.
    await waitFor(async () => expect((await deviceDb().outbox.get(refused.saleId))?.state).toBe('needs-attention'));
    expect(await within(dialog).findByLabelText('LEK-T1-OFF-0001')).toBeInTheDocument();
  });
});

describe('<CloseRegisterDialog> with sales not yet sent', () => {
  it('warns and counts their cash in the expected cash', async () => {
    setOnline(false);
    await deviceDb().outbox.bulkAdd([row(1), row(2), row(3, { sessionId: '0190a6a0-0000-7000-8000-0000000000e2' })]);
    const session = openRegisterSession({
      id: SESSION_ID,
      openingFloatMinor: 500_000,
      summary: { expectedCashMinor: 500_000 },
    });
    renderWithProviders(
      <CloseRegisterDialog
        opened
        storeId={LEKKI_ID}
        session={session}
        currency="NGN"
        onClose={() => undefined}
        onClosed={() => undefined}
      />,
    );
    expect(await screen.findByTestId('unsynced-sales-warning')).toHaveTextContent(
      'This device has 2 sales of this register that the server has not received yet.',
    );
    expect(screen.getByLabelText('Expected')).toHaveTextContent('₦5,600.00');
  });
});
