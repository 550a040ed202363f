import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { renderWithProviders } from '../../../test/render';
import { INVOICE_ID, invoiceOf } from '../test/invoice-fixtures';
import { PaymentDialog } from './payment-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PAY = `POST /api/v1/invoices/${INVOICE_ID}/payments`;
const headersOf = (call: number) => new Headers((vi.mocked(fetch).mock.calls[call]![1] as RequestInit).headers);

const paid = (body: unknown) => {
  const sent = body as { amountMinor: number };
  const balanceMinor = 250_000 - sent.amountMinor;
  return jsonResponse(
    invoiceOf({
      paidMinor: sent.amountMinor,
      balanceMinor,
      status: balanceMinor === 0 ? 'paid' : 'issued',
      state: balanceMinor === 0 ? 'paid' : 'partially_paid',
    }),
    201,
  );
};

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(
    <PaymentDialog opened onClose={onClose} invoice={invoiceOf()} currency="NGN" today="2026-11-22" />,
  );
  return { dialog: within(screen.getByRole('dialog')), onClose, user: userEvent.setup() };
}

describe('<PaymentDialog>', () => {
  it('starts from the balance and today, and sends a part payment with an Idempotency-Key', async () => {
    const calls = stubApi({ [PAY]: paid });
    const show = vi.spyOn(toast, 'show');
    const { dialog, user, onClose } = renderDialog();
    const amount = dialog.getByLabelText(/^Amount/);
    expect(amount).toHaveValue('2500.00');
    expect(dialog.getByLabelText('Paid on')).toHaveValue('2026-11-22');
    await user.clear(amount);
    await user.type(amount, '1000');
    await user.selectOptions(dialog.getByLabelText('Method'), 'bank_transfer');
    await user.type(dialog.getByLabelText(/^Reference/), 'GTB-7781');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.key === PAY)!;
    expect(post.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      amountMinor: 100_000,
      method: 'bank_transfer',
      reference: 'GTB-7781',
      paidOn: '2026-11-22',
    });
    expect(headersOf(calls.indexOf(post)).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'success', message: 'Payment recorded: ₦1,500.00 still owed.' }),
    );
  });

  it('refuses more than the balance, and mobile money without its provider, before sending', async () => {
    const calls = stubApi({});
    const { dialog, user } = renderDialog();
    const amount = dialog.getByLabelText(/^Amount/);
    await user.clear(amount);
    await user.type(amount, '2500.01');
    await user.selectOptions(dialog.getByLabelText('Method'), 'mobile_money');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText('That is more than the balance of ₦2,500.00')).toBeInTheDocument();
    expect(dialog.getByText('Choose the mobile money provider')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('retries a payment whose answer was lost with the same key and id, so it cannot be paid twice', async () => {
    const calls = stubApi({
      [PAY]: [
        () => {
          throw new TypeError('Failed to fetch');
        },
        paid,
      ],
    });
    const { dialog, user, onClose } = renderDialog();
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toHaveLength(2);
    expect(headersOf(1).get('idempotency-key')).toBe(headersOf(0).get('idempotency-key'));
    expect((calls[1]!.body as { id: string }).id).toBe((calls[0]!.body as { id: string }).id);
  });

  it('says INVOICE_OVERPAYMENT in plain words on the amount, and tries again under a new key', async () => {
    const calls = stubApi({
      [PAY]: [
        () =>
          jsonResponse(
            {
              type: 'about:blank',
              title: 'INVOICE_OVERPAYMENT',
              status: 409,
              code: 'INVOICE_OVERPAYMENT',
              detail: 'Only 150000 is owed on this invoice',
              balanceMinor: 150_000,
              errors: [{ field: 'amountMinor', message: 'At most the balance (150000)' }],
            },
            409,
          ),
        paid,
      ],
    });
    const { dialog, user, onClose } = renderDialog();
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText('That is more than the ₦1,500.00 still owed on this invoice')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Amount/)).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
    const amount = dialog.getByLabelText(/^Amount/);
    await user.clear(amount);
    await user.type(amount, '1500');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The server kept nothing the first time: the corrected payment is a new attempt.
    expect(headersOf(1).get('idempotency-key')).not.toBe(headersOf(0).get('idempotency-key'));
    expect((calls[1]!.body as { amountMinor: number }).amountMinor).toBe(150_000);
  });

  it('shows a field error of the API beside its field', async () => {
    stubApi({
      [PAY]: () =>
        problemResponse(400, 'VALIDATION_FAILED', 'Invalid body', [{ field: 'body.paidOn', message: 'No such day' }]),
    });
    const { dialog, user } = renderDialog();
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText('No such day')).toBeInTheDocument();
    expect(dialog.getByLabelText('Paid on')).toHaveAttribute('aria-invalid', 'true');
  });
});
