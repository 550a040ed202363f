import type { PassReport } from './outbox';
import { REPLAY_INTERVAL_MS } from './replayer';

/** The first retry after a pass the server did not answer; later ones wait twice as long each time. */
const FIRST_RETRY_MS = 3_000;

/**
 * How long after the `failures`-th pass in a row that the server did not answer the next one comes:
 * 3 s, then twice as long each time, up to the 30-s round. A server that restarts (the back-office
 * computer rebooted) gets the till's sales within seconds of answering again, not at the next round.
 */
export function retryDelayAfter(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), REPLAY_INTERVAL_MS);
}

/** While the server does not answer, it is asked this often whether it is back (a cheap GET). */
export const SERVER_PROBE_INTERVAL_MS = 5_000;

export interface SyncScheduleDeps {
  /** Whether sales wait to be sent. */
  hasWaiting: () => Promise<boolean>;
  /** One sync (its pass, when it runs, is reported to `passed`). */
  sync: () => Promise<void>;
  /** Whether the device says it has a network. */
  isOnline: () => boolean;
  /** Whether the server answers at all. */
  canReachServer: () => Promise<boolean>;
}

/**
 * When the tab's background sync runs: on each round while sales wait, after a pass the server did
 * not answer (`retryDelayAfter`), at once when the network comes back, and at once when the server
 * answers again after it did not. The device's network says little: a shop's Wi-Fi stays up while
 * the back-office computer restarts, and a browser may never tell the page that the network went.
 * So while passes go unanswered the server is asked every 5 s whether it is back (that costs it
 * nothing while it is down, and little when it answers but is slow); the first answer after none
 * sends the waiting sales, rather than the retry that by then may be half a minute off. A server
 * that answers but is slow to record sales gets the retries' growing pauses instead.
 */
export class SyncSchedule {
  private failures = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private probing: ReturnType<typeof setInterval> | undefined;
  private serverWasDown = false;

  constructor(private readonly deps: SyncScheduleDeps) {}

  /** The round (and every retry): a sync when the device has a network and sales wait. */
  readonly tick = (): void => {
    if (!this.deps.isOnline()) return;
    void this.deps
      .hasWaiting()
      .then((waiting) => (waiting ? this.deps.sync() : undefined))
      .catch(() => undefined);
  };

  /** After every pass: the retries count the passes in a row that the server did not answer. */
  passed(report: PassReport): void {
    this.cancelRetry();
    if (!report.stopped) {
      this.failures = 0;
      this.stopProbing();
      return;
    }
    this.failures += 1;
    this.retry = setTimeout(this.tick, retryDelayAfter(this.failures));
    this.probing ??= setInterval(this.probe, SERVER_PROBE_INTERVAL_MS);
  }

  /** The network is back: a sync now, and should the server not answer yet, the first retry soon. */
  online(): void {
    this.cancelRetry();
    this.failures = 0;
    this.serverWasDown = false;
    void this.deps.sync().catch(() => undefined);
  }

  /** Nothing more is tried: the retry and the probing end (the round belongs to whoever set it). */
  stop(): void {
    this.cancelRetry();
    this.stopProbing();
  }

  private readonly probe = (): void => {
    if (!this.deps.isOnline()) {
      this.serverWasDown = true;
      return;
    }
    void this.deps.canReachServer().then((reachable) => {
      if (this.probing === undefined) return;
      const back = reachable && this.serverWasDown;
      this.serverWasDown = !reachable;
      if (back) this.tick();
    });
  };

  private cancelRetry(): void {
    clearTimeout(this.retry);
    this.retry = undefined;
  }

  private stopProbing(): void {
    clearInterval(this.probing);
    this.probing = undefined;
    this.serverWasDown = false;
  }
}
