import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse } from '../../../test/api';
import { renderWithProviders } from '../../../test/render';
import { deviceDb, type OutboxRow } from '../../../lib/device-db';
import { receiptOf, SALE_ID } from '../components/receipt/receipt-fixtures';
import { ReceiptPanel } from '../components/receipt/receipt-panel';

afterEach(() => vi.unstubAllGlobals());

/** The outbox row of the fixture's sale, completed on the device as LEK-T1-OFF-0007. */
function queued(overrides: Partial<OutboxRow> = {}): OutboxRow {
  const receipt = receiptOf();
  const offlineReference = 'LEK-T1-OFF-0007';
  return {
    saleId: SALE_ID,
    sequence: 1,
    businessId: '0190a6a0-0000-7000-8000-0000000000a0',
    storeId: receipt.sale.storeId,
    sessionId: receipt.sale.sessionId,
    cashierId: receipt.sale.cashier.id,
    idempotencyKey: '0190a6a0-0000-7000-8000-00000000f001',
    soldAt: receipt.sale.completedAt,
    body: {
      id: SALE_ID,
      sessionId: receipt.sale.sessionId,
      lines: [{ variantId: '0190a6a0-0000-7000-8000-0000000010e1', quantity: 1 }],
      payments: [],
      expectedTotalMinor: 0,
    },
    offlineReference,
    state: 'pending',
    lastAnswer: null,
    receipt: { ...receipt, sale: { ...receipt.sale, number: offlineReference } },
    ...overrides,
  };
}

describe('<ReceiptPanel> of a sale completed on the device', () => {
  it('prints the offline reference and Pending sync without asking the server', async () => {
    const fetchMock = vi.fn(async () => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetchMock);
    await deviceDb().outbox.add(queued());
    renderWithProviders(<ReceiptPanel saleId={SALE_ID} onNewSale={() => undefined} />);
    expect(await screen.findByRole('heading', { name: 'Sale LEK-T1-OFF-0007 complete' })).toBeInTheDocument();
    // On screen and on paper.
    const papers = screen.getAllByRole('article', { name: 'Receipt LEK-T1-OFF-0007' });
    expect(papers).toHaveLength(2);
    for (const paper of papers)
      expect(within(paper).getByTestId('receipt-pending-sync')).toHaveTextContent('Pending sync');
    expect(screen.getByTestId('change-to-give')).toHaveTextContent('Change ₦200.00');
    // The server's PDF and mail wait for the sync.
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('once synced shows the server’s receipt: the final number and the offline reference', async () => {
    const server = receiptOf();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ...server, sale: { ...server.sale, offlineReference: 'LEK-T1-OFF-0007' } })),
    );
    await deviceDb().outbox.add(queued({ state: 'synced' }));
    renderWithProviders(<ReceiptPanel saleId={SALE_ID} onNewSale={() => undefined} />);
    expect(await screen.findByRole('heading', { name: 'Sale LEK-S000042 complete' })).toBeInTheDocument();
    const [paper] = screen.getAllByRole('article', { name: 'Receipt LEK-S000042' });
    expect(within(paper!).getByText('Offline ref')).toBeInTheDocument();
    expect(within(paper!).getByText('LEK-T1-OFF-0007')).toBeInTheDocument();
    expect(within(paper!).queryByTestId('receipt-pending-sync')).toBeNull();
  });

  it('shows the reference the device printed when the server recorded the sale from its first attempt', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(receiptOf())),
    );
    await deviceDb().outbox.add(queued({ state: 'synced' }));
    renderWithProviders(<ReceiptPanel saleId={SALE_ID} onNewSale={() => undefined} />);
    const [paper] = await screen.findAllByRole('article', { name: 'Receipt LEK-S000042' });
    expect(within(paper!).getByText('LEK-T1-OFF-0007')).toBeInTheDocument();
  });
});
