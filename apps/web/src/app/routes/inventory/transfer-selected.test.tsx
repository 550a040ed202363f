import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegisterSellable } from '@ipos/contracts';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { IKEJA_ID, LEKKI_ID } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { productOf, variantOf, PRODUCT_ID, VARIANT_ID } from '../../../features/inventory/components/stock-fixtures';
import { TransferSelectedDialog } from './transfer-selected';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TEE_ID = '0190a6a0-0000-7000-8000-00000000a0f1';
const TEE_S = '0190a6a0-0000-7000-8000-00000000b0f1';
const TEE_M = '0190a6a0-0000-7000-8000-00000000b0f2';
const WRAP_ID = '0190a6a0-0000-7000-8000-00000000a0e1';
const RICE_VARIANT = '0190a6a0-0000-7000-8000-00000000b0d1';
const SEND = 'POST /api/v1/stock-transfers';

const tee = productOf({
  id: TEE_ID,
  name: 'Tee shirt',
  variants: [
    variantOf({ id: TEE_S, sku: 'TEE-S', label: 'S', lekki: 5 }),
    variantOf({ id: TEE_M, sku: 'TEE-M', label: 'M', lekki: 4 }),
  ],
});
const wrap = productOf({ id: WRAP_ID, name: 'Gift wrap', isTracked: false });
const rice: RegisterSellable = {
  productId: '0190a6a0-0000-7000-8000-00000000a0d1',
  variantId: RICE_VARIANT,
  name: 'Rice (loose)',
  sku: 'RICE-KG',
  barcode: '6150000000017',
  unit: 'kg',
  priceMinor: 120000,
  costPriceMinor: 90000,
  taxRateId: null,
  isTracked: true,
  onHand: 1,
  imageVersion: null,
  taxRateBasisPoints: 0,
  taxInclusive: false,
};
const sent = {
  id: '0190a6a0-0000-7000-8000-00000000f001',
  number: 'LEK-TRF000004',
  fromStore: { id: LEKKI_ID, name: 'Lekki', alias: 'LEK' },
  toStore: { id: IKEJA_ID, name: 'Ikeja', alias: 'IKJ' },
  status: 'in_transit',
  note: null,
  sentAt: '2026-03-07T18:00:00.000Z',
  sentBy: null,
  receivedAt: null,
  receivedBy: null,
  lines: [],
  version: 1,
};

describe('<TransferSelectedDialog> (inventory list: Transfer selected)', () => {
  it('puts every variant of the selected products on one sheet; lines are removed, scanned in, and sent as one document', async () => {
    const calls = stubApi({
      [`GET /api/v1/products/${PRODUCT_ID}`]: () => jsonResponse(productOf()),
      [`GET /api/v1/products/${TEE_ID}`]: () => jsonResponse(tee),
      [`GET /api/v1/products/${WRAP_ID}`]: () => jsonResponse(wrap),
      'GET /api/v1/variants?q=6150000000017&pageSize=20': () =>
        jsonResponse({ items: [rice], total: 1, page: 1, pageSize: 20, totalCapped: false }),
      [SEND]: [
        () =>
          problemResponse(409, 'INSUFFICIENT_STOCK', 'Only 1 on hand: cannot take 1.5', [
            { field: 'lines.2.quantity', message: 'Only 1 on hand' },
          ]),
        () => jsonResponse(sent, 201),
      ],
    });
    const onSent = vi.fn();
    renderWithProviders(
      <TransferSelectedDialog
        productIds={[PRODUCT_ID, TEE_ID, WRAP_ID]}
        storeId={LEKKI_ID}
        currency="NGN"
        onClose={vi.fn()}
        onSent={onSent}
      />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Transfer 3 products' }));
    await dialog.findByLabelText('Quantity of Peak Milk 400g to send');
    expect(dialog.getAllByTestId('transfer-line').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Peak Milk 400g'),
      expect.stringContaining('Tee shirt (S)'),
      expect.stringContaining('Tee shirt (M)'),
    ]);
    expect(dialog.getByText(/Left out, as they do not track stock or are archived: Gift wrap/)).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Send to/)).toHaveValue(IKEJA_ID);

    const user = userEvent.setup();
    await user.type(dialog.getByLabelText('Quantity of Peak Milk 400g to send'), '2');
    await user.type(dialog.getByLabelText('Quantity of Tee shirt (S) to send'), '1');
    await user.click(dialog.getByRole('button', { name: 'Remove Tee shirt (M)' }));
    expect(dialog.queryByLabelText('Quantity of Tee shirt (M) to send')).toBeNull();
    // A scanner types the barcode and Enter into the product search: the line is added.
    await user.type(dialog.getByLabelText('Add a product'), '6150000000017{Enter}');
    await user.type(await dialog.findByLabelText('Quantity of Rice (loose) to send'), '1.5');
    await user.type(dialog.getByLabelText('Note'), 'Weekend restock');
    await user.click(dialog.getByRole('button', { name: 'Send transfer' }));

    // Refused: the error sits on its line, and everything typed is still there.
    expect(await dialog.findByText('Only 1 on hand')).toBeInTheDocument();
    expect(dialog.getByLabelText('Quantity of Peak Milk 400g to send')).toHaveValue('2');
    expect(dialog.getByLabelText('Note')).toHaveValue('Weekend restock');
    expect(onSent).not.toHaveBeenCalled();

    await user.clear(dialog.getByLabelText('Quantity of Rice (loose) to send'));
    await user.type(dialog.getByLabelText('Quantity of Rice (loose) to send'), '1');
    await user.click(dialog.getByRole('button', { name: 'Send transfer' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const bodies = calls.filter((c) => c.key === SEND).map((c) => c.body);
    expect(bodies[1]).toEqual({
      toStoreId: IKEJA_ID,
      note: 'Weekend restock',
      lines: [
        { variantId: VARIANT_ID, quantity: 2 },
        { variantId: TEE_S, quantity: 1 },
        { variantId: RICE_VARIANT, quantity: 1 },
      ],
    });
  });
});
