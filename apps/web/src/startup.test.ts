import { describe, expect, it, vi } from 'vitest';
import { APP_INITIALIZED, runStartup, startWhenSignedIn, STARTUP_FAILED } from './startup';

describe('start-up sequence (spec section 1)', () => {
  it('mounts the app after the identity-provider check passes, then tracks App Initialized', async () => {
    const order: string[] = [];
    const mounted = await runStartup({
      check: async () => {
        order.push('check');
        return { ok: 1 };
      },
      mount: (checked) => order.push(`mount ${checked.ok}`),
      afterMount: () => order.push(APP_INITIALIZED),
    });
    expect(mounted).toBe(true);
    expect(order).toEqual(['check', 'mount 1', 'App Initialized']);
  });

  it.each([
    ['fails', async () => false as const],
    [
      'throws',
      async (): Promise<false> => {
        throw new Error('Failed to fetch /oidc/.well-known/openid-configuration');
      },
    ],
  ])('mounts nothing and logs "Startup was not okay" with the stack when the check %s', async (_, check) => {
    const mount = vi.fn();
    const afterMount = vi.fn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await runStartup({ check, mount, afterMount })).toBe(false);
    expect(mount).not.toHaveBeenCalled();
    expect(afterMount).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(STARTUP_FAILED, expect.stringMatching(/^Error: .+\n\s+at /));
    expect(STARTUP_FAILED).toBe('Startup was not okay');
    error.mockRestore();
  });

  it('does not track App Initialized when mounting throws', async () => {
    const log = vi.fn();
    const afterMount = vi.fn();
    const mounted = await runStartup({
      check: async () => true,
      mount: () => {
        throw new Error('No #root element in index.html');
      },
      afterMount,
      log,
    });
    expect(mounted).toBe(false);
    expect(afterMount).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('Startup was not okay', expect.stringContaining('No #root element'));
  });
});

describe('work that needs a session', () => {
  function signals(signedIn: boolean) {
    const listeners = new Set<() => void>();
    return {
      listeners,
      signIn: () => [...listeners].forEach((listener) => listener()),
      isSignedIn: () => signedIn,
      onSignedIn: (listener: () => void) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    };
  }

  it('starts at once when a session is kept on the device', () => {
    const start = vi.fn();
    const session = signals(true);
    startWhenSignedIn(start, session);
    expect(start).toHaveBeenCalledOnce();
    expect(session.listeners.size).toBe(0);
  });

  it('waits for the first sign-in when no one is signed in, and starts once', () => {
    const start = vi.fn();
    const session = signals(false);
    startWhenSignedIn(start, session);
    expect(start).not.toHaveBeenCalled();
    session.signIn();
    session.signIn();
    expect(start).toHaveBeenCalledOnce();
    expect(session.listeners.size).toBe(0);
  });
});
