import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPLAY_INTERVAL_MS } from './replayer';
import { retryDelayAfter, SERVER_PROBE_INTERVAL_MS, SyncSchedule } from './sync-schedule';

describe('the retry after a pass the server did not answer', () => {
  it('comes after 3 s, then twice as long each time, never later than the 30-s round', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelayAfter)).toEqual([3_000, 6_000, 12_000, 24_000, 30_000, 30_000]);
    expect(REPLAY_INTERVAL_MS).toBe(30_000);
  });
});

/**
 * A till and its server: the device's network (`network`), whether the server answers at all
 * (`serverUp`) and whether it records the sales sent to it (`recording`). Each sync is one pass,
 * reported to the schedule as the till's sync reports it.
 */
function till() {
  const world = { network: true, serverUp: false, recording: false, syncs: 0, probes: 0 };
  const schedule: SyncSchedule = new SyncSchedule({
    hasWaiting: async () => true,
    isOnline: () => world.network,
    canReachServer: async () => {
      world.probes += 1;
      return world.network && world.serverUp;
    },
    sync: async () => {
      world.syncs += 1;
      const answered = world.network && world.serverUp && world.recording;
      schedule.passed({ recorded: answered ? 1 : 0, refused: 0, stopped: !answered });
    },
  });
  return { world, schedule };
}

describe('the background sync of a till', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends within 5 s of the server answering again after a long outage, though the device kept its network', async () => {
    const { world, schedule } = till();
    // Ten minutes of the server down: the passes' retries have grown to the 30-s round.
    schedule.tick();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(world.syncs).toBeGreaterThan(10);
    expect(world.probes).toBeGreaterThan(100);

    // The back-office computer is up again, just after a retry.
    await vi.advanceTimersToNextTimerAsync();
    const before = world.syncs;
    world.serverUp = true;
    world.recording = true;
    await vi.advanceTimersByTimeAsync(SERVER_PROBE_INTERVAL_MS);
    expect(world.syncs).toBe(before + 1);

    // All sent: the probing stops, and nothing is sent again until the round.
    const probes = world.probes;
    await vi.advanceTimersByTimeAsync(REPLAY_INTERVAL_MS - 1);
    expect(world.probes).toBe(probes);
    expect(world.syncs).toBe(before + 1);
  });

  it('does not send more often to a server that answers but does not record the sales: the retries still grow', async () => {
    const { world, schedule } = till();
    world.serverUp = true;
    schedule.tick();
    await vi.advanceTimersByTimeAsync(3_000 + 6_000 + 12_000 + 24_000 + 30_000 - 1);
    // The first pass, then one at 3, 9, 21 and 45 s.
    expect(world.syncs).toBe(5);
    expect(world.probes).toBeGreaterThan(10);
  });

  it('sends at once when the network comes back, and retries after 3 s however long it was gone', async () => {
    const { world, schedule } = till();
    schedule.tick();
    await vi.advanceTimersByTimeAsync(60_000);
    world.network = false;
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const offlineSyncs = world.syncs;

    world.network = true;
    schedule.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(world.syncs).toBe(offlineSyncs + 1);
    // The server is not back yet; it is 3 s later, and the first retry finds it.
    world.serverUp = true;
    world.recording = true;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(world.syncs).toBe(offlineSyncs + 2);
  });

  it('tries nothing while the device has no network', async () => {
    const { world, schedule } = till();
    world.network = false;
    schedule.tick();
    schedule.passed({ recorded: 0, refused: 0, stopped: true });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(world.syncs).toBe(0);
    expect(world.probes).toBe(0);
  });

  it('neither retries nor probes after stop, though its last pass went unanswered', async () => {
    const { world, schedule } = till();
    schedule.tick();
    await vi.advanceTimersByTimeAsync(0);
    expect(world.syncs).toBe(1);
    schedule.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(world.syncs).toBe(1);
    expect(world.probes).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
