import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether a sale is under way on this page: the register's cart has lines or its payment is open.
 * The checkout says so; the app's update prompt reads it, so a new version never reloads the page
 * in the middle of a sale. Each source holds its own flag (a second register, a payment dialog).
 */
const active = new Set<string>();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function setSaleInProgress(source: string, inProgress: boolean): void {
  const had = active.has(source);
  if (inProgress === had) return;
  if (inProgress) active.add(source);
  else active.delete(source);
  notify();
}

export function isSaleInProgress(): boolean {
  return active.size > 0;
}

export function onSaleInProgressChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Marks a sale in progress while `inProgress` holds and the calling component is mounted. */
export function useMarkSaleInProgress(source: string, inProgress: boolean): void {
  useEffect(() => {
    setSaleInProgress(source, inProgress);
    return () => setSaleInProgress(source, false);
  }, [source, inProgress]);
}

export function useIsSaleInProgress(): boolean {
  return useSyncExternalStore(onSaleInProgressChange, isSaleInProgress, isSaleInProgress);
}
