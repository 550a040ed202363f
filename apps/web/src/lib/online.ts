import { useEffect, useState, useSyncExternalStore } from 'react';
import { getHealth } from '@ipos/contracts';
import { apiRequest, isApiError } from './api-client';

/**
 * Whether the device says it has a network (`navigator.onLine`). False is certain (no network);
 * true only means a network is there, not that the server answers.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** `isOnline()`, kept current as the network comes and goes. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** How long a probe waits for the server before calling it unreachable. */
export const SERVER_PROBE_TIMEOUT_MS = 3000;

/** Whether the server answers at all (any answer counts; no answer within the timeout does not). */
export async function canReachServer(timeoutMs = SERVER_PROBE_TIMEOUT_MS): Promise<boolean> {
  try {
    await apiRequest(getHealth, { signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch (error) {
    return isApiError(error) && error.status > 0;
  }
}

/** The page came from the service worker's copy of the app, which it serves with the network gone. */
function isServedByServiceWorker(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}

/**
 * True when the server cannot be reached: the device has no network, or (the app having opened from
 * the service worker's copy) the server does not answer a probe — a shop's Wi-Fi without internet
 * still says "online". Asked again whenever the network comes back.
 */
export function useServerUnreachable(probe: () => Promise<boolean> = canReachServer): boolean {
  const online = useIsOnline();
  const [answered, setAnswered] = useState<boolean | null>(null);
  useEffect(() => {
    if (!online || !isServedByServiceWorker()) return;
    let live = true;
    void probe().then((reachable) => {
      if (live) setAnswered(reachable);
    });
    return () => {
      live = false;
    };
  }, [online, probe]);
  return !online || answered === false;
}
