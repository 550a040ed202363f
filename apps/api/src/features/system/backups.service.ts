import { BACKUP_STALE_HOURS, FIRST_BACKUP_GRACE_HOURS, type Backup, type BackupStatus } from '@ipos/contracts';
import { recordAudit } from '../../audit/audit.js';
import type { BackupManifest } from '../../db/backups/backup-files.js';
import type { Backups } from '../../db/backups/backup-schedule.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { countBusinessesOwnedByOthers, ownedBusinessIds } from './backups.repository.js';

const HOUR_MS = 60 * 60 * 1000;
/** How long a caller waits before asking again while a backup is being taken (a shop's takes seconds). */
const BUSY_RETRY_SECONDS = 10;

const summaryOf = (m: BackupManifest): Backup => ({
  file: m.file,
  takenAt: m.takenAt,
  reason: m.reason,
  bytes: m.bytes,
  appVersion: m.appVersion,
  schemaVersion: m.schemaVersion,
});

/**
 * Whether the dashboard warns: the newest backup is older than BACKUP_STALE_HOURS, or none has been
 * taken and backups have been on for longer than the first one needs.
 */
export function backupsStale(newest: Pick<Backup, 'takenAt'> | undefined, since: Date, now: Date): boolean {
  if (newest) return now.getTime() - Date.parse(newest.takenAt) > BACKUP_STALE_HOURS * HOUR_MS;
  return now.getTime() - since.getTime() > FIRST_BACKUP_GRACE_HOURS * HOUR_MS;
}

/** The caller owns every business of the installation: the backups (all of them) are theirs to take. */
async function ownsEverything(deps: AppDeps, accountId: string): Promise<boolean> {
  return (await countBusinessesOwnedByOthers(deps.database.db, accountId)) === 0;
}

export async function getBackupStatus(deps: AppDeps, accountId: string): Promise<BackupStatus> {
  const { backups } = deps;
  const database = deps.database.driver;
  if (!backups)
    return { database, enabled: false, managedBy: 'operator', since: null, busy: false, stale: false, backups: [] };
  const kept = backups.list().map(summaryOf);
  return {
    database,
    enabled: true,
    managedBy: (await ownsEverything(deps, accountId)) ? 'owner' : 'operator',
    since: backups.startedAt.toISOString(),
    busy: backups.busy(),
    stale: backupsStale(kept[0], backups.startedAt, deps.now()),
    backups: kept,
  };
}

/** The backups, for an owner of every business here; refused otherwise, with the reason's own code. */
async function backupsFor(deps: AppDeps, accountId: string): Promise<Backups> {
  if (!deps.backups)
    throw new AppError(
      'BACKUPS_OFF',
      deps.database.driver === 'postgres'
        ? 'iPos does not back up a PostgreSQL database: back it up with pg_dump or your host’s backups'
        : 'Backups are off on this installation (BACKUPS=false)',
    );
  if (!(await ownsEverything(deps, accountId)))
    throw new AppError(
      'BACKUP_NOT_OWNER',
      'A backup holds every business of this installation, and some are not yours: its operator backs it up',
    );
  return deps.backups;
}

/** Each business of the owner records the event in its own audit trail. */
async function auditEach(deps: AppDeps, actor: Actor, action: string, manifest: Backup) {
  const after = { file: manifest.file, takenAt: manifest.takenAt, reason: manifest.reason, bytes: manifest.bytes };
  await deps.database.db.transaction(async (tx) => {
    for (const businessId of await ownedBusinessIds(tx, actor.accountId!))
      await recordAudit(tx, actor, { businessId, action, entity: 'backup', entityId: manifest.file, after });
  });
}

/** Takes a backup now; one at a time (a second request while one runs is a 429, not a queue). */
export async function takeBackupNow(deps: AppDeps, actor: Actor): Promise<Backup> {
  const backups = await backupsFor(deps, actor.accountId!);
  if (backups.busy())
    throw new AppError('BACKUP_IN_PROGRESS', 'A backup is being taken now; try again when it is done', {
      headers: { 'retry-after': String(BUSY_RETRY_SECONDS) },
    });
  const manifest = summaryOf(await backups.backUp('manual'));
  await auditEach(deps, actor, 'installation.backup_taken', manifest);
  return manifest;
}

/** A kept backup's file (data, or with `manifest` its manifest) to send, audited as a download. */
export async function backupFile(
  deps: AppDeps,
  actor: Actor,
  file: string,
  part: 'data' | 'manifest',
): Promise<{ path: string; name: string }> {
  const backups = await backupsFor(deps, actor.accountId!);
  const manifest = backups.list().find((b) => b.file === file);
  const name = part === 'data' ? file : file.replace(/\.tar\.gz$/, '.json');
  const path = manifest && backups.pathOf(name);
  if (!manifest || !path) throw notFound('The backup');
  if (part === 'data') await auditEach(deps, actor, 'installation.backup_downloaded', summaryOf(manifest));
  return { path, name };
}
