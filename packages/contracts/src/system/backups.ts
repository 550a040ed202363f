/**
 * The installation's backups as its owner sees them (decision 0038). A backup holds the whole
 * database, every business in it, so taking and downloading one is for an owner who owns every
 * business of the installation; on an installation shared by several owners its operator backs up.
 */
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';

/** A backup older than this shows a warning on the owner's dashboard. */
export const BACKUP_STALE_HOURS = 48;
/** With no backup yet, the warning waits this long after backups started (the first one is a minute in). */
export const FIRST_BACKUP_GRACE_HOURS = 1;

export const backupReasons = ['daily', 'shutdown', 'manual'] as const;
export type BackupReasonName = (typeof backupReasons)[number];

/** A data file's name as the API gives it (`ipos-backup-20261127T030000Z.tar.gz`). */
const backupFileName = z.string().regex(/^ipos-backup-[0-9A-Za-z-]{1,40}\.tar\.gz$/, 'Not the name of a backup');

export const backupSchema = z.object({
  /** The data file's name; its manifest is the same name ending `.json`. */
  file: z.string(),
  takenAt: z.string().datetime(),
  reason: z.enum(backupReasons),
  bytes: z.number().int(),
  appVersion: z.string(),
  schemaVersion: z.string(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupStatusSchema = z.object({
  database: z.enum(['pglite', 'postgres']),
  /** The embedded database is backed up by iPos (BACKUPS on); false on PostgreSQL, which has its own tools. */
  enabled: z.boolean(),
  /**
   * `owner`: the caller owns every business here and may take and download backups; `operator`: the
   * installation is shared by several owners (or is on PostgreSQL), so whoever runs it backs up.
   */
  managedBy: z.enum(['owner', 'operator']),
  /** When backups started (the app's start); null when they are off. */
  since: z.string().datetime().nullable(),
  /** A backup is being taken now. */
  busy: z.boolean(),
  /**
   * The newest backup is older than BACKUP_STALE_HOURS, or there is none and backups have been on for
   * more than FIRST_BACKUP_GRACE_HOURS: the dashboard warns.
   */
  stale: z.boolean(),
  /** The kept backups, newest first. */
  backups: z.array(backupSchema),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

export const getBackupStatus = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/backups',
  summary: 'Admin mode: whether the installation is backed up, the kept backups, and who may take them',
  tags: ['system'],
  access: 'businesses.manage',
  status: 200,
  response: backupStatusSchema,
});

export const takeBackupNow = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/backups',
  summary:
    'Admin mode: back up the embedded database now (one at a time: 429 BACKUP_IN_PROGRESS while one runs; 403 BACKUP_NOT_OWNER on a shared installation; 409 BACKUPS_OFF)',
  tags: ['system'],
  access: 'businesses.manage',
  status: 201,
  response: backupSchema,
});

/** Which kept backup: its data file's name, as the status lists it. */
export const backupFileQuerySchema = z.object({ file: backupFileName });

export const downloadBackup = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/backups/download',
  summary:
    'Admin mode: one kept backup’s data file (application/gzip), what `npm run restore` takes beside its manifest',
  tags: ['system'],
  access: 'businesses.manage',
  query: backupFileQuerySchema,
  produces: 'application/gzip',
  status: 200,
  response: z.unknown(),
});

export const downloadBackupManifest = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/backups/manifest',
  summary: 'Admin mode: one kept backup’s manifest (JSON: versions, checksum, rows), saved beside its data file',
  tags: ['system'],
  access: 'businesses.manage',
  query: backupFileQuerySchema,
  produces: 'application/json',
  status: 200,
  response: z.unknown(),
});
