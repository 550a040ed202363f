import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@ipos/contracts';
import { toast, ToastViewport } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi, type ApiHandler } from '../../../test/api';
import { fakeAuth, renderRoutes } from '../../../test/render';
import { ProfileRoute } from './profile';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  toast.hide();
});

const ACCOUNT_ID = '0190a6a0-0000-7000-8000-0000000000a1';
const profile = (overrides: Partial<Profile> = {}): Profile => ({
  id: ACCOUNT_ID,
  email: 'dayo@demo.ipos.test',
  name: 'Dayo Cashier',
  phone: null,
  pendingEmail: null,
  hasPassword: true,
  hasPin: true,
  sessionsRevokedAt: null,
  version: 3,
  ...overrides,
});
const PENDING = { email: 'dayo@example.ng', expiresAt: '2026-11-26T17:00:00.000Z' };

function show(
  routes: Record<string, ApiHandler | ApiHandler[]>,
  { url = '/dashboard/profile', auth = fakeAuth() } = {},
) {
  const calls = stubApi({ 'GET /api/v1/me/profile': () => jsonResponse(profile()), ...routes });
  const { router } = renderRoutes(
    [
      {
        path: '/dashboard/profile',
        element: (
          <>
            <ProfileRoute />
            <ToastViewport />
          </>
        ),
      },
      { path: '/', element: <h1>Sign in</h1> },
      { path: '/onboarding/new-pin', element: <h1>Change your PIN</h1> },
    ],
    { initialEntries: [url], auth },
  );
  return { calls, router, user: userEvent.setup() };
}

describe('the profile screen', () => {
  it('saves name and phone with the version read', async () => {
    const { calls, user } = show({
      'PUT /api/v1/me/profile': (body) => jsonResponse(profile({ ...(body as object), version: 4 })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    const save = screen.getByRole('button', { name: 'Save details' });
    expect(save).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Dayo Adeyemi');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+234 803 555 0101');
    await user.click(save);
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/v1/me/profile')).toBe(true));
    expect(calls.find((c) => c.key === 'PUT /api/v1/me/profile')!.body).toEqual({
      version: 3,
      name: 'Dayo Adeyemi',
      phone: '+234 803 555 0101',
    });
    expect(await screen.findByText('Your details are saved.')).toBeInTheDocument();
  });

  it('checks the name before sending, and says when someone changed the profile meanwhile', async () => {
    const { calls, user } = show({
      'PUT /api/v1/me/profile': () => problemResponse(409, 'VERSION_CONFLICT', 'Someone changed your profile'),
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Enter your name')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'PUT /api/v1/me/profile')).toBe(false);
    await user.type(name, 'Dayo A.');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(/Someone else changed this meanwhile/)).toBeInTheDocument();
  });

  it('starts an email change with the password, shows it pending, and cancels it', async () => {
    const { calls, user } = show({
      'POST /api/v1/me/email-change': [
        () =>
          problemResponse(409, 'EMAIL_TAKEN', 'Another account already uses this email', [
            { field: 'newEmail', message: 'Already used by another account' },
          ]),
        () => jsonResponse(profile({ pendingEmail: PENDING }), 202),
      ],
      'DELETE /api/v1/me/email-change': () => jsonResponse(null, 204),
    });
    expect(await screen.findByText('dayo@demo.ipos.test')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    const form = screen.getByRole('form', { name: 'Change your email' });
    await user.type(within(form).getByRole('textbox', { name: 'New email' }), 'taken@example.ng');
    await user.type(within(form).getByLabelText(/Your password/), 'DemoCashier#2026');
    await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(form).findByText('Already used by another account')).toBeInTheDocument();

    const email = within(form).getByRole('textbox', { name: 'New email' });
    await user.clear(email);
    await user.type(email, 'Dayo@Example.ng');
    await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('Waiting for confirmation')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/v1/me/email-change').at(-1)!.body).toEqual({
      newEmail: 'dayo@example.ng',
      currentPassword: 'DemoCashier#2026',
    });
    expect(screen.getByText('We sent a confirmation link to dayo@example.ng.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Change your email' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel the change' }));
    await waitFor(() => expect(screen.queryByText('Waiting for confirmation')).toBeNull());
    expect(calls.map((c) => c.key)).toContain('DELETE /api/v1/me/email-change');
    expect(screen.getByText('The email change is cancelled.')).toBeInTheDocument();
  });

  it('confirms the email from the mailed link once, and takes the token out of the address', async () => {
    const { calls, router } = show(
      { 'POST /api/v1/me/email-change/confirm': () => jsonResponse(profile({ email: 'dayo@example.ng', version: 4 })) },
      { url: '/dashboard/profile?isAdmin=false&confirm-email=tok-123' },
    );
    expect(await screen.findByText('You now sign in with dayo@example.ng.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/v1/me/email-change/confirm').map((c) => c.body)).toEqual([
      { token: 'tok-123' },
    ]);
    expect(router.state.location.search).toBe('?isAdmin=false');
    expect(await screen.findByText('dayo@example.ng')).toBeInTheDocument();
  });

  it('says plainly when a confirmation link no longer works', async () => {
    show(
      {
        'POST /api/v1/me/email-change/confirm': () =>
          problemResponse(410, 'EMAIL_CHANGE_INVALID', 'This confirmation link has expired'),
      },
      { url: '/dashboard/profile?confirm-email=old' },
    );
    const alert = await screen.findByRole('alert', { name: /Your email was not changed/ });
    expect(alert).toHaveTextContent('expired, was cancelled or was already used');
    expect(screen.getByText('dayo@demo.ipos.test')).toBeInTheDocument();
  });

  it('changes the password in a dialog, proving the current one', async () => {
    const { calls, user } = show({
      'POST /api/v1/me/password': [
        () =>
          problemResponse(401, 'INVALID_CREDENTIALS', 'The current password is not right', [
            { field: 'currentPassword', message: 'Not your current password' },
          ]),
        () => jsonResponse(null, 204),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    await user.type(within(dialog).getByLabelText('Current password'), 'wrong-one1');
    await user.type(within(dialog).getByLabelText('New password'), 'BrandNew#2026');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'BrandNew#2026');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('Not your current password')).toBeInTheDocument();
    const current = within(dialog).getByLabelText('Current password');
    await user.clear(current);
    await user.type(current, 'DemoCashier#2026');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/v1/me/password').at(-1)!.body).toEqual({
      currentPassword: 'DemoCashier#2026',
      newPassword: 'BrandNew#2026',
    });
  });

  it('reaches the PIN screens, coming back to the profile', async () => {
    const { user, router } = show({});
    const change = await screen.findByRole('link', { name: 'Change PIN' });
    expect(change).toHaveAttribute('href', '/onboarding/new-pin?redirect=%2Fdashboard%2Fprofile');
    expect(screen.getByRole('link', { name: 'Forgot your PIN?' })).toHaveAttribute(
      'href',
      '/onboarding/reset-pin?redirect=%2Fdashboard%2Fprofile',
    );
    await user.click(change);
    expect(await screen.findByRole('heading', { name: 'Change your PIN' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/new-pin');
  });

  it('offers to create a PIN when there is none, and no password change without a password', async () => {
    show({ 'GET /api/v1/me/profile': () => jsonResponse(profile({ hasPin: false, hasPassword: false })) });
    expect(await screen.findByRole('link', { name: 'Create a PIN' })).toHaveAttribute(
      'href',
      '/onboarding/create-pin?redirect=%2Fdashboard%2Fprofile',
    );
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change email' })).toBeNull();
    expect(
      screen.getByText('Your email comes from the service you sign in with; change it there.'),
    ).toBeInTheDocument();
  });

  it('says when the account last signed out of every device', async () => {
    show({ 'GET /api/v1/me/profile': () => jsonResponse(profile({ sessionsRevokedAt: '2026-11-20T09:30:00.000Z' })) });
    expect(await screen.findByText(/^Last signed out of every device on /)).toHaveTextContent('2026');
  });

  it('signs out of every device after a confirmation, then this browser too', async () => {
    const endSessionHere = vi.fn(async () => undefined);
    const { calls, user, router } = show(
      { 'POST /api/v1/me/sign-out-everywhere': () => jsonResponse(null, 204) },
      { auth: fakeAuth({ endSessionHere }) },
    );
    await user.click(await screen.findByRole('button', { name: 'Sign out of every device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of every device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.key === 'POST /api/v1/me/sign-out-everywhere')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Sign out of every device' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sign out of every device?' })).getByRole('button', {
        name: 'Sign out everywhere',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toContain('POST /api/v1/me/sign-out-everywhere');
    expect(endSessionHere).toHaveBeenCalledTimes(1);
    expect(router.state.location.search).toBe('?signedOut=1');
  });

  it('stays signed in here when the API refused to sign out everywhere', async () => {
    const endSessionHere = vi.fn(async () => undefined);
    const { user } = show(
      { 'POST /api/v1/me/sign-out-everywhere': () => problemResponse(500, 'INTERNAL', 'Boom') },
      { auth: fakeAuth({ endSessionHere }) },
    );
    await user.click(await screen.findByRole('button', { name: 'Sign out of every device' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sign out of every device?' })).getByRole('button', {
        name: 'Sign out everywhere',
      }),
    );
    expect(await screen.findByText('Could not sign out of every device')).toBeInTheDocument();
    expect(endSessionHere).not.toHaveBeenCalled();
  });

  it('says when the profile cannot be read, with a retry', async () => {
    show({ 'GET /api/v1/me/profile': [() => problemResponse(500, 'INTERNAL'), () => jsonResponse(profile())] });
    expect(await screen.findByText('Your profile could not be read')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Dayo Cashier');
  });
});
