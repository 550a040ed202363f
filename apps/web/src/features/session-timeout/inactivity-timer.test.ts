import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_INACTIVITY_TIMEOUT_MS, InactivityTimer, MAX_TICK_MS, tickIntervalMs } from './inactivity-timer';

describe('tick interval (spec section 9: at most every 5 seconds)', () => {
  it.each([
    [DEFAULT_INACTIVITY_TIMEOUT_MS, MAX_TICK_MS],
    [60_000, MAX_TICK_MS],
    [4_000, 1_000],
    [100, 50],
  ])('a timeout of %i ms ticks every %i ms', (timeout, tick) => {
    expect(tickIntervalMs(timeout)).toBe(tick);
  });

  it('defaults to 15 minutes', () => {
    expect(DEFAULT_INACTIVITY_TIMEOUT_MS).toBe(900_000);
  });
});

describe('InactivityTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function timer(timeoutMs = 4_000, isActive = () => true) {
    const onExpire = vi.fn();
    const t = new InactivityTimer({ timeoutMs, onExpire, isActive });
    return { t, onExpire };
  }

  it('fires once the timeout passes without activity', () => {
    const { t, onExpire } = timer();
    t.start();
    vi.advanceTimersByTime(3_999);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(t.isRunning).toBe(false);
  });

  it('fires within one tick of the deadline on the default timeout', () => {
    const { t, onExpire } = timer(DEFAULT_INACTIVITY_TIMEOUT_MS);
    t.start();
    vi.advanceTimersByTime(DEFAULT_INACTIVITY_TIMEOUT_MS - 1);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MAX_TICK_MS);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('starts the full timeout again on every activity', () => {
    const { t, onExpire } = timer();
    t.start();
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(3_000);
      t.recordActivity();
    }
    expect(onExpire).not.toHaveBeenCalled();
    expect(t.remainingMs()).toBe(4_000);
    vi.advanceTimersByTime(5_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('does not let activity after the deadline revive the session', () => {
    // A device that slept: no tick ran, but the deadline has passed.
    let now = 0;
    const onExpire = vi.fn();
    const t = new InactivityTimer({
      timeoutMs: 4_000,
      onExpire,
      isActive: () => true,
      now: () => now,
      setInterval: () => 1,
      clearInterval: () => undefined,
    });
    t.start();
    now = 10_000;
    t.recordActivity();
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('stands still while inactive (no token, exempt route) and starts afresh when active', () => {
    let active = false;
    const { t, onExpire } = timer(4_000, () => active);
    t.start();
    vi.advanceTimersByTime(60_000);
    expect(onExpire).not.toHaveBeenCalled();
    active = true;
    vi.advanceTimersByTime(3_000);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('stops and can be re-armed', () => {
    const { t, onExpire } = timer();
    t.start();
    t.stop();
    vi.advanceTimersByTime(10_000);
    expect(onExpire).not.toHaveBeenCalled();
    t.start();
    vi.advanceTimersByTime(5_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    t.rearm();
    t.start();
    vi.advanceTimersByTime(5_000);
    expect(onExpire).toHaveBeenCalledTimes(2);
  });
});
