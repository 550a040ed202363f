import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../components/toast';
import { rememberPin } from '../../../features/accounts/pin-verifier';
import { deviceDb } from '../../../lib/device-db';
import { fakeAuth, renderRoutes, testQueryClient } from '../../../test/render';
import { jsonResponse, problemResponse as problem, stubApi } from '../../../test/api';
import { testMe } from '../../../test/fixtures';
import { storeFakeToken } from '../../../test/tokens';
import { Component as TimeoutEnterPin } from './enter-pin';

/** Answers GET /me, and each PIN try with the next of `verifyAnswers`. */
const stubPinApi = (verifyAnswers: (() => Response)[]) =>
  stubApi({ 'GET /api/v1/me': () => jsonResponse(testMe()), 'POST /api/v1/me/pin/verify': verifyAnswers });

const verified = () => jsonResponse({ verified: true });

function renderPinScreen(path = '/timeout/enter-pin?redirect=%2Fdashboard%2Finventory', auth = fakeAuth()) {
  storeFakeToken();
  localStorage.setItem('hasTimedOut', 'true');
  return renderRoutes(
    [
      { path: '/timeout/enter-pin', Component: TimeoutEnterPin },
      { path: '/dashboard/*', element: <p>dashboard</p> },
      { path: '/onboarding/*', element: <p>onboarding</p> },
      { path: '/', element: <p>landing</p> },
    ],
    { initialEntries: [path], auth, queryClient: testQueryClient() },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  toast.hide();
});

describe('TimeoutEnterPin', () => {
  it('unlocks with the PIN typed then Enter, and returns to the redirect target', async () => {
    const calls = stubPinApi([verified]);
    localStorage.setItem('redirectPath', '/dashboard/inventory');
    const { router } = renderPinScreen();
    expect(await screen.findByText('Chidi Manager')).toBeInTheDocument();
    const field = screen.getByLabelText(/^PIN/, { selector: 'input' });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveFocus();
    await userEvent.type(field, '2468{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/inventory'));
    expect(calls.find((c) => c.url === '/api/v1/me/pin/verify')?.body).toEqual({ pin: '2468' });
    expect(localStorage.getItem('hasTimedOut')).toBeNull();
    expect(localStorage.getItem('redirectPath')).toBeNull();
  });

  it('unlocks with the Unlock button, going to the stored redirect path when no query names one', async () => {
    stubPinApi([verified]);
    localStorage.setItem('redirectPath', '/dashboard/waste');
    const { router } = renderPinScreen('/timeout/enter-pin');
    await userEvent.type(screen.getByLabelText(/^PIN/, { selector: 'input' }), '2468');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/waste'));
  });

  it('refuses a PIN that is not 4 to 6 digits before asking the server', async () => {
    const calls = stubPinApi([]);
    renderPinScreen();
    await userEvent.type(screen.getByLabelText(/^PIN/, { selector: 'input' }), '12{Enter}');
    expect(await screen.findByText('A PIN is 4 to 6 digits')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/v1/me/pin/verify')).toBe(false);
  });

  it('shows the tries left after a wrong PIN, on an empty field ready for the next try', async () => {
    stubPinApi([
      () =>
        problem(401, 'INVALID_PIN', 'That PIN is not right; 4 tries left', [{ field: 'pin', message: 'Wrong PIN' }]),
      verified,
    ]);
    const { router } = renderPinScreen();
    await userEvent.type(screen.getByLabelText(/^PIN/, { selector: 'input' }), '1111{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That PIN is not right; 4 tries left');
    const field = screen.getByLabelText(/^PIN/, { selector: 'input' });
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(router.state.location.pathname).toBe('/timeout/enter-pin');
    expect(localStorage.getItem('hasTimedOut')).toBe('true');
    await userEvent.type(field, '2468{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/inventory'));
  });

  it('sends the person to a full sign-in when the PIN locks', async () => {
    stubPinApi([
      () => problem(423, 'PIN_LOCKED', 'Too many wrong PINs: your PIN is locked; sign in again with your password'),
    ]);
    const endSessionHere = vi.fn(async () => {
      localStorage.clear();
    });
    const { router } = renderPinScreen(undefined, fakeAuth({ endSessionHere }));
    await userEvent.type(screen.getByLabelText(/^PIN/, { selector: 'input' }), '9999{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard%2Finventory');
    expect(endSessionHere).toHaveBeenCalled();
    expect(toast.getSnapshot().map((t) => t.title)).toContain('Your PIN is locked');
  });

  it('offers "Forgot PIN?" keeping the target, and "Sign out"', async () => {
    stubPinApi([]);
    const signOut = vi.fn(async () => undefined);
    renderPinScreen(undefined, fakeAuth({ signOut }));
    expect(await screen.findByRole('link', { name: 'Forgot PIN?' })).toHaveAttribute(
      'href',
      '/onboarding/reset-pin?redirect=%2Fdashboard%2Finventory',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(signOut).toHaveBeenCalled());
  });

  it('asks before signing out when a sale is in progress at this till, and keeps the sale', async () => {
    stubPinApi([]);
    const signOut = vi.fn(async () => undefined);
    await deviceDb().tickets.put({
      accountId: testMe().account.id,
      storeId: '0190a6a0-0000-7000-8000-0000000000b1',
      sessionId: '0190a6a0-0000-7000-8000-0000000000c1',
      cart: { lines: [], cartDiscount: null, customerId: '0190a6a0-0000-7000-8000-0000000000d1' },
      savedAt: '2026-03-07T09:00:00.000Z',
    });
    renderPinScreen(undefined, fakeAuth({ signOut }));
    expect(await screen.findByText('Chidi Manager')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    const question = await screen.findByRole('dialog', { name: 'A sale is in progress' });
    expect(signOut).not.toHaveBeenCalled();
    await userEvent.click(within(question).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(await deviceDb().tickets.count()).toBe(1);
  });

  it('sends an account without a PIN to create one', async () => {
    stubPinApi([() => problem(409, 'PIN_NOT_SET', 'You have no PIN yet; create one first')]);
    const { router } = renderPinScreen();
    await userEvent.type(screen.getByLabelText(/^PIN/, { selector: 'input' }), '2468{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/create-pin'));
  });
});

describe('TimeoutEnterPin without the server', () => {
  const accountId = testMe().account.id;
  /** What fetch does with no network. */
  const unreachable = () => {
    throw new TypeError('Failed to fetch');
  };
  const typePin = async (pin: string) =>
    userEvent.type(await screen.findByLabelText(/^PIN/, { selector: 'input' }), `${pin}{Enter}`);

  it('keeps a verifier once the server has verified the PIN, then unlocks with it offline', async () => {
    stubPinApi([verified, unreachable]);
    const { router } = renderPinScreen();
    await typePin('2468');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/inventory'));
    await waitFor(async () => expect(await deviceDb().pinVerifiers.get(accountId)).toBeDefined());
    expect(JSON.stringify(await deviceDb().pinVerifiers.get(accountId))).not.toContain('2468');

    localStorage.setItem('hasTimedOut', 'true');
    // The device knows it is offline: the check is still sent (not held back until the network returns).
    onlineManager.setOnline(false);
    try {
      await router.navigate('/timeout/enter-pin?redirect=%2Fdashboard%2Fwaste');
      await typePin('2468');
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/waste'));
    } finally {
      onlineManager.setOnline(true);
    }
    expect(localStorage.getItem('hasTimedOut')).toBeNull();
  });

  it("counts a wrong PIN offline in the server's words, and the fifth ends the session", async () => {
    await rememberPin(accountId, '2468');
    stubPinApi(Array.from({ length: 5 }, () => unreachable));
    const endSessionHere = vi.fn(async () => {
      localStorage.clear();
    });
    const { router } = renderPinScreen(undefined, fakeAuth({ endSessionHere }));
    await typePin('1111');
    expect(await screen.findByRole('alert')).toHaveTextContent('That PIN is not right; 4 tries left');
    expect(router.state.location.pathname).toBe('/timeout/enter-pin');
    for (const left of ['3 tries', '2 tries', '1 try']) {
      await typePin('1111');
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(`That PIN is not right; ${left} left`));
    }
    expect(endSessionHere).not.toHaveBeenCalled();
    await typePin('1111');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(endSessionHere).toHaveBeenCalled();
    expect(toast.getSnapshot().map((t) => t.title)).toContain('Your PIN is locked');
    expect(await deviceDb().pinVerifiers.get(accountId)).toMatchObject({ locked: true });
  });

  it('says it cannot check a PIN this device never saw verified', async () => {
    stubPinApi([unreachable]);
    const { router } = renderPinScreen();
    await typePin('2468');
    expect(await screen.findByRole('alert')).toHaveTextContent('this device cannot check your PIN on its own yet');
    expect(router.state.location.pathname).toBe('/timeout/enter-pin');
  });

  it('forgets the verifier when the server says the PIN is locked', async () => {
    await rememberPin(accountId, '2468');
    stubPinApi([
      () => problem(423, 'PIN_LOCKED', 'Too many wrong PINs: your PIN is locked; sign in again with your password'),
    ]);
    const { router } = renderPinScreen(undefined, fakeAuth({ endSessionHere: vi.fn(async () => undefined) }));
    await typePin('2468');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(async () => expect(await deviceDb().pinVerifiers.get(accountId)).toBeUndefined());
  });
});

describe('TimeoutEnterPin keeping the verifier', () => {
  it('keeps it even when the PIN was verified before the account was read', async () => {
    let answerMe: (() => void) | undefined;
    const meRead = new Promise<void>((resolve) => (answerMe = resolve));
    stubApi({
      'GET /api/v1/me': async () => {
        await meRead;
        return jsonResponse(testMe());
      },
      'POST /api/v1/me/pin/verify': [verified],
    } as never);
    const { router } = renderPinScreen();
    await userEvent.type(screen.getByLabelText(/^PIN/, { selector: 'input' }), '2468{Enter}');
    answerMe!();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/inventory'));
    // Kept before the screen moved on.
    expect(await deviceDb().pinVerifiers.get(testMe().account.id)).toBeDefined();
  });
});
