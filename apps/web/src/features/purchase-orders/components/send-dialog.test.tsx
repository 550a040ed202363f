import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { renderWithProviders } from '../../../test/render';
import { ORDER_ID, orderOf } from './po-fixtures';
import { SendDialog } from './send-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SEND = `POST /api/v1/purchase-orders/${ORDER_ID}/send`;

describe('SendDialog', () => {
  it('sends to the vendor’s email, prefilled, with the message', async () => {
    const onClose = vi.fn();
    const calls = stubApi({
      [SEND]: () => jsonResponse({ sentAt: '2026-03-07T10:00:00.000Z', to: 'orders@dangote.test' }),
    });
    renderWithProviders(<SendDialog opened onClose={onClose} order={orderOf()} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /To/ })).toHaveValue('orders@dangote.test');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Deliver before Friday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]!.body).toEqual({ to: 'orders@dangote.test', message: 'Deliver before Friday' });
  });

  it('asks for an address when the vendor has none, and checks it before sending', async () => {
    const calls = stubApi({
      [SEND]: () => problemResponse(422, 'PO_VENDOR_NO_EMAIL', 'The vendor has no email address'),
    });
    const order = orderOf();
    order.vendor = { ...order.vendor, email: null };
    renderWithProviders(<SendDialog opened onClose={() => {}} order={order} />);
    const dialog = await screen.findByRole('dialog');
    const to = within(dialog).getByRole('textbox', { name: /To/ });
    expect(to).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Enter the vendor’s email address')).toBeInTheDocument();
    await userEvent.type(to, 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Enter an email address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
