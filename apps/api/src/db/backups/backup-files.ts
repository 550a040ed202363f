import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { APP_VERSION } from '../../config/app-version.js';
import { migrationsFolder, queryRows, restorePgliteDataDir, type Database, type Executor } from '../client.js';

/**
 * Backups of the embedded database: a consistent snapshot of its whole data directory (PGlite's own
 * dump, the form it loads back), gzip-compressed, written beside a manifest that says what it is and
 * how to check it. `ipos-backup-<time>.tar.gz` holds the data; `<same>.json` the manifest. A backup is
 * written under a temporary name and renamed once complete, so a crash mid-way leaves no half backup
 * that looks whole.
 */
export type BackupReason = 'daily' | 'shutdown' | 'manual';

export interface BackupManifest {
  format: 1;
  appVersion: string;
  /** The last migration the database had: a restore refuses a backup newer than the app. */
  schemaVersion: string;
  takenAt: string;
  reason: BackupReason;
  /** The data file's name, beside the manifest. */
  file: string;
  bytes: number;
  sha256: string;
  /** Rows per table, counted just before the snapshot. */
  tables: Record<string, number>;
}

const PREFIX = 'ipos-backup-';

/** The migrations this build knows, oldest first (their tags, e.g. `0021_register_favourites`). */
export function knownSchemaVersions(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((e) => e.tag);
}

/** The database's tables with their exact row counts. */
export async function countRows(db: Executor): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from ${sql.identifier(name)}`);
    counts[name] = Number(row!.n);
  }
  return counts;
}

async function appliedSchemaVersion(db: Executor): Promise<string> {
  const known = knownSchemaVersions();
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from drizzle.__drizzle_migrations`,
  );
  return known[Number(row!.n) - 1] ?? 'none';
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `2026-11-27T03:00:00.000Z` → `20261127-030000`: sorts by time and is safe in any file system. */
function stamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
}

/**
 * Takes one backup into `dir` and returns its manifest. The embedded database answers nothing else
 * only while its files are copied (`Database.dump`); the compression, checksum and writing leave it
 * serving requests. PostgreSQL has its own tools.
 */
export async function takeBackup(
  database: Database,
  options: { dir: string; reason: BackupReason; now: Date },
): Promise<BackupManifest> {
  if (!database.dump) throw new Error('Only the embedded database is backed up by iPos; use pg_dump for PostgreSQL');
  fs.mkdirSync(options.dir, { recursive: true });
  const tables = await countRows(database.db);
  const schemaVersion = await appliedSchemaVersion(database.db);
  const data = new Uint8Array(await (await database.dump()).arrayBuffer());
  const sha256 = await sha256InSlices(data);
  let name = `${PREFIX}${stamp(options.now)}`;
  // Two backups within a second (a manual one, then a shutdown) keep both.
  for (let n = 2; fs.existsSync(path.join(options.dir, `${name}.tar.gz`)); n++)
    name = `${PREFIX}${stamp(options.now)}-${n}`;
  const manifest: BackupManifest = {
    format: 1,
    appVersion: APP_VERSION,
    schemaVersion,
    takenAt: options.now.toISOString(),
    reason: options.reason,
    file: `${name}.tar.gz`,
    bytes: data.byteLength,
    sha256,
    tables,
  };
  await writeWhole(path.join(options.dir, manifest.file), data);
  await writeWhole(path.join(options.dir, `${name}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The SHA-256 of a large backup, a slice at a time, so requests are answered between slices. */
async function sha256InSlices(data: Uint8Array): Promise<string> {
  const hash = createHash('sha256');
  const slice = 4 * 1024 * 1024;
  for (let at = 0; at < data.byteLength; at += slice) {
    hash.update(data.subarray(at, at + slice));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return hash.digest('hex');
}

/** Writes off the event loop (selling goes on while a backup reaches the disk). */
async function writeWhole(file: string, data: Uint8Array | string) {
  const partial = `${file}.partial`;
  const handle = await fs.promises.open(partial, 'w');
  try {
    await handle.writeFile(data);
    // On the disk before it takes its real name: a power cut leaves a .partial file, never a bad backup.
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(partial, file);
}

/** The complete backups in `dir`, newest first (a manifest whose data file is missing is left out). */
export function listBackups(dir: string): BackupManifest[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(PREFIX) && f.endsWith('.json'))
    .flatMap((f) => {
      try {
        const manifest = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as BackupManifest;
        return fs.existsSync(path.join(dir, manifest.file)) ? [manifest] : [];
      } catch {
        return [];
      }
    })
    .sort((a, b) => (a.takenAt < b.takenAt ? 1 : a.takenAt > b.takenAt ? -1 : b.file.localeCompare(a.file)));
}

/** Keeps the newest `keep` backups in `dir` and deletes the rest (data and manifest). */
export function pruneBackups(dir: string, keep: number): void {
  for (const old of listBackups(dir).slice(keep)) {
    fs.rmSync(path.join(dir, old.file), { force: true });
    fs.rmSync(path.join(dir, old.file.replace(/\.tar\.gz$/, '.json')), { force: true });
  }
}

export class RestoreError extends Error {}

/**
 * Reads a backup for restoring: with its manifest beside it, the data's checksum and a schema this
 * build can run (an older one is migrated forward at start; a newer one needs a newer iPos). A backup
 * file alone (copied or downloaded without its manifest) is checked by gzip's own check of every byte
 * instead, and its schema once restored.
 */
export async function readBackup(file: string): Promise<{ manifest: BackupManifest | undefined; data: Uint8Array }> {
  const manifestFile = file.replace(/\.tar\.gz$/, '.json');
  if (!fs.existsSync(file)) throw new RestoreError(`No backup at ${file}`);
  if (!fs.existsSync(manifestFile)) {
    if (!(await gzipIsWhole(file)))
      throw new RestoreError(
        'The backup is damaged or incomplete (its compression does not check out); use another one',
      );
    return { manifest: undefined, data: new Uint8Array(fs.readFileSync(file)) };
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  const data = new Uint8Array(fs.readFileSync(file));
  if (data.byteLength !== manifest.bytes || sha256Of(data) !== manifest.sha256)
    throw new RestoreError('The backup does not match its checksum: it is damaged or incomplete; use another one');
  if (manifest.schemaVersion !== 'none' && !knownSchemaVersions().includes(manifest.schemaVersion))
    throw newerSchema(manifest.schemaVersion, manifest.appVersion);
  return { manifest, data };
}

const newerSchema = (schema: string, appVersion?: string) =>
  new RestoreError(
    `The backup was taken by a newer iPos (schema ${schema}); restore it with iPos ${appVersion ?? 'of that schema'} or later`,
  );

/** Whether a gzip file decompresses whole (gzip checks every byte with its CRC), without holding it in memory. */
async function gzipIsWhole(file: string): Promise<boolean> {
  try {
    await pipeline(
      fs.createReadStream(file),
      zlib.createGunzip(),
      new Writable({
        write: (_chunk, _encoding, done) => done(),
      }),
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * Restores a backup as the database of a new data folder (refusing one that holds anything), after
 * checking it (see `readBackup`). The app then starts on that folder as on any other. Answers the
 * backup's manifest, or undefined for a backup file restored alone.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<BackupManifest | undefined> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0)
    throw new RestoreError(`${dataDir} is not empty: restore into a new, empty folder (nothing was changed)`);
  const { manifest, data } = await readBackup(file);
  // Said to be gzip, so PGlite unpacks it without first trying it as a plain tar.
  const migrations = await restorePgliteDataDir(new Blob([data], { type: 'application/gzip' }), dataDir);
  const known = knownSchemaVersions();
  if (!manifest && migrations > known.length) {
    // Without a manifest the schema is known only now: the folder is emptied again, as it was.
    for (const entry of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    throw newerSchema(`after ${known.at(-1)}`);
  }
  return manifest;
}
