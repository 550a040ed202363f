import { logger } from './logger';

/** Vite raises this when a lazily loaded chunk (a route's code) cannot be fetched (spec section 8). */
export const PRELOAD_ERROR_EVENT = 'vite:preloadError';

/** sessionStorage: per tab, and not part of the spec's client-stored values that sign-out clears. */
export const RELOADED_AT_KEY = 'ipos.chunk-reload-at';

/** A second failure within this window means the reload did not help: no loop, the error screen shows. */
export const RELOAD_GUARD_MS = 60_000;

export interface PreloadRecoveryOptions {
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
  now?: () => number;
}

/**
 * A deploy replaced the files while this tab was open, so a route's chunk is gone: the page reloads
 * once to pick up the new build. If the chunk still fails right after that reload, the error is
 * left to the route's error screen instead of reloading forever.
 */
export function installPreloadRecovery({
  target = window,
  storage = safeSessionStorage(),
  reload = () => window.location.reload(),
  now = () => Date.now(),
}: PreloadRecoveryOptions = {}): () => void {
  const onPreloadError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    const last = Number(storage?.getItem(RELOADED_AT_KEY) ?? 0);
    if (now() - last < RELOAD_GUARD_MS) {
      logger.error('a route chunk failed to load again after a reload', payload);
      return;
    }
    logger.warn('a route chunk failed to load; reloading once', payload);
    try {
      storage?.setItem(RELOADED_AT_KEY, String(now()));
    } catch {
      // Without storage the guard cannot hold: better the error screen than a reload loop.
      return;
    }
    event.preventDefault();
    reload();
  };
  target.addEventListener(PRELOAD_ERROR_EVENT, onPreloadError);
  return () => target.removeEventListener(PRELOAD_ERROR_EVENT, onPreloadError);
}

function safeSessionStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}
