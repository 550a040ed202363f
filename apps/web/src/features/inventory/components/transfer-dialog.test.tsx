import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { IKEJA_ID, LEKKI_ID } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { TransferDialog } from './transfer-dialog';
import { productOf, VARIANT_ID } from './stock-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SEND = 'POST /api/v1/stock-transfers';
const store = (id: string, name: string, alias: string) => ({ id, name, alias });

function renderDialog(onClose = vi.fn()) {
  renderWithProviders(
    <TransferDialog opened onClose={onClose} product={productOf()} storeId={LEKKI_ID} currency="NGN" />,
  );
  return { dialog: within(screen.getByRole('dialog')), onClose, user: userEvent.setup() };
}

describe('<TransferDialog>', () => {
  it('sends to the only other store, shows the transfer number, and warns above on hand', async () => {
    const calls = stubApi({
      [SEND]: () =>
        jsonResponse(
          {
            id: '0190a6a0-0000-7000-8000-00000000f001',
            number: 'LEK-TRF000004',
            fromStore: store(LEKKI_ID, 'Lekki', 'LEK'),
            toStore: store(IKEJA_ID, 'Ikeja', 'IKJ'),
            status: 'in_transit',
            note: null,
            sentAt: '2026-03-07T18:00:00.000Z',
            sentBy: null,
            receivedAt: null,
            receivedBy: null,
            lines: [],
            version: 1,
          },
          201,
        ),
    });
    const show = vi.spyOn(toast, 'show');
    const { dialog, user, onClose } = renderDialog();
    // The destination defaults to the one other store; Lekki (here) is not offered.
    expect(dialog.getByLabelText(/^Send to/)).toHaveValue(IKEJA_ID);
    const quantity = dialog.getByLabelText('Quantity of Peak Milk 400g to send');
    await user.type(quantity, '4');
    expect(dialog.getByText('More than the 3 on hand')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(dialog.getByRole('button', { name: 'Send transfer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]!.body).toEqual({ toStoreId: IKEJA_ID, lines: [{ variantId: VARIANT_ID, quantity: 2 }] });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('LEK-TRF000004') }));
  });

  it('nothing to send is refused in place; INSUFFICIENT_STOCK lands on its line', async () => {
    const calls = stubApi({
      [SEND]: () =>
        problemResponse(409, 'INSUFFICIENT_STOCK', 'Only 3 on hand: cannot take 9', [
          { field: 'lines.0.quantity', message: 'Only 3 on hand' },
        ]),
    });
    const { dialog, user, onClose } = renderDialog();
    await user.click(dialog.getByRole('button', { name: 'Send transfer' }));
    expect(await dialog.findByText('Enter the quantity to send')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(dialog.getByLabelText('Quantity of Peak Milk 400g to send'), '9');
    await user.click(dialog.getByRole('button', { name: 'Send transfer' }));
    expect(await dialog.findByText('Only 3 on hand')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
