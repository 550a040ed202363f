import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, fakeAuth, renderRoutes, testQueryClient } from '../../test/render';
import { createRoutes } from '../router';
import { OfflineSignInNotice } from './offline-sign-in-notice';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** The page as the service worker serves it (it controls the page). */
function servedByServiceWorker(served: boolean) {
  Object.defineProperty(window.navigator, 'serviceWorker', {
    configurable: true,
    value: served ? { controller: {} } : undefined,
  });
}

afterEach(() => {
  setOnline(true);
  servedByServiceWorker(false);
});

describe('the landing page without a network', () => {
  it('says calmly that sign in needs the network, and stops saying so once it is back', async () => {
    setOnline(false);
    const auth = fakeAuth();
    const queryClient = testQueryClient();
    renderRoutes(createRoutes({ auth, queryClient }), { initialEntries: ['/'], auth, queryClient });
    const notice = (await screen.findByText("You're offline")).closest('[role="status"]');
    expect(notice).toHaveTextContent('Sign in needs the network');

    act(() => setOnline(true));
    expect(screen.queryByText("You're offline")).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows nothing of it online', async () => {
    const auth = fakeAuth();
    const queryClient = testQueryClient();
    renderRoutes(createRoutes({ auth, queryClient }), { initialEntries: ['/'], auth, queryClient });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByText("You're offline")).not.toBeInTheDocument();
  });

  it('says so too when the app opened from the service worker and the server does not answer', async () => {
    servedByServiceWorker(true);
    const probe = vi.fn(async () => false);
    renderWithProviders(<OfflineSignInNotice probe={probe} />);
    expect(await screen.findByText("You're offline")).toBeInTheDocument();
    expect(probe).toHaveBeenCalledOnce();
  });

  it('stays quiet when the server answers the probe, and never probes a page the worker did not serve', async () => {
    servedByServiceWorker(true);
    const answers = vi.fn(async () => true);
    const first = renderWithProviders(<OfflineSignInNotice probe={answers} />);
    await vi.waitFor(() => expect(answers).toHaveBeenCalledOnce());
    expect(screen.queryByText("You're offline")).not.toBeInTheDocument();
    first.unmount();

    servedByServiceWorker(false);
    const unused = vi.fn(async () => false);
    renderWithProviders(<OfflineSignInNotice probe={unused} />);
    expect(unused).not.toHaveBeenCalled();
    expect(screen.queryByText("You're offline")).not.toBeInTheDocument();
  });
});
