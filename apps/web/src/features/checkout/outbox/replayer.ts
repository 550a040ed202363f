import { replayPass, type OutboxDeps, type PassReport } from './outbox';

/** While sales wait, the queue is tried this often. */
export const REPLAY_INTERVAL_MS = 30_000;

/** Runs `pass` unless another tab of this browser is replaying (then resolves undefined). */
export type ExclusiveRun = (pass: () => Promise<PassReport>) => Promise<PassReport | undefined>;

/** The Web Locks API: one replaying tab at a time; where it is missing, only this tab's guard applies. */
export const webLock: ExclusiveRun = async (pass) => {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return pass();
  return locks.request('ipos-outbox', { ifAvailable: true }, (lock) => (lock ? pass() : undefined));
};

export interface ReplayerDeps extends OutboxDeps {
  exclusive?: ExclusiveRun;
  /** After every pass that ran (the server's answers are in the outbox by then). */
  onPass?: (report: PassReport, at: Date) => void;
}

/**
 * The tab's background replayer: one pass at a time in the tab, one tab at a time in the browser. A
 * sync asked for while a pass runs is run right after it, so a sale queued meanwhile is not left for
 * the next tick.
 */
export class Replayer {
  private running: Promise<PassReport | undefined> | null = null;
  private again = false;

  constructor(private readonly deps: ReplayerDeps) {}

  /** Sends what waits, now (online event, the timer, register open, "Sync now"). */
  sync(): Promise<PassReport | undefined> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async loop(): Promise<PassReport | undefined> {
    let report: PassReport | undefined;
    do {
      this.again = false;
      report = await (this.deps.exclusive ?? webLock)(() => replayPass(this.deps));
      if (report) this.deps.onPass?.(report, this.deps.now?.() ?? new Date());
    } while (this.again && report && !report.stopped);
    return report;
  }
}
