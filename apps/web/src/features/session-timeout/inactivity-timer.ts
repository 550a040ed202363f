/** Spec section 9: the inactivity timer ticks at most every 5 seconds. */
export const MAX_TICK_MS = 5_000;

/** Spec section 9: 15 minutes unless `/config.json` says otherwise. */
export const DEFAULT_INACTIVITY_TIMEOUT_MS = 15 * 60 * 1000;

/**
 * How often the timer looks at the clock: every 5 s at most, and often enough that a short timeout
 * (seconds, in tests or a shared till) still ends within a quarter of itself.
 */
export function tickIntervalMs(timeoutMs: number): number {
  return Math.max(50, Math.min(MAX_TICK_MS, Math.floor(timeoutMs / 4)));
}

export interface InactivityTimerOptions {
  timeoutMs: number;
  /** Called once when the timeout passes while the timer is active. */
  onExpire: () => void;
  /**
   * Whether the timeout applies right now (a token exists and the route is not exempt). While it does
   * not, the clock stands still: the full timeout starts again once it applies.
   */
  isActive: () => boolean;
  now?: () => number;
  setInterval?: (handler: () => void, ms: number) => unknown;
  clearInterval?: (id: unknown) => void;
}

/**
 * Remembers the moment of the last activity and compares it with the clock on an interval, rather
 * than re-arming a timeout on every mouse move: activity only writes a number, and a device that
 * slept past the deadline is caught on the first tick after waking.
 */
export class InactivityTimer {
  private lastActivityAt: number;
  private intervalId: unknown;
  private expired = false;
  private readonly now: () => number;
  private readonly setIntervalFn: (handler: () => void, ms: number) => unknown;
  private readonly clearIntervalFn: (id: unknown) => void;

  constructor(private readonly options: InactivityTimerOptions) {
    this.now = options.now ?? (() => Date.now());
    this.setIntervalFn = options.setInterval ?? ((handler, ms) => globalThis.setInterval(handler, ms));
    this.clearIntervalFn =
      options.clearInterval ?? ((id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>));
    this.lastActivityAt = this.now();
  }

  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  start(): void {
    if (this.intervalId !== undefined) return;
    this.expired = false;
    this.lastActivityAt = this.now();
    this.intervalId = this.setIntervalFn(() => this.check(), tickIntervalMs(this.options.timeoutMs));
  }

  stop(): void {
    if (this.intervalId === undefined) return;
    this.clearIntervalFn(this.intervalId);
    this.intervalId = undefined;
  }

  get isRunning(): boolean {
    return this.intervalId !== undefined;
  }

  /**
   * Someone used the app. Activity after the deadline does not revive the session: the check runs
   * first, exactly as if the timer had fired on time.
   */
  recordActivity(): void {
    if (this.check()) return;
    this.lastActivityAt = this.now();
  }

  /** Milliseconds left before the timeout, for tests and diagnostics. */
  remainingMs(): number {
    return Math.max(0, this.lastActivityAt + this.options.timeoutMs - this.now());
  }

  /** Looks at the clock; returns true when the timeout fired now or earlier. */
  check(): boolean {
    if (this.expired) return true;
    if (!this.options.isActive()) {
      // The timeout does not apply here (public route, no token): the clock stands still.
      this.lastActivityAt = this.now();
      return false;
    }
    if (this.now() - this.lastActivityAt < this.options.timeoutMs) return false;
    this.expired = true;
    this.stop();
    this.options.onExpire();
    return true;
  }

  /** After the person unlocked (or moved to an exempt route), the timer can run again. */
  rearm(): void {
    this.expired = false;
    this.lastActivityAt = this.now();
  }
}
