import { describe, expect, it, vi } from 'vitest';
import { installPreloadRecovery, PRELOAD_ERROR_EVENT, RELOADED_AT_KEY } from './preload-recovery';

/** What Vite's preload helper does when a chunk fails: returns whether a listener handled it. */
function raisePreloadError(error: unknown, target: Pick<Window, 'dispatchEvent'>): boolean {
  const event = new Event(PRELOAD_ERROR_EVENT, { cancelable: true }) as Event & { payload?: unknown };
  event.payload = error;
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

function setup(start = 1_000_000) {
  let now = start;
  const reload = vi.fn();
  const target = new EventTarget() as unknown as Window;
  const storage = new Map<string, string>();
  const uninstall = installPreloadRecovery({
    target,
    reload,
    now: () => now,
    storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
  });
  return { reload, target, storage, uninstall, advance: (ms: number) => (now += ms) };
}

describe('a failed route chunk (spec section 8)', () => {
  it('reloads the page once', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { reload, target, storage } = setup();
    expect(raisePreloadError(new Error('Failed to fetch dynamically imported module'), target)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.get(RELOADED_AT_KEY)).toBe('1000000');
    // Right after that reload the chunk fails again: no loop, the error goes on to the error screen.
    expect(raisePreloadError(new Error('again'), target)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('reloads again for a later deploy', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { reload, target, advance } = setup();
    raisePreloadError(new Error('x'), target);
    advance(10 * 60_000);
    raisePreloadError(new Error('y'), target);
    expect(reload).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });

  it('stops listening when uninstalled', () => {
    const { reload, target, uninstall } = setup();
    uninstall();
    expect(raisePreloadError(new Error('x'), target)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
