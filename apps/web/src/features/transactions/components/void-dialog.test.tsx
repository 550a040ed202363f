import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { renderWithProviders } from '../../../test/render';
import { VoidDialog } from './void-dialog';
import { SALE_ID, saleDetailOf } from './sale-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const VOID = `POST /api/v1/sales/${SALE_ID}/void`;
const networkFailure = () => {
  throw new TypeError('Failed to fetch');
};
const voided = () => jsonResponse({ id: SALE_ID, status: 'voided', voidedAt: '2026-03-07T18:40:00.000Z' });

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(<VoidDialog opened onClose={onClose} sale={saleDetailOf()} currency="NGN" />);
  return { dialog: within(screen.getByRole('dialog')), onClose, user: userEvent.setup() };
}

/** The Idempotency-Key of each void request, in order. */
const voidKeys = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => String(url).endsWith('/void'))
    .map(([, init]) => new Headers((init as RequestInit).headers).get('idempotency-key'));

/** Presses "Void sale" and waits for the answer to the request numbered `n`. */
async function submit(dialog: ReturnType<typeof within>, user: ReturnType<typeof userEvent.setup>, n: number) {
  const button = dialog.getByRole('button', { name: 'Void sale' });
  await user.click(button);
  await waitFor(() => expect(voidKeys()).toHaveLength(n));
  await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
}

describe('<VoidDialog>', () => {
  it('retries with the same Idempotency-Key after a network failure and a 5xx; an edited reason is a new key', async () => {
    stubApi({
      [VOID]: [networkFailure, () => problemResponse(503, 'HTTP_ERROR'), networkFailure, voided],
    });
    const { dialog, onClose, user } = renderDialog();
    await user.type(dialog.getByLabelText(/^Reason/), 'Rang up twice');
    await submit(dialog, user, 1);
    expect(dialog.getByRole('alert')).toBeInTheDocument();
    await submit(dialog, user, 2);
    await user.type(dialog.getByLabelText(/^Reason/), ' at the till');
    await submit(dialog, user, 3);
    await submit(dialog, user, 4);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [first, afterNetwork, edited, again] = voidKeys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(afterNetwork).toBe(first);
    // Another reason is another request: the server would refuse the old key with it (422).
    expect(edited).not.toBe(first);
    expect(again).toBe(edited);
  });

  it('a refusal (4xx) ends the attempt: the next try sends a new key', async () => {
    stubApi({ [VOID]: [() => problemResponse(409, 'REGISTER_CLOSED', 'The register is closed'), voided] });
    const { dialog, onClose, user } = renderDialog();
    await user.type(dialog.getByLabelText(/^Reason/), 'Rang up twice');
    await submit(dialog, user, 1);
    expect(dialog.getByRole('alert')).toBeInTheDocument();
    await submit(dialog, user, 2);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [first, second] = voidKeys();
    expect(second).not.toBe(first);
  });
});
