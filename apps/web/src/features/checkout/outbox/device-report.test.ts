import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRow } from '../../../lib/device-db';
import { LEKKI_ID } from '../../../test/fixtures';
import { createDeviceReporter, DEVICE_REPORT_INTERVAL_MS, deviceId, sessionReports } from './device-report';

afterEach(() => localStorage.clear());

const TILL_1 = '0190a6a0-0000-7000-8000-0000000000e1';
const TILL_2 = '0190a6a0-0000-7000-8000-0000000000e2';
const OLD_TILL = '0190a6a0-0000-7000-8000-0000000000e3';
const NOW = Date.parse('2026-11-26T12:00:00.000Z');

let sequence = 0;
function row(sessionId: string, state: OutboxRow['state'], soldAt = '2026-11-26T09:00:00.000Z'): OutboxRow {
  sequence += 1;
  return {
    saleId: `sale-${sequence}`,
    sequence,
    businessId: '0190a6a0-0000-7000-8000-0000000000a0',
    storeId: LEKKI_ID,
    sessionId,
    cashierId: '0190a6a0-0000-7000-8000-0000000000a1',
    idempotencyKey: `key-${sequence}`,
    soldAt,
    body: { id: `sale-${sequence}`, sessionId, lines: [], payments: [], expectedTotalMinor: 0 },
    offlineReference: null,
    state,
    lastAnswer: null,
  };
}

describe('sessionReports', () => {
  it('counts waiting and refused sales per session, reports a session whose sales synced today as none waiting, and forgets older ones', () => {
    const rows = [
      row(TILL_1, 'pending'),
      row(TILL_1, 'pending'),
      row(TILL_1, 'needs-attention'),
      row(TILL_1, 'synced'),
      row(TILL_2, 'synced'),
      row(OLD_TILL, 'synced', '2026-11-24T09:00:00.000Z'),
    ];
    expect(sessionReports(rows, NOW)).toEqual([
      { storeId: LEKKI_ID, sessionId: TILL_1, pendingSales: 2, needsAttention: 1 },
      { storeId: LEKKI_ID, sessionId: TILL_2, pendingSales: 0, needsAttention: 0 },
    ]);
  });

  it('still reports an old sale that has not synced', () => {
    expect(sessionReports([row(OLD_TILL, 'pending', '2026-11-20T09:00:00.000Z')], NOW)).toEqual([
      { storeId: LEKKI_ID, sessionId: OLD_TILL, pendingSales: 1, needsAttention: 0 },
    ]);
  });
});

describe('deviceId', () => {
  it('is made once and kept', () => {
    const first = deviceId();
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(deviceId()).toBe(first);
    expect(localStorage.getItem('device-id')).toBe(first);
  });
});

describe('createDeviceReporter', () => {
  function setup(rows: OutboxRow[], online = true) {
    let now = NOW;
    const timers: { run: () => void; at: number }[] = [];
    const send = vi.fn(async (_report: unknown) => undefined);
    const reporter = createDeviceReporter({
      rows: async () => rows,
      send,
      lastSyncedAt: () => '2026-11-26T11:58:00.000Z',
      isOnline: () => online,
      now: () => now,
      deviceId: () => 'device-0001',
      setTimer: (run, ms) => timers.push({ run, at: now + ms }),
    });
    return {
      reporter,
      send,
      timers,
      advance: (ms: number) => {
        now += ms;
      },
    };
  }

  it('sends each session’s report with the device id and last sync', async () => {
    const { reporter, send } = setup([row(TILL_1, 'pending'), row(TILL_2, 'needs-attention')]);
    await reporter.request();
    expect(send.mock.calls.map(([r]) => r)).toEqual([
      {
        storeId: LEKKI_ID,
        sessionId: TILL_1,
        pendingSales: 1,
        needsAttention: 0,
        deviceId: 'device-0001',
        lastSyncedAt: '2026-11-26T11:58:00.000Z',
      },
      {
        storeId: LEKKI_ID,
        sessionId: TILL_2,
        pendingSales: 0,
        needsAttention: 1,
        deviceId: 'device-0001',
        lastSyncedAt: '2026-11-26T11:58:00.000Z',
      },
    ]);
  });

  it('sends at most once per 30 s: requests inside the window become one report at its end', async () => {
    const { reporter, send, timers, advance } = setup([row(TILL_1, 'pending')]);
    await reporter.request();
    expect(send).toHaveBeenCalledTimes(1);
    advance(5_000);
    await reporter.request();
    await reporter.request();
    expect(send).toHaveBeenCalledTimes(1);
    expect(timers).toHaveLength(1);
    expect(timers[0]!.at).toBe(NOW + DEVICE_REPORT_INTERVAL_MS);
    advance(25_000);
    timers[0]!.run();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    // Past the window, a request is sent at once.
    advance(DEVICE_REPORT_INTERVAL_MS);
    await reporter.request();
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('sends nothing when the device holds no sales, and that does not hold back the next report', async () => {
    const rows: OutboxRow[] = [];
    const { reporter, send, timers } = setup(rows);
    await reporter.request();
    expect(send).not.toHaveBeenCalled();
    rows.push(row(TILL_1, 'pending'));
    await reporter.request();
    expect(send).toHaveBeenCalledTimes(1);
    expect(timers).toHaveLength(0);
  });

  it('sends nothing offline, and a failed report does not stop the others', async () => {
    const offline = setup([row(TILL_1, 'pending')], false);
    await offline.reporter.request();
    expect(offline.send).not.toHaveBeenCalled();

    const failing = setup([row(TILL_1, 'pending'), row(TILL_2, 'pending')]);
    failing.send.mockRejectedValueOnce(new Error('403'));
    await expect(failing.reporter.request()).resolves.toBeUndefined();
    expect(failing.send).toHaveBeenCalledTimes(2);
  });
});
