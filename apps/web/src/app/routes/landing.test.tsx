import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutes } from '../router';
import { fakeAuth, renderRoutes, testQueryClient } from '../../test/render';
import { storeFakeToken } from '../../test/tokens';

function renderLanding(initialEntry = '/', auth = fakeAuth()) {
  const queryClient = testQueryClient();
  return renderRoutes(createRoutes({ auth, queryClient }), { initialEntries: [initialEntry], auth, queryClient });
}

describe('Landing', () => {
  it('is titled "Login to iPos" and shows the brand and a Sign in button', async () => {
    renderLanding();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
    await waitFor(() => expect(document.title).toBe('Login to iPos'));
    expect(screen.getByText('iPos')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to iPos');
  });

  it('starts the window sign-in, returning to the dashboard by default', async () => {
    const signIn = vi.fn(() => new Promise<void>(() => undefined));
    renderLanding('/', fakeAuth({ signIn }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledWith({ returnTo: '/dashboard' });
  });

  it('returns to the page named in the redirect query', async () => {
    const signIn = vi.fn(async () => undefined);
    renderLanding('/?redirect=%2Fdashboard%2Finventory', fakeAuth({ signIn }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledWith({ returnTo: '/dashboard/inventory' });
  });

  it('never returns to another site', async () => {
    const signIn = vi.fn(async () => undefined);
    renderLanding('/?redirect=%2F%2Fevil.example', fakeAuth({ signIn }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledWith({ returnTo: '/dashboard' });
  });

  it('says so when sign-in cannot start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signIn = vi.fn(async () => {
      throw new Error('network');
    });
    renderLanding('/', fakeAuth({ signIn }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not reach the sign-in service');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    vi.restoreAllMocks();
  });

  it('confirms a sign-out', async () => {
    renderLanding('/?signedOut=1');
    expect(await screen.findByText('You have signed out.')).toBeInTheDocument();
  });

  it('sends someone already signed in to the dashboard', async () => {
    storeFakeToken();
    const { router } = renderLanding('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends someone signed in to the stored redirect path once', async () => {
    storeFakeToken();
    localStorage.setItem('redirectPath', '/no/such/page');
    const { router } = renderLanding('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/no/such/page'));
    expect(localStorage.getItem('redirectPath')).toBeNull();
  });

  it('treats an expired token as signed out', async () => {
    storeFakeToken(-10);
    const { router } = renderLanding('/');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
