import { reportRegisterDevice } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';
import { deviceDb, type OutboxRow } from '../../../lib/device-db';
import { newId } from '../../../lib/ids';
import { isOnline } from '../../../lib/online';
import { readStored, storageKeys, writeStored } from '../../../lib/storage';
import { onSyncPass, syncState } from './outbox-sync';

/**
 * The device's report to the managers: per register session it has sold on, how many of its sales
 * wait for the server and how many need attention, and when it last synced
 * (`PUT /register-sessions/:id/device-report`). Sent after each sync attempt and every 30 s while
 * the device has a network, never more than once per 30 s (a change inside the window is sent at its
 * end), so the open registers show what each till still holds.
 */

export const DEVICE_REPORT_INTERVAL_MS = 30_000;
/** A session whose sales have all synced is reported (as none waiting) while its rows are this recent. */
const SYNCED_REPORT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What one session's report says. */
export interface SessionReport {
  storeId: string;
  sessionId: string;
  pendingSales: number;
  needsAttention: number;
}

/**
 * The sessions this device holds sales of, with their counts: every session with a sale waiting or
 * needing attention, and (as none waiting, so a manager's view clears) a session whose sales all
 * synced in the last day.
 */
export function sessionReports(rows: readonly OutboxRow[], now: number): SessionReport[] {
  const bySession = new Map<string, SessionReport>();
  for (const row of rows) {
    const recent = now - Date.parse(row.soldAt) < SYNCED_REPORT_WINDOW_MS;
    if (row.state === 'synced' && !recent) continue;
    const report = bySession.get(row.sessionId) ?? {
      storeId: row.storeId,
      sessionId: row.sessionId,
      pendingSales: 0,
      needsAttention: 0,
    };
    if (row.state === 'pending') report.pendingSales += 1;
    if (row.state === 'needs-attention') report.needsAttention += 1;
    bySession.set(row.sessionId, report);
  }
  return [...bySession.values()];
}

/** This device's id: made once and kept in local storage (a new one after the storage is cleared). */
export function deviceId(): string {
  const stored = readStored(storageKeys.deviceId);
  if (stored) return stored;
  const id = newId();
  writeStored(storageKeys.deviceId, id);
  return id;
}

export interface DeviceReporterDeps {
  /** Every row of the outbox. */
  rows: () => Promise<OutboxRow[]>;
  send: (report: SessionReport & { deviceId: string; lastSyncedAt: string | null }) => Promise<unknown>;
  lastSyncedAt: () => string | null;
  isOnline: () => boolean;
  now: () => number;
  deviceId: () => string;
  setTimer: (run: () => void, ms: number) => unknown;
}

/**
 * Reports on demand (`request`), at most once per interval: a request inside the interval is sent
 * once at its end. Offline, nothing is sent (the next request after the network returns is).
 */
export function createDeviceReporter(deps: DeviceReporterDeps) {
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let trailing = false;

  const send = async () => {
    if (!deps.isOnline()) return;
    const reports = sessionReports(await deps.rows(), deps.now());
    if (reports.length === 0) return;
    lastSentAt = deps.now();
    const common = { deviceId: deps.deviceId(), lastSyncedAt: deps.lastSyncedAt() };
    // A refusal (signed out, another business's session) or no answer: the next report tries again.
    await Promise.all(reports.map((r) => deps.send({ ...r, ...common }).catch(() => undefined)));
  };

  return {
    async request(): Promise<void> {
      const wait = lastSentAt + DEVICE_REPORT_INTERVAL_MS - deps.now();
      if (wait <= 0) return send();
      if (trailing) return;
      trailing = true;
      deps.setTimer(() => {
        trailing = false;
        void send().catch(() => undefined);
      }, wait);
    },
  };
}

const sendToApi: DeviceReporterDeps['send'] = ({ storeId, sessionId, ...body }) =>
  apiRequest(reportRegisterDevice, {
    params: { sessionId },
    storeId,
    body: {
      deviceId: body.deviceId,
      pendingSales: body.pendingSales,
      needsAttention: body.needsAttention,
      lastSyncedAt: body.lastSyncedAt,
    },
  });

let stopReports: (() => void) | null = null;

/** Starts the tab's reports once: after every sync pass, and every 30 s. */
export function startDeviceReports(): void {
  if (stopReports || typeof window === 'undefined') return;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  const reporter = createDeviceReporter({
    rows: () => deviceDb().outbox.toArray(),
    send: sendToApi,
    lastSyncedAt: () => syncState.get().lastSyncAt,
    isOnline,
    now: () => Date.now(),
    deviceId,
    setTimer: (run, ms) => (trailing = setTimeout(run, ms)),
  });
  const request = () => void reporter.request().catch(() => undefined);
  const offPass = onSyncPass(request);
  const round = setInterval(request, DEVICE_REPORT_INTERVAL_MS);
  stopReports = () => {
    offPass();
    clearInterval(round);
    clearTimeout(trailing);
  };
  request();
}

/** Stops the tab's reports (tests share a worker's modules: one test's reports end with it). */
export function stopDeviceReports(): void {
  stopReports?.();
  stopReports = null;
}
