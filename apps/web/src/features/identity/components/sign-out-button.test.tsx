import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deviceDb } from '../../../lib/device-db';
import { fakeAuth, renderWithProviders } from '../../../test/render';
import { SignOutButton } from './sign-out-button';

const ADA = '0190a6a0-0000-7000-8000-0000000000a1';
const BAYO = '0190a6a0-0000-7000-8000-0000000000a2';

/** A sale in progress on this device, as the register keeps it. */
async function saleInProgress(accountId: string) {
  await deviceDb().tickets.put({
    accountId,
    storeId: '0190a6a0-0000-7000-8000-0000000000b1',
    sessionId: '0190a6a0-0000-7000-8000-0000000000c1',
    cart: { lines: [], cartDiscount: { type: 'amount', value: 100 }, customerId: null },
    savedAt: '2026-03-07T09:00:00.000Z',
  });
}

function renderButton(accountId: string | undefined) {
  const signOut = vi.fn(() => new Promise<void>(() => undefined));
  renderWithProviders(<SignOutButton accountId={accountId} />, { auth: fakeAuth({ signOut }) });
  return { signOut, user: userEvent.setup() };
}

describe('SignOutButton', () => {
  it('signs out at once when no sale is in progress here', async () => {
    const { signOut, user } = renderButton(ADA);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks first when this person has a sale in progress on this device; staying keeps them signed in', async () => {
    await saleInProgress(ADA);
    const { signOut, user } = renderButton(ADA);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const question = await screen.findByRole('dialog', { name: 'A sale is in progress' });
    expect(question).toHaveTextContent(
      'A sale is in progress on this till. Sign out anyway? It will be here when you sign in again.',
    );
    await user.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(signOut).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('dialog', { name: 'A sale is in progress' });
    const buttons = screen.getAllByRole('button', { name: 'Sign out' });
    await user.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    // Signing out leaves the sale where it is, for when they sign in again.
    expect(await deviceDb().tickets.count()).toBe(1);
  });

  it("does not ask about another person's sale on the same device", async () => {
    await saleInProgress(BAYO);
    const { signOut, user } = renderButton(ADA);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
