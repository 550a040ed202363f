import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeAuth, renderRoutes, testQueryClient } from '../../test/render';
import { createRoutes } from '../router';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => setOnline(true));

describe('the landing page without a network', () => {
  it('says calmly that sign in needs the network, and stops saying so once it is back', async () => {
    setOnline(false);
    const auth = fakeAuth();
    const queryClient = testQueryClient();
    renderRoutes(createRoutes({ auth, queryClient }), { initialEntries: ['/'], auth, queryClient });
    const notice = (await screen.findByText("You're offline")).closest('[role="status"]');
    expect(notice).toHaveTextContent("You're offline");
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
});
