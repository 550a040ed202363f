import { createSale } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';
import { deviceDb } from '../../../lib/device-db';
import { canReachServer, isOnline } from '../../../lib/online';
import type { PassReport } from './outbox';
import type { SendSale } from './outbox-answer';
import { pendingInOrder } from './outbox-store';
import { REPLAY_INTERVAL_MS, Replayer } from './replayer';
import { SyncSchedule } from './sync-schedule';

/** The real sending: POST /api/v1/sales to the store that sold it, with the sale's own key. */
export const sendSaleToApi: SendSale = ({ body, idempotencyKey, storeId }, signal) =>
  apiRequest(createSale, { body, idempotencyKey, storeId, signal });

const LAST_SYNC_KEY = 'ipos.outbox.last-sync';

/** Where the tab's syncing stands, for the register header. */
export interface SyncState {
  syncing: boolean;
  /** The last pass got every answer it asked for (false: the server could not be reached). */
  reachable: boolean;
  /** When the server last answered every sale sent to it (ISO 8601); null: not on this device yet. */
  lastSyncAt: string | null;
}

function readLastSync(): string | null {
  try {
    return localStorage.getItem(LAST_SYNC_KEY);
  } catch {
    return null;
  }
}

let state: SyncState = { syncing: false, reachable: true, lastSyncAt: readLastSync() };
const listeners = new Set<() => void>();
const passListeners = new Set<(report: PassReport) => void>();

function setState(next: Partial<SyncState>) {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

export const syncState = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** Called after each pass (the register's figures are read again). */
export function onSyncPass(listener: (report: PassReport) => void): () => void {
  passListeners.add(listener);
  return () => void passListeners.delete(listener);
}

const replayer = new Replayer({
  // Read at each pass: the device store may have been closed and opened again since.
  get db() {
    return deviceDb();
  },
  send: sendSaleToApi,
  onPass: (report, at) => {
    setState({ reachable: !report.stopped });
    if (!report.stopped) {
      const lastSyncAt = at.toISOString();
      try {
        localStorage.setItem(LAST_SYNC_KEY, lastSyncAt);
      } catch {
        // Shown for this page only.
      }
      setState({ lastSyncAt });
    }
    passListeners.forEach((l) => l(report));
  },
});

/** Sends the waiting sales now ("Sync now", register open, back online). */
export async function syncNow(): Promise<void> {
  setState({ syncing: true });
  try {
    await replayer.sync();
  } catch {
    // The device store could not be read (closed, storage gone): the next try reads it again.
  } finally {
    setState({ syncing: false });
  }
}

let stopSync: (() => void) | null = null;

/**
 * Starts the tab's background sync once (the app's start, or the register's): now and every 30 s
 * while sales wait, at once when the network or the server comes back, and sooner after a pass the
 * server did not answer (`SyncSchedule`), on whatever screen the tab shows.
 */
export function startOutboxSync(): void {
  if (stopSync || typeof window === 'undefined') return;
  const schedule = new SyncSchedule({
    hasWaiting: async () => (await pendingInOrder(deviceDb())).length > 0,
    sync: syncNow,
    isOnline,
    canReachServer,
  });
  const offPass = onSyncPass((report) => schedule.passed(report));
  const online = () => schedule.online();
  window.addEventListener('online', online);
  const round = setInterval(schedule.tick, REPLAY_INTERVAL_MS);
  stopSync = () => {
    offPass();
    window.removeEventListener('online', online);
    clearInterval(round);
    schedule.stop();
  };
  schedule.tick();
}

/**
 * Stops the tab's background sync: no round, retry or probe runs after this. Tests share a worker's
 * modules, so a till started by one test would otherwise send from the device store of the next.
 */
export function stopOutboxSync(): void {
  stopSync?.();
  stopSync = null;
}
