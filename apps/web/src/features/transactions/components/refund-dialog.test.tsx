import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegisterSession, SaleDetail } from '@ipos/contracts';
import { toast } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { LEKKI_ID } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { RefundDialog } from './refund-dialog';
import { CASHIER, SALE_ID, saleDetailOf, SESSION_ID } from './sale-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const REGISTERS = 'GET /api/v1/register-sessions?status=open&page=1&pageSize=100';
const REFUND = `POST /api/v1/sales/${SALE_ID}/refunds`;

function registerOf(id: string, registerName: string): RegisterSession {
  const zero = { cash: 0, card: 0, bank_transfer: 0, mobile_money: 0 };
  return {
    id,
    storeId: LEKKI_ID,
    registerName,
    status: 'open',
    openingFloatMinor: 0,
    openedAt: '2026-03-07T07:00:00.000Z',
    openedBy: CASHIER,
    closedAt: null,
    closedBy: null,
    countedDenominations: null,
    closingNote: null,
    cashMovements: [],
    summary: {
      salesCount: 0,
      salesTotalMinor: 0,
      byMethod: zero,
      refundsTotalMinor: 0,
      cashRefundsMinor: 0,
      cashInMinor: 0,
      cashOutMinor: 0,
      expectedCashMinor: 0,
      countedCashMinor: null,
      varianceMinor: null,
    },
    version: 1,
  };
}

const openRegisters =
  (...items: RegisterSession[]) =>
  () =>
    jsonResponse({ items, total: items.length, page: 1, pageSize: 100 });

/** 3 × milk for 1,000.00 (one already refunded) and 1.5 kg of rice for 1,800.00. */
function partlyRefunded(): SaleDetail {
  const sale = saleDetailOf({ state: 'partially_refunded' });
  sale.lines[0] = { ...sale.lines[0]!, totalMinor: 100_000, taxMinor: 6_977, refundedQuantity: 1 };
  return sale;
}

const savedRefund = (body: unknown) => {
  const sent = body as { id: string; method: string; reason: string };
  return jsonResponse(
    {
      id: sent.id,
      number: 'LEK-RF000007',
      saleId: SALE_ID,
      sessionId: SESSION_ID,
      createdAt: '2026-03-07T18:40:00.000Z',
      by: CASHIER,
      reason: sent.reason,
      method: sent.method,
      reference: null,
      provider: null,
      phone: null,
      totalMinor: 93_334,
      taxMinor: 2_326,
      lines: [],
    },
    201,
  );
};

function renderDialog(sale: SaleDetail = partlyRefunded()) {
  const onClose = vi.fn();
  renderWithProviders(<RefundDialog opened onClose={onClose} sale={sale} currency="NGN" />);
  return { dialog: within(screen.getByRole('dialog')), onClose, user: userEvent.setup() };
}

const headersOf = (call: number) => new Headers((vi.mocked(fetch).mock.calls[call]![1] as RequestInit).headers);

// Typing into dialogs is slow on a shared CI machine.
describe('<RefundDialog>', () => {
  it('limits each line to sold minus refunded, whole units for pieces, decimals for weighed goods', async () => {
    const calls = stubApi({ [REGISTERS]: openRegisters(registerOf(SESSION_ID, 'Till 1')) });
    const { dialog, user } = renderDialog();
    const milk = dialog.getByLabelText('Refund quantity of Peak Milk 400g');
    const rice = dialog.getByLabelText('Refund quantity of Rice (loose)');
    await user.type(milk, '3');
    await user.type(rice, '0.25');
    await user.type(dialog.getByLabelText(/^Reason/), 'Expired');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    // 3 sold, 1 already refunded.
    expect(await dialog.findByText('At most 2 can be refunded')).toBeInTheDocument();
    await user.clear(milk);
    await user.type(milk, '1.5');
    expect(await dialog.findByText('Whole units only')).toBeInTheDocument();
    // Rice is sold by the kilogram: 0.25 kg is fine.
    expect(rice).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('previews the amount with the server’s formula and sends one body with an Idempotency-Key', async () => {
    const calls = stubApi({ [REGISTERS]: openRegisters(registerOf(SESSION_ID, 'Till 1')), [REFUND]: savedRefund });
    const show = vi.spyOn(toast, 'show');
    const { dialog, user, onClose } = renderDialog();
    const preview = dialog.getByTestId('refund-preview');
    expect(preview).toHaveTextContent('Refund ₦0.00');
    await user.type(dialog.getByLabelText('Refund quantity of Peak Milk 400g'), '1');
    // The second of three for 1,000.00: round(1000 × 2/3) − round(1000 × 1/3) = 666.67 − 333.33 = 333.34.
    expect(preview).toHaveTextContent('Refund ₦333.34');
    await user.type(dialog.getByLabelText('Refund quantity of Rice (loose)'), '0.5');
    expect(preview).toHaveTextContent('Refund ₦933.34');
    await user.click(dialog.getByLabelText('Put Rice (loose) back on the shelf'));
    // Cash by default (the sale was paid in cash), out of the one open register.
    expect(await dialog.findByDisplayValue('Till 1')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/^Reason/), 'Customer changed mind');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.key === REFUND)!;
    expect(post.body).toEqual({
      id: expect.any(String),
      lines: [
        { lineNo: 1, quantity: 1, restock: true },
        { lineNo: 2, quantity: 0.5, restock: false },
      ],
      method: 'cash',
      sessionId: SESSION_ID,
      reason: 'Customer changed mind',
    });
    expect(headersOf(calls.indexOf(post)).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', message: 'Refunded LEK-RF000007.' }));
  });

  it('"Refund all" takes what is left of every line', async () => {
    stubApi({ [REGISTERS]: openRegisters(registerOf(SESSION_ID, 'Till 1')) });
    const { dialog, user } = renderDialog();
    await user.click(dialog.getByRole('button', { name: 'Refund all' }));
    expect(dialog.getByLabelText('Refund quantity of Peak Milk 400g')).toHaveValue('2');
    expect(dialog.getByLabelText('Refund quantity of Rice (loose)')).toHaveValue('1.5');
    // What is left of both lines: 1,000.00 − 333.33 and all of 1,800.00.
    expect(dialog.getByTestId('refund-preview')).toHaveTextContent('Refund ₦2,466.67');
  });

  it('puts REFUND_EXCEEDS_SALE on its line, keeps the dialog, and retries under a new key', async () => {
    const calls = stubApi({
      [REGISTERS]: openRegisters(registerOf(SESSION_ID, 'Till 1')),
      [REFUND]: [
        () =>
          problemResponse(409, 'REFUND_EXCEEDS_SALE', 'More than is left', [
            { field: 'lines.0.quantity', message: 'Only 1 left to refund' },
          ]),
        savedRefund,
      ],
    });
    const { dialog, user, onClose } = renderDialog();
    await user.type(dialog.getByLabelText('Refund quantity of Peak Milk 400g'), '2');
    await user.type(dialog.getByLabelText(/^Reason/), 'Broken seal');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByText('Only 1 left to refund')).toBeInTheDocument();
    expect(dialog.getByLabelText('Refund quantity of Peak Milk 400g')).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
    await user.clear(dialog.getByLabelText('Refund quantity of Peak Milk 400g'));
    await user.type(dialog.getByLabelText('Refund quantity of Peak Milk 400g'), '1');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const posts = calls.flatMap((c, i) => (c.key === REFUND ? [i] : []));
    expect(posts).toHaveLength(2);
    // The first answer kept nothing, so the corrected refund is a new attempt.
    expect(headersOf(posts[0]!).get('idempotency-key')).not.toBe(headersOf(posts[1]!).get('idempotency-key'));
  });

  it('retries a refund whose answer was lost under the same key and refund id, so it cannot pay twice', async () => {
    const calls = stubApi({
      [REGISTERS]: openRegisters(registerOf(SESSION_ID, 'Till 1')),
      [REFUND]: [
        () => {
          throw new TypeError('Failed to fetch');
        },
        savedRefund,
      ],
    });
    const { dialog, user, onClose } = renderDialog();
    await user.type(dialog.getByLabelText('Refund quantity of Peak Milk 400g'), '1');
    await user.type(dialog.getByLabelText(/^Reason/), 'Broken seal');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(calls.filter((c) => c.key === REFUND)).toHaveLength(1));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const posts = calls.flatMap((c, i) => (c.key === REFUND ? [i] : []));
    expect(posts).toHaveLength(2);
    expect(headersOf(posts[1]!).get('idempotency-key')).toBe(headersOf(posts[0]!).get('idempotency-key'));
    expect((calls[posts[1]!]!.body as { id: string }).id).toBe((calls[posts[0]!]!.body as { id: string }).id);
  });

  it('explains that cash needs an open register, and asks for the provider for mobile money', async () => {
    const calls = stubApi({ [REGISTERS]: openRegisters() });
    const { dialog, user } = renderDialog();
    expect(await dialog.findByTestId('no-open-register')).toHaveTextContent('no register is open in this store');
    await user.selectOptions(dialog.getByLabelText('Refund by'), 'mobile_money');
    await user.type(dialog.getByLabelText('Refund quantity of Peak Milk 400g'), '1');
    await user.type(dialog.getByLabelText(/^Reason/), 'Wrong item');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByText('Choose the mobile money provider')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
