import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { ForgotPasswordForm } from './forgot-password-form';

describe('<ForgotPasswordForm />', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('always answers with the same confirmation', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    renderRoutes([{ path: '/', element: <ForgotPasswordForm /> }]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'Someone@Example.test{Enter}');
    expect(await screen.findByText(/If an account uses that email, we have sent a link/)).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/onboarding/forgot-password');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'someone@example.test' });
  });

  it('checks the email before sending', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderRoutes([{ path: '/', element: <ForgotPasswordForm /> }]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email{Enter}');
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
