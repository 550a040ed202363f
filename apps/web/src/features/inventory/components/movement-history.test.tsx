import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { IKEJA_ID, LEKKI_ID } from '../../../test/fixtures';
import { renderInRouter } from '../../../test/render';
import { formatDelta, MovementHistory } from './movement-history';
import type { StockMovement } from '@ipos/contracts';
import { COUNT_ID, movementOf, PRODUCT_ID } from './stock-fixtures';

afterEach(() => vi.unstubAllGlobals());

const LIST = `GET /api/v1/products/${PRODUCT_ID}/movements?page=1&pageSize=20`;
const page = (items: ReturnType<typeof movementOf>[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

const movements = [
  movementOf({ note: 'Carton from the back room' }),
  movementOf({
    id: '0190a6a0-0000-7000-8000-00000000c002',
    occurredAt: '2026-03-07T20:30:00.000Z',
    delta: -2,
    onHandAfter: 6,
    reason: 'count',
    refType: 'stock_count',
    refId: COUNT_ID,
    refNumber: 'LEK-CNT000001',
    documentKind: 'stock_count',
    documentId: COUNT_ID,
  }),
  movementOf({
    id: '0190a6a0-0000-7000-8000-00000000c003',
    storeId: IKEJA_ID,
    storeName: 'Ikeja',
    delta: -1,
    onHandAfter: 9,
    reason: 'transfer_out',
    refType: 'stock_transfer',
    refId: '0190a6a0-0000-7000-8000-00000000f001',
    refNumber: 'IKJ-TRF000001',
    documentKind: 'stock_transfer',
    documentId: '0190a6a0-0000-7000-8000-00000000f001',
    actor: null,
  }),
];

function renderHistory() {
  renderInRouter(
    <MovementHistory
      productId={PRODUCT_ID}
      unit="each"
      stores={[
        { id: IKEJA_ID, name: 'Ikeja' },
        { id: LEKKI_ID, name: 'Lekki' },
      ]}
      hasVariants={false}
      activeStoreId={LEKKI_ID}
      timeZone="Africa/Lagos"
    />,
  );
}

describe('<MovementHistory>', () => {
  it('lists each movement with its time in the store zone, reason, signed change, on hand after, who and the document', async () => {
    stubApi({ [LIST]: () => jsonResponse(page(movements)) });
    renderHistory();
    const rows = await screen.findAllByTestId('movement-row');
    expect(rows).toHaveLength(3);
    const [adjusted, counted, transferred] = rows.map((row) => within(row));
    // 18:05 UTC is 19:05 in Lagos.
    expect(adjusted!.getByText('7 Mar 2026, 19:05')).toBeInTheDocument();
    expect(adjusted!.getByText('Adjustment')).toBeInTheDocument();
    expect(adjusted!.getByText('+5')).toBeInTheDocument();
    expect(adjusted!.getByText('8')).toBeInTheDocument();
    expect(adjusted!.getByText('Bola Admin')).toBeInTheDocument();
    expect(adjusted!.getByText('Carton from the back room')).toBeInTheDocument();
    expect(adjusted!.getByRole('link', { name: 'LEK-ADJ000001' })).toHaveAttribute(
      'href',
      '/?adjustment=0190a6a0-0000-7000-8000-00000000d001',
    );
    expect(counted!.getByText('Stock count')).toBeInTheDocument();
    expect(counted!.getByText('−2')).toBeInTheDocument();
    expect(counted!.getByRole('link', { name: 'LEK-CNT000001' })).toHaveAttribute(
      'href',
      `/dashboard/inventory?tab=counts&count=${COUNT_ID}`,
    );
    // Another store's document opens from that store: its number, without a link.
    expect(transferred!.getByText('Transfer out')).toBeInTheDocument();
    expect(transferred!.getByText('IKJ-TRF000001')).toBeInTheDocument();
    expect(transferred!.queryByRole('link')).not.toBeInTheDocument();
    expect(transferred!.getByText('—')).toBeInTheDocument();
  });

  it('links sales, refunds, waste, purchase receipts, vendor returns and invoices to their pages by number', async () => {
    const SALE_ID = '0190a6a0-0000-7000-8000-00000000e001';
    const ORDER_ID = '0190a6a0-0000-7000-8000-00000000e002';
    const documents: [Partial<StockMovement>, string][] = [
      [
        {
          reason: 'sale',
          refType: 'sale',
          refId: SALE_ID,
          refNumber: 'LEK-S000123',
          documentKind: 'sale',
          documentId: SALE_ID,
        },
        `/dashboard/transactions/${SALE_ID}`,
      ],
      // A refund shows its own number and opens its sale.
      [
        {
          reason: 'refund',
          refType: 'refund',
          refId: '0190a6a0-0000-7000-8000-00000000e003',
          refNumber: 'LEK-RF000001',
          documentKind: 'sale',
          documentId: SALE_ID,
        },
        `/dashboard/transactions/${SALE_ID}`,
      ],
      [
        {
          reason: 'waste',
          refType: 'waste',
          refId: '0190a6a0-0000-7000-8000-00000000e004',
          refNumber: 'LEK-WST000001',
          documentKind: 'waste',
          documentId: '0190a6a0-0000-7000-8000-00000000e004',
        },
        '/dashboard/waste/view/0190a6a0-0000-7000-8000-00000000e004',
      ],
      [
        {
          reason: 'purchase_receipt',
          refType: 'purchase_order',
          refId: ORDER_ID,
          refNumber: 'LEK-PO000007',
          documentKind: 'purchase_order',
          documentId: ORDER_ID,
        },
        `/dashboard/purchase-order/view/${ORDER_ID}`,
      ],
      [
        {
          reason: 'vendor_return',
          refType: 'purchase_order',
          refId: ORDER_ID,
          refNumber: 'LEK-PO000008',
          documentKind: 'purchase_order',
          documentId: ORDER_ID,
        },
        `/dashboard/purchase-order/view/${ORDER_ID}`,
      ],
      [
        {
          reason: 'sale',
          refType: 'invoice',
          refId: '0190a6a0-0000-7000-8000-00000000e005',
          refNumber: 'LEK-INV000042',
          documentKind: 'invoice',
          documentId: '0190a6a0-0000-7000-8000-00000000e005',
        },
        '/dashboard/invoice/view/0190a6a0-0000-7000-8000-00000000e005',
      ],
    ];
    stubApi({
      [LIST]: () =>
        jsonResponse(
          page(documents.map(([m], i) => movementOf({ ...m, id: `0190a6a0-0000-7000-8000-0000000010${i}0` }))),
        ),
    });
    renderHistory();
    const rows = await screen.findAllByTestId('movement-row');
    expect(rows).toHaveLength(documents.length);
    documents.forEach(([m, href], i) => {
      expect(within(rows[i]!).getByRole('link', { name: m.refNumber! })).toHaveAttribute('href', href);
    });
  });

  it('filters by store through the API', async () => {
    const calls = stubApi({
      [LIST]: () => jsonResponse(page(movements)),
      [`GET /api/v1/products/${PRODUCT_ID}/movements?page=1&pageSize=20&storeId=${IKEJA_ID}`]: () =>
        jsonResponse(page([movements[2]!])),
    });
    renderHistory();
    await screen.findAllByTestId('movement-row');
    await userEvent.setup().selectOptions(screen.getByLabelText('Store'), IKEJA_ID);
    await waitFor(() => expect(screen.getAllByTestId('movement-row')).toHaveLength(1));
    expect(calls.at(-1)!.url).toContain(`storeId=${IKEJA_ID}`);
  });

  it('says so when nothing has moved yet', async () => {
    stubApi({ [LIST]: () => jsonResponse(page([])) });
    renderHistory();
    expect(await screen.findByText('No movements yet')).toBeInTheDocument();
  });

  it('a failed first load says so with a retry, and the retry shows the movements', async () => {
    stubApi({
      [LIST]: [() => problemResponse(500, 'INTERNAL', 'Something went wrong'), () => jsonResponse(page(movements))],
    });
    renderHistory();
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('We could not load the movements');
    await userEvent.setup().click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('movement-row')).toHaveLength(3);
  });

  it('formatDelta always shows the sign, with the unit', () => {
    expect(formatDelta(1.25, 'kg')).toBe('+1.25 kg');
    expect(formatDelta(-3, 'each')).toBe('−3');
  });
});
