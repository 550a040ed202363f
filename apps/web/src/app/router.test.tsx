import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createRoutes } from './router';
import { isProtectedPath } from './guards';
import { fakeAuth, renderRoutes, testQueryClient } from '../test/render';
import { fakeAccessToken } from '../test/tokens';
import type { AuthClient } from '../features/identity/auth-client';

function renderAt(path: string, auth: AuthClient = fakeAuth()) {
  const queryClient = testQueryClient();
  return renderRoutes(createRoutes({ auth, queryClient }), { initialEntries: [path], auth, queryClient });
}

describe('route table', () => {
  it('sends an anonymous visitor of /dashboard to the landing page, remembering the path', async () => {
    localStorage.setItem('hasTimedOut', 'true');
    const { router } = renderAt('/dashboard');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard');
    expect(localStorage.getItem('redirectPath')).toBe('/dashboard');
    expect(localStorage.getItem('hasTimedOut')).toBeNull();
  });

  it('shows the dashboard to a signed-in user', async () => {
    localStorage.setItem('token', fakeAccessToken(600));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(document.title).toBe('Dashboard');
    vi.unstubAllGlobals();
  });

  it('shows NotFound for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows NotFound for a callback of an unknown auth instance', async () => {
    renderAt('/auth/signinwin/other?code=x');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('completes the window callback and goes to the return path', async () => {
    const completeSignInRedirect = vi.fn(async () => '/dashboard');
    localStorage.setItem('token', fakeAccessToken(600));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const { router } = renderAt('/auth/signinwin/main?code=c&state=s', fakeAuth({ completeSignInRedirect }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(completeSignInRedirect).toHaveBeenCalledWith('http://localhost/auth/signinwin/main?code=c&state=s');
    vi.unstubAllGlobals();
  });

  it('treats /index.html?auth-callback=1 as the window callback', async () => {
    const completeSignInRedirect = vi.fn(async () => '/');
    const { router } = renderAt('/index.html?auth-callback=1&code=c&state=s', fakeAuth({ completeSignInRedirect }));
    await waitFor(() => expect(completeSignInRedirect).toHaveBeenCalled());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes to the root when the window callback fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const completeSignInRedirect = vi.fn(async () => {
      throw new Error('No matching state found in storage');
    });
    const { router } = renderAt('/auth/signinwin/main?code=c&state=s', fakeAuth({ completeSignInRedirect }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    vi.restoreAllMocks();
  });

  it('hands popup and silent responses to the library', async () => {
    const completeSignInPopup = vi.fn(async () => undefined);
    const completeSignInSilent = vi.fn(async () => undefined);
    const completeSignOutPopup = vi.fn(async () => undefined);
    const auth = fakeAuth({ completeSignInPopup, completeSignInSilent, completeSignOutPopup });
    renderAt('/auth/signinpop/main?code=c', auth);
    await waitFor(() =>
      expect(completeSignInPopup).toHaveBeenCalledWith('http://localhost/auth/signinpop/main?code=c'),
    );
    renderAt('/auth/signinsilent/main?code=c', auth);
    await waitFor(() => expect(completeSignInSilent).toHaveBeenCalled());
    renderAt('/auth/signoutpop/main?state=s', auth);
    await waitFor(() => expect(completeSignOutPopup).toHaveBeenCalled());
  });

  it('knows which paths are protected', () => {
    expect(isProtectedPath('/dashboard')).toBe(true);
    expect(isProtectedPath('/dashboard/inventory')).toBe(true);
    expect(isProtectedPath('/dashboards')).toBe(false);
    expect(isProtectedPath('/')).toBe(false);
  });
});
