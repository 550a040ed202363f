import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { ResetPasswordForm } from './reset-password-form';

const token = 'a'.repeat(43);

function renderForm(withToken: string | null = token) {
  renderRoutes([{ path: '/', element: <ResetPasswordForm token={withToken} signIn={<button>Sign in</button>} /> }]);
  return userEvent.setup();
}

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirm = password) {
  await user.type(screen.getByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('<ResetPasswordForm />', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the two passwords to match', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = renderForm();
    await fill(user, 'Fresh#2026', 'Fresh#2027');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('applies the contract’s password rules', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = renderForm();
    await fill(user, 'short');
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument();
  });

  it('sends the token and the new password, then offers to sign in', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const user = renderForm();
    await fill(user, 'Fresh#2026');
    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/onboarding/reset-password');
    expect(JSON.parse(init.body as string)).toEqual({ token, newPassword: 'Fresh#2026' });
  });

  it('says an expired or used link has expired, with a way to ask again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { type: 'about:blank', title: 'Gone', status: 410, code: 'RESET_TOKEN_INVALID' },
          { status: 410, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const user = renderForm();
    await fill(user, 'Fresh#2026');
    expect(await screen.findByText('This link has expired or was already used')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/onboarding/forgot-password',
    );
  });

  it('explains a link without its token', () => {
    renderForm(null);
    expect(screen.getByText('This link is not complete')).toBeInTheDocument();
  });
});
