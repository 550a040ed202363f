import { useSyncExternalStore } from 'react';

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
