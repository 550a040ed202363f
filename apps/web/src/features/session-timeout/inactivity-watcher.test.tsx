import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { InactivityWatcher, timeoutPinUrl } from './inactivity-watcher';

const isExemptPath = (pathname: string) => !pathname.startsWith('/dashboard');

function renderAt(path: string, timeoutMs = 200) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <InactivityWatcher timeoutMs={timeoutMs} isExemptPath={isExemptPath} />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>landing</p> },
          { path: '/dashboard/*', element: <p>dashboard</p> },
          { path: '/timeout/enter-pin', element: <p>pin</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const sleep = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

describe('InactivityWatcher (spec sections 4 and 9)', () => {
  it('sends an idle signed-in person to the PIN screen with the current path and sets hasTimedOut', async () => {
    localStorage.setItem('token', 'a.b.c');
    const router = renderAt('/dashboard/inventory?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/timeout/enter-pin'));
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard%2Finventory%3Fpage%3D2');
    expect(localStorage.getItem('hasTimedOut')).toBe('true');
  });

  it('is kept alive by mouse, keyboard, scroll, touch and click', async () => {
    localStorage.setItem('token', 'a.b.c');
    const router = renderAt('/dashboard', 300);
    const events = [
      () => fireEvent.mouseMove(window),
      () => fireEvent.keyDown(document.body, { key: 'a' }),
      () => fireEvent.scroll(document),
      () => fireEvent.touchStart(document.body),
      () => fireEvent.click(document.body),
      () => fireEvent.mouseDown(document.body),
    ];
    for (let i = 0; i < 12; i++) {
      await sleep(100);
      events[i % events.length]!();
    }
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('hasTimedOut')).toBeNull();
  });

  it('counts the tab becoming visible as activity', async () => {
    localStorage.setItem('token', 'a.b.c');
    const router = renderAt('/dashboard', 300);
    for (let i = 0; i < 6; i++) {
      await sleep(100);
      fireEvent(document, new Event('visibilitychange'));
    }
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('does not run without a token', async () => {
    const router = renderAt('/dashboard');
    await sleep(500);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('hasTimedOut')).toBeNull();
  });

  it('does not run on public and onboarding routes', async () => {
    localStorage.setItem('token', 'a.b.c');
    const router = renderAt('/');
    await sleep(500);
    expect(router.state.location.pathname).toBe('/');
    await act(() => router.navigate('/dashboard'));
    // The full timeout starts when the route stops being exempt, not at page load.
    await sleep(100);
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/timeout/enter-pin'));
  });

  it('follows another tab that timed out', async () => {
    localStorage.setItem('token', 'a.b.c');
    const router = renderAt('/dashboard/waste', 60_000);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'hasTimedOut', newValue: 'true' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/timeout/enter-pin'));
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard%2Fwaste');
  });

  it('builds the PIN screen address', () => {
    expect(timeoutPinUrl('/dashboard?x=1')).toBe('/timeout/enter-pin?redirect=%2Fdashboard%3Fx%3D1');
  });
});
