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
  const backUp = (reason: BackupReason) => {
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
    running = next.catch(() => undefined);
    return next;
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
    stop: async (options = {}) => {
      clearInterval(timer);
      clearTimeout(first);
      if (options.finalBackup)
        await backUp('shutdown').catch((error: unknown) => log.error({ err: error }, 'shutdown backup failed'));
      await running;
    },
  };
}
