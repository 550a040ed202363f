import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { renderWithProviders } from '../../../test/render';
import { ORDER_ID, orderOf, partlyReceived } from './po-fixtures';
import { RecallDialog } from './recall-dialog';
import { ReceiveDialog } from './receive-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const RECEIVE = `POST /api/v1/purchase-orders/${ORDER_ID}/receipts`;
const RECALL = `POST /api/v1/purchase-orders/${ORDER_ID}/returns`;

/** The Idempotency-Key header of each request sent, in order. */
const keysSent = () =>
  vi.mocked(globalThis.fetch).mock.calls.map(([, init]) => new Headers(init?.headers).get('idempotency-key'));

describe('ReceiveDialog', () => {
  it('prefills what is still expected and receives it with the order’s costs unless overridden', async () => {
    const order = partlyReceived();
    const onClose = vi.fn();
    const calls = stubApi({ [RECEIVE]: () => jsonResponse({ ...order, status: 2 }, 201) });
    renderWithProviders(<ReceiveDialog opened onClose={onClose} order={order} currency="NGN" />);
    const dialog = await screen.findByRole('dialog');
    // The rice arrived in full: only the milk is still expected, 6 of 10.
    const lines = within(dialog).getAllByTestId('receive-line');
    expect(lines).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: 'Received quantity of Peak Milk 400g' })).toHaveValue('6');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Unit cost of Peak Milk 400g' }), '850');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'DN-42');
    expect(within(dialog).getByTestId('receive-value')).toHaveTextContent('5,100.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = calls[0]!.body as { id: string };
    expect(body).toEqual({
      id: body.id,
      lines: [{ lineNo: 1, quantity: 6, unitCostMinor: 85_000 }],
      reference: 'DN-42',
    });
  });

  it('refuses more than is still expected and fractions of counted goods before asking the API', async () => {
    const calls = stubApi({});
    renderWithProviders(<ReceiveDialog opened onClose={() => {}} order={orderOf()} currency="NGN" />);
    const dialog = await screen.findByRole('dialog');
    const milk = within(dialog).getByRole('textbox', { name: 'Received quantity of Peak Milk 400g' });
    const rice = within(dialog).getByRole('textbox', { name: 'Received quantity of Rice (loose)' });
    await userEvent.clear(milk);
    await userEvent.type(milk, '11');
    await userEvent.clear(rice);
    await userEvent.type(rice, '1.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(within(dialog).getByText('At most 10 is still expected')).toBeInTheDocument();
    await userEvent.clear(milk);
    await userEvent.type(milk, '2.5');
    expect(within(dialog).getByText('Whole units only for goods counted by the piece')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter what arrived');
    expect(calls).toHaveLength(0);
  });

  it('resends the same receipt and key after a lost answer, and a new one after a refusal', async () => {
    const order = orderOf();
    const onClose = vi.fn();
    const calls = stubApi({
      [RECEIVE]: [
        () => {
          throw new TypeError('Failed to fetch');
        },
        () =>
          problemResponse(409, 'RECEIVE_EXCEEDS_ORDER', 'More than ordered', [
            { field: 'lines.0.quantity', message: 'At most 4 is still expected' },
          ]),
        () => jsonResponse({ ...order, version: 2 }, 201),
      ],
    });
    renderWithProviders(<ReceiveDialog opened onClose={onClose} order={order} currency="NGN" />);
    const dialog = await screen.findByRole('dialog');
    const receive = within(dialog).getByRole('button', { name: 'Receive' });

    await userEvent.click(receive);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('it will not be counted twice');
    await userEvent.click(receive);
    // The retry is the same receipt: same id, same Idempotency-Key.
    await within(dialog).findByText('At most 4 is still expected');
    expect(keysSent()[1]).toBe(keysSent()[0]);
    expect((calls[1]!.body as { id: string }).id).toBe((calls[0]!.body as { id: string }).id);
    // The over line is marked; the API kept nothing, so the corrected attempt is a new receipt.
    expect(within(dialog).getAllByTestId('receive-line')[0]).toHaveAttribute('data-over', 'true');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('more than is still expected');

    const milk = within(dialog).getByRole('textbox', { name: 'Received quantity of Peak Milk 400g' });
    await userEvent.clear(milk);
    await userEvent.type(milk, '4');
    await userEvent.click(receive);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(keysSent()[2]).not.toBe(keysSent()[1]);
    expect((calls[2]!.body as { id: string }).id).not.toBe((calls[1]!.body as { id: string }).id);
    expect((calls[2]!.body as { lines: unknown }).lines).toEqual([
      { lineNo: 1, quantity: 4 },
      { lineNo: 2, quantity: 2.5 },
    ]);
  });
});

describe('RecallDialog', () => {
  it('offers what was received and not returned, requires a reason and marks lines the API finds over', async () => {
    const order = partlyReceived({ status: 2 });
    order.lines[0] = { ...order.lines[0]!, quantityReturned: 1 };
    const calls = stubApi({
      [RECALL]: () =>
        problemResponse(409, 'RECALL_EXCEEDS_RECEIVED', 'Too many', [
          { field: 'lines.0.quantity', message: 'At most 2 can go back' },
        ]),
    });
    renderWithProviders(<RecallDialog opened onClose={() => {}} order={order} currency="NGN" />);
    const dialog = await screen.findByRole('dialog');
    const milk = within(dialog).getByRole('textbox', { name: 'Return quantity of Peak Milk 400g' });
    await userEvent.type(milk, '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return to vendor' }));
    expect(within(dialog).getByText('At most 3 can go back')).toBeInTheDocument();
    expect(within(dialog).getByText('Say why')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.clear(milk);
    await userEvent.type(milk, '3');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Expired on arrival');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return to vendor' }));
    expect(await within(dialog).findByText('At most 2 can go back')).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('recall-line')[0]).toHaveAttribute('data-over', 'true');
    const body = calls[0]!.body as { id: string };
    expect(body).toEqual({ id: body.id, lines: [{ lineNo: 1, quantity: 3 }], reason: 'Expired on arrival' });
  });

  it('resends the same return and key after a lost answer; an edited return is a new one', async () => {
    const order = partlyReceived({ status: 2 });
    const onClose = vi.fn();
    const calls = stubApi({
      [RECALL]: [
        () => {
          throw new TypeError('Failed to fetch');
        },
        () => {
          throw new TypeError('Failed to fetch');
        },
        () => jsonResponse({ ...order, version: 3 }, 201),
      ],
    });
    renderWithProviders(<RecallDialog opened onClose={onClose} order={order} currency="NGN" />);
    const dialog = await screen.findByRole('dialog');
    const milk = within(dialog).getByRole('textbox', { name: 'Return quantity of Peak Milk 400g' });
    await userEvent.type(milk, '2');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Expired on arrival');
    const send = within(dialog).getByRole('button', { name: 'Return to vendor' });

    await userEvent.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('it will not be counted twice');
    await userEvent.click(send);
    await waitFor(() => expect(calls).toHaveLength(2));
    // The retry is the same return: same id, same Idempotency-Key.
    expect(keysSent()[1]).toBe(keysSent()[0]);
    expect((calls[1]!.body as { id: string }).id).toBe((calls[0]!.body as { id: string }).id);

    // Another quantity is another return (the server would refuse the old key with another body).
    await userEvent.clear(milk);
    await userEvent.type(milk, '1');
    await userEvent.click(send);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(keysSent()[2]).not.toBe(keysSent()[1]);
    expect((calls[2]!.body as { id: string }).id).not.toBe((calls[1]!.body as { id: string }).id);
    expect((calls[2]!.body as { lines: unknown }).lines).toEqual([{ lineNo: 1, quantity: 1 }]);
  });
});
