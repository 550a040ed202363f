import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.js';
import type { Database } from '../client.js';
import { listBackups, pruneBackups, takeBackup, type BackupManifest, type BackupReason } from './backup-files.js';

/** How often the daily backup checks whether it is due. */
const CHECK_EVERY_MS = 10 * 60 * 1000;
/** The first check, once the app has settled after starting. */
const FIRST_CHECK_MS = 60 * 1000;

export interface Backups {
  /** Takes a backup now (one at a time: a second call waits for the first), then keeps the newest N. */
  backUp(reason: BackupReason): Promise<BackupManifest>;
  /** The complete backups, newest first. */
  list(): BackupManifest[];
  /** When backups started here (the app's start): a first backup is not yet late before it is due. */
  startedAt: Date;
  /** Whether a backup is being taken now. */
  busy(): boolean;
  /** The path of a kept backup's data file or manifest, by its name; undefined for any other name. */
  pathOf(name: string): string | undefined;
  /** Stops the daily check; with `finalBackup`, takes the shutdown backup first. */
  stop(options?: { finalBackup?: boolean }): Promise<void>;
}

/**
 * Whether the daily backup is due at `now` (server time): none has been taken since the last time the
 * clock passed the backup hour. So it runs at the quiet hour, or a minute after a computer that was off
 * then is switched on, and not again until the hour comes round.
 */
export function dailyBackupDue(now: Date, hour: number, newest: BackupManifest | undefined): boolean {
  const mark = new Date(now.getFullYear(), now.getMonth(), now.getDate(), hour);
  if (now < mark) mark.setDate(mark.getDate() - 1);
  return !newest || Date.parse(newest.takenAt) < mark.getTime();
}

/** The embedded database's backups: the daily one at the quiet hour, on demand, and at shutdown. */
export function startBackups(deps: {
  database: Database;
  config: Config['backups'];
  now: () => Date;
  log: FastifyBaseLogger;
}): Backups {
  const { database, config, now, log } = deps;
  let running: Promise<unknown> = Promise.resolve();
  let pending = 0;
  const startedAt = now();
  const backUp = (reason: BackupReason) => {
    pending += 1;
    const next = running.then(async () => {
      const started = performance.now();
      const manifest = await takeBackup(database, { dir: config.dir, reason, now: now() });
      pruneBackups(config.dir, config.keep);
      log.info(
        { reason, file: manifest.file, bytes: manifest.bytes, ms: Math.round(performance.now() - started) },
        'backup taken',
      );
      return manifest;
    });
    // Settles after `busy()` is false again, so a caller that awaited it may take the next one.
    const done = next.finally(() => {
      pending -= 1;
    });
    running = done.catch(() => undefined);
    return done;
  };
  const check = () => {
    if (!dailyBackupDue(now(), config.hour, listBackups(config.dir)[0])) return;
    backUp('daily').catch((error: unknown) => log.error({ err: error }, 'daily backup failed'));
  };
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  // A computer switched on after the hour takes the day's backup a minute after it starts.
  const first = setTimeout(check, FIRST_CHECK_MS);
  first.unref();
  return {
    backUp,
    list: () => listBackups(config.dir),
    startedAt,
    busy: () => pending > 0,
    pathOf: (name) => {
      const kept = listBackups(config.dir).some(
        (b) => b.file === name || b.file.replace(/\.tar\.gz$/, '.json') === name,
      );
      return kept ? path.join(config.dir, name) : undefined;
    },
    stop: async (options = {}) => {
      clearInterval(timer);
      clearTimeout(first);
      if (options.finalBackup)
        await backUp('shutdown').catch((error: unknown) => log.error({ err: error }, 'shutdown backup failed'));
      await running;
    },
  };
}
