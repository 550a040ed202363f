import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../components/toast';
import { renderRoutes, testQueryClient } from '../../../test/render';
import { jsonResponse as json, problemResponse as problem, stubApi } from '../../../test/api';
import { testMe } from '../../../test/fixtures';
import { storeFakeToken } from '../../../test/tokens';
import { Component as CreatePin } from './create-pin';
import { Component as NewPin } from './new-pin';
import { Component as ResetPin } from './reset-pin';
import { Component as UpdateDefaultPassword } from './update-default-password';

const newhire = testMe({
  account: { id: '0190a6f4-0000-7000-8000-000000000005', email: 'newhire@demo.ipos.test', name: 'Efe Newhire' },
  mustChangePassword: true,
  hasPin: false,
});

function renderAt(path: string, signedIn = true) {
  if (signedIn) storeFakeToken();
  return renderRoutes(
    [
      { path: '/onboarding/update-default-password', Component: UpdateDefaultPassword },
      { path: '/onboarding/create-pin', Component: CreatePin },
      { path: '/onboarding/new-pin', Component: NewPin },
      { path: '/onboarding/reset-pin', Component: ResetPin },
      { path: '/dashboard/*', element: <p>dashboard</p> },
      { path: '/', element: <p>landing</p> },
    ],
    { initialEntries: [path], queryClient: testQueryClient() },
  );
}

const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

afterEach(() => {
  vi.unstubAllGlobals();
  toast.hide();
});

describe('the forced flows after sign-in', () => {
  it('replaces the default password, then creates the PIN, then goes to the return path', async () => {
    const account = { ...newhire };
    const calls = stubApi({
      'GET /api/v1/me': () => json(account),
      'POST /api/v1/me/default-password': () => {
        account.mustChangePassword = false;
        return json(null, 204);
      },
      'POST /api/v1/me/pin': () => {
        account.hasPin = true;
        return json(null, 204);
      },
    });
    const { router } = renderAt('/onboarding/update-default-password?redirect=%2Fdashboard%2Fcheckout');
    await userEvent.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), 'MyOwnPass#1');
    await userEvent.type(input('Confirm password'), 'MyOwnPass#1{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/create-pin'));
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard%2Fcheckout');
    expect(calls.find((c) => c.key === 'POST /api/v1/me/default-password')?.body).toEqual({
      newPassword: 'MyOwnPass#1',
    });

    await userEvent.type(await screen.findByLabelText(/^PIN/, { selector: 'input' }), '1357');
    await userEvent.type(input('Confirm PIN'), '1357{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/checkout'));
    expect(calls.find((c) => c.key === 'POST /api/v1/me/pin')?.body).toEqual({ pin: '1357' });
  });

  it('shows the password rules and checks them before sending', async () => {
    const calls = stubApi({ 'GET /api/v1/me': () => json(newhire) });
    renderAt('/onboarding/update-default-password');
    expect(await screen.findByText('At least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('A letter')).toBeInTheDocument();
    expect(screen.getByText('A digit')).toBeInTheDocument();
    await userEvent.type(input('New password'), 'short');
    await userEvent.type(input('Confirm password'), 'other{Enter}');
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The two passwords are not the same')).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
  });

  it("puts the API's field error on the field", async () => {
    stubApi({
      'GET /api/v1/me': () => json(newhire),
      'POST /api/v1/me/default-password': () =>
        problem(400, 'VALIDATION_FAILED', 'Choose a password different from the one you were given', [
          { field: 'newPassword', message: 'Must differ from the default password' },
        ]),
    });
    renderAt('/onboarding/update-default-password');
    await userEvent.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), 'Welcome#2026');
    await userEvent.type(input('Confirm password'), 'Welcome#2026{Enter}');
    expect(await screen.findByText('Must differ from the default password')).toBeInTheDocument();
  });

  it('moves on at once when there is nothing to do', async () => {
    stubApi({ 'GET /api/v1/me': () => json({ ...newhire, mustChangePassword: false, hasPin: true }) });
    const { router } = renderAt('/onboarding/update-default-password?redirect=%2Fdashboard%2Freport');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/report'));
  });

  it('refuses two different PINs', async () => {
    const calls = stubApi({ 'GET /api/v1/me': () => json({ ...newhire, mustChangePassword: false }) });
    renderAt('/onboarding/create-pin');
    await userEvent.type(await screen.findByLabelText(/^PIN/, { selector: 'input' }), '1357');
    await userEvent.type(input('Confirm PIN'), '1358{Enter}');
    expect(await screen.findByText('The two PINs are not the same')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/v1/me/pin')).toBe(false);
  });

  it('sends a visitor without a valid token to sign in, coming back here afterwards', async () => {
    stubApi({});
    storeFakeToken(-60);
    const { router } = renderAt('/onboarding/create-pin?redirect=%2Fdashboard', false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/onboarding/create-pin?redirect=%2Fdashboard')}`,
    );
    expect({ ...localStorage }).toEqual({ redirectPath: '/onboarding/create-pin?redirect=%2Fdashboard' });
  });
});

describe('changing and resetting the PIN', () => {
  it('changes the PIN with the current one, showing the tries left when it is wrong', async () => {
    const calls = stubApi({
      'PUT /api/v1/me/pin': [
        () =>
          problem(401, 'INVALID_PIN', 'That PIN is not right; 3 tries left', [
            { field: 'currentPin', message: 'Wrong PIN' },
          ]),
        () => json(null, 204),
      ],
    });
    const { router } = renderAt('/onboarding/new-pin?redirect=%2Fdashboard%2Fprofile');
    await userEvent.type(input('Current PIN'), '1111');
    await userEvent.type(input('New PIN'), '8642');
    await userEvent.type(input('Confirm new PIN'), '8642{Enter}');
    expect(await screen.findByText('That PIN is not right; 3 tries left')).toBeInTheDocument();
    await userEvent.clear(input('Current PIN'));
    await userEvent.type(input('Current PIN'), '2468{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/profile'));
    expect(calls.filter((c) => c.key === 'PUT /api/v1/me/pin').at(-1)?.body).toEqual({
      currentPin: '2468',
      newPin: '8642',
    });
  });

  it('resets a forgotten PIN with the password, which also unlocks a timed-out session', async () => {
    const calls = stubApi({
      'POST /api/v1/me/pin/reset': [
        () =>
          problem(401, 'INVALID_CREDENTIALS', 'The password is not right', [
            { field: 'password', message: 'Not your password' },
          ]),
        () => json(null, 204),
      ],
    });
    localStorage.setItem('hasTimedOut', 'true');
    const { router } = renderAt('/onboarding/reset-pin?redirect=%2Fdashboard%2Finventory');
    expect(screen.getByRole('link', { name: 'Back to PIN entry' })).toHaveAttribute(
      'href',
      '/timeout/enter-pin?redirect=%2Fdashboard%2Finventory',
    );
    await userEvent.type(input('Password'), 'wrong-password1');
    await userEvent.type(input('New PIN'), '8642');
    await userEvent.type(input('Confirm new PIN'), '8642{Enter}');
    expect(await screen.findByText('Not your password')).toBeInTheDocument();
    await userEvent.clear(input('Password'));
    await userEvent.type(input('Password'), 'DemoManager#2026{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/inventory'));
    expect(calls.filter((c) => c.key === 'POST /api/v1/me/pin/reset').at(-1)?.body).toEqual({
      password: 'DemoManager#2026',
      newPin: '8642',
    });
    expect(localStorage.getItem('hasTimedOut')).toBeNull();
  });
});
