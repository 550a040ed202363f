import { afterEach, describe, expect, it, vi } from 'vitest';
import { startDeviceReports, stopDeviceReports } from './device-report';
import { startOutboxSync, stopOutboxSync } from './outbox-sync';

describe("the tab's background sync", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('leaves no round, retry or probe behind once stopped, and starts again after', () => {
    // Only the timers: the device store (fake IndexedDB) keeps its own scheduling.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    startOutboxSync();
    startDeviceReports();
    expect(vi.getTimerCount()).toBeGreaterThanOrEqual(2);
    stopOutboxSync();
    stopDeviceReports();
    expect(vi.getTimerCount()).toBe(0);

    startOutboxSync();
    expect(vi.getTimerCount()).toBe(1);
    stopOutboxSync();
    expect(vi.getTimerCount()).toBe(0);
  });
});
