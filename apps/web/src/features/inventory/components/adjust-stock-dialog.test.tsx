import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { LEKKI_ID } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AdjustStockDialog } from './adjust-stock-dialog';
import { PRODUCT_ID, productOf, VARIANT_ID, variantOf } from './stock-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ADJUST = 'POST /api/v1/stock-adjustments';

const savedAdjustment = (delta: number, onHandAfter: number) => ({
  id: '0190a6a0-0000-7000-8000-00000000d001',
  number: 'LEK-ADJ000007',
  storeId: LEKKI_ID,
  reasonCode: 'received',
  note: null,
  createdAt: '2026-03-07T18:05:00.000Z',
  createdBy: null,
  lines: [
    {
      productId: PRODUCT_ID,
      variantId: VARIANT_ID,
      name: 'Peak Milk 400g',
      sku: 'PEAK-400',
      quantity: delta,
      onHandAfter,
    },
  ],
});

function renderDialog(product = productOf(), onClose = vi.fn()) {
  renderWithProviders(<AdjustStockDialog opened onClose={onClose} product={product} storeId={LEKKI_ID} />);
  const dialog = screen.getByRole('dialog');
  return { dialog: within(dialog), onClose, user: userEvent.setup() };
}

describe('<AdjustStockDialog>', () => {
  it('shows on hand in the active store and the result before saving, then sends the signed delta', async () => {
    const calls = stubApi({ [ADJUST]: () => jsonResponse(savedAdjustment(-2, 1), 201) });
    const show = vi.spyOn(toast, 'show');
    const { dialog, user, onClose } = renderDialog();
    const preview = dialog.getByTestId('adjust-preview');
    // Lekki has 3 (Ikeja's 10 is another store's).
    expect(preview).toHaveTextContent('On hand now: 3');
    await user.click(dialog.getByText('Remove stock'));
    await user.type(dialog.getByLabelText(/^Quantity/), '2');
    expect(preview).toHaveTextContent('On hand now: 3 → after this adjustment: 1');
    await user.selectOptions(dialog.getByLabelText(/^Reason/), 'damaged');
    await user.click(dialog.getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => c.key)).toEqual([ADJUST]);
    expect(calls[0]!.body).toEqual({ reasonCode: 'damaged', lines: [{ variantId: VARIANT_ID, delta: -2 }] });
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'success', message: 'Saved LEK-ADJ000007: on hand is now 1.' }),
    );
  });

  it('refuses before sending: no reason, a fraction of a piece, "other" without a note', async () => {
    const calls = stubApi({});
    const { dialog, user } = renderDialog();
    await user.type(dialog.getByLabelText(/^Quantity/), '1.5');
    await user.click(dialog.getByRole('button', { name: 'Save adjustment' }));
    expect(await dialog.findByText('Whole units only for goods sold by the piece')).toBeInTheDocument();
    expect(dialog.getByText('Choose a reason')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText(/^Quantity/));
    await user.type(dialog.getByLabelText(/^Quantity/), '4');
    await user.selectOptions(dialog.getByLabelText(/^Reason/), 'other');
    expect(await dialog.findByText('Say why in the note')).toBeInTheDocument();
    expect(dialog.queryByText('Whole units only for goods sold by the piece')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save adjustment' }));
    expect(calls).toEqual([]);
  });

  it('weighed goods take up to 3 decimals, and the preview adds them exactly', async () => {
    const calls = stubApi({ [ADJUST]: () => jsonResponse(savedAdjustment(0.3, 1.5), 201) });
    const product = productOf({ unit: 'kg', variants: [variantOf({ lekki: 1.2 })] });
    const { dialog, user } = renderDialog(product);
    await user.type(dialog.getByLabelText(/^Quantity/), '0.3');
    // 1.2 + 0.3 is 1.5, not 1.4999999999999998.
    expect(dialog.getByTestId('adjust-preview')).toHaveTextContent('after this adjustment: 1.5 kg');
    await user.selectOptions(dialog.getByLabelText(/^Reason/), 'found');
    await user.click(dialog.getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ reasonCode: 'found', lines: [{ variantId: VARIANT_ID, delta: 0.3 }] });
  });

  it('puts INSUFFICIENT_STOCK on the quantity, in place, and keeps the dialog open', async () => {
    stubApi({
      [ADJUST]: () =>
        problemResponse(409, 'INSUFFICIENT_STOCK', 'Only 3 on hand: cannot take 5', [
          { field: 'lines.0.delta', message: 'Only 3 on hand' },
        ]),
    });
    const show = vi.spyOn(toast, 'show');
    const { dialog, user, onClose } = renderDialog();
    await user.click(dialog.getByText('Remove stock'));
    await user.type(dialog.getByLabelText(/^Quantity/), '5');
    expect(dialog.getByTestId('adjust-preview')).toHaveTextContent('below zero');
    await user.selectOptions(dialog.getByLabelText(/^Reason/), 'lost');
    await user.click(dialog.getByRole('button', { name: 'Save adjustment' }));
    expect(await dialog.findByText('Only 3 on hand')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Quantity/)).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });

  it('names the variant to adjust when the product has several', async () => {
    const calls = stubApi({ [ADJUST]: () => jsonResponse(savedAdjustment(1, 8), 201) });
    const product = productOf({
      options: [{ name: 'Size', values: ['Small', 'Large'] }],
      variants: [
        variantOf({ label: 'Small', optionValues: ['Small'], sku: 'PEAK-S' }),
        variantOf({
          id: '0190a6a0-0000-7000-8000-00000000b002',
          label: 'Large',
          optionValues: ['Large'],
          sku: 'PEAK-L',
          lekki: 7,
        }),
      ],
    });
    const { dialog, user } = renderDialog(product);
    await user.selectOptions(dialog.getByLabelText('Variant'), '0190a6a0-0000-7000-8000-00000000b002');
    expect(dialog.getByTestId('adjust-preview')).toHaveTextContent('On hand now: 7');
    await user.type(dialog.getByLabelText(/^Quantity/), '1');
    await user.selectOptions(dialog.getByLabelText(/^Reason/), 'received');
    await user.click(dialog.getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ lines: [{ variantId: '0190a6a0-0000-7000-8000-00000000b002', delta: 1 }] });
  });
});
