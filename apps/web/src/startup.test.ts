import { describe, expect, it, vi } from 'vitest';
import { APP_INITIALIZED, runStartup, STARTUP_FAILED } from './startup';

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
