import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { openDatabase, restorePgliteDataDir } from '../../src/db/client.js';
import {
  countRows,
  knownSchemaVersions,
  listBackups,
  pruneBackups,
  restoreBackup,
  RestoreError,
  type BackupManifest,
  takeBackup,
} from '../../src/db/backups/backup-files.js';
import { startBackups, dailyBackupDue } from '../../src/db/backups/backup-schedule.js';
import { createTestServer, type TestServer } from '../support/server.js';
import { digestOf } from '../support/table-digest.js';

const silentLogger = pino({ level: 'silent' });

describe('when the daily backup is due (server time)', () => {
  const at = (hours: number, minutes = 0) => new Date(2026, 10, 27, hours, minutes);
  const takenAt = (date: Date) => ({ takenAt: date.toISOString() }) as BackupManifest;
  it('at the hour, or on the first check after it when the computer was off; then not until it comes round', () => {
    expect(dailyBackupDue(at(2, 59), 3, undefined)).toBe(true);
    expect(dailyBackupDue(at(2, 59), 3, takenAt(new Date(2026, 10, 26, 3, 0)))).toBe(false);
    expect(dailyBackupDue(at(3, 0), 3, takenAt(new Date(2026, 10, 26, 3, 0)))).toBe(true);
    expect(dailyBackupDue(at(3, 10), 3, takenAt(at(3, 0)))).toBe(false);
    expect(dailyBackupDue(at(23, 0), 3, takenAt(at(3, 0)))).toBe(false);
    // Switched off overnight after a shutdown backup at 23:00, on again at 08:00: the day's one is due.
    expect(dailyBackupDue(at(8, 1), 3, takenAt(new Date(2026, 10, 26, 23, 0)))).toBe(true);
    expect(dailyBackupDue(at(19, 0), 3, takenAt(at(8, 1)))).toBe(false);
  });
});

describe('backups of the embedded database, and the restore drill', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await createTestServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-backups-'));
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('restores the latest backup into a new folder with every table equal to the source', async () => {
    const manifest = await takeBackup(server.deps.database, {
      dir,
      reason: 'manual',
      now: new Date('2026-11-27T03:00:00Z'),
    });
    expect(manifest).toMatchObject({
      format: 1,
      reason: 'manual',
      takenAt: '2026-11-27T03:00:00.000Z',
      file: 'ipos-backup-20261127-030000.tar.gz',
      schemaVersion: knownSchemaVersions().at(-1),
    });
    expect(manifest.tables).toEqual(await countRows(server.deps.database.db));
    expect(manifest.tables.products).toBeGreaterThan(0);
    expect(fs.statSync(path.join(dir, manifest.file)).size).toBe(manifest.bytes);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);

    const latest = listBackups(dir)[0]!;
    const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-restore-')), 'data');
    await restoreBackup(path.join(dir, latest.file), target);
    const restored = await openDatabase({ dataDir: target });
    try {
      expect(await digestOf(restored.db)).toEqual(await digestOf(server.deps.database.db));
    } finally {
      await restored.close();
      fs.rmSync(path.dirname(target), { recursive: true, force: true });
    }

    // The backup file alone (its manifest lost, or left behind on the old computer) restores too.
    const alone = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-alone-'));
    fs.copyFileSync(path.join(dir, latest.file), path.join(alone, latest.file));
    expect(await restoreBackup(path.join(alone, latest.file), path.join(alone, 'data'))).toBeUndefined();
    const fromFile = await openDatabase({ dataDir: path.join(alone, 'data') });
    try {
      expect(await digestOf(fromFile.db)).toEqual(await digestOf(server.deps.database.db));
    } finally {
      await fromFile.close();
      fs.rmSync(alone, { recursive: true, force: true });
    }
  });

  it('backs up a database on disk answering queries while it compresses, leaving no copy, and restores it equal', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-on-disk-'));
    const source = path.join(root, 'source');
    await restorePgliteDataDir(new Blob([fs.readFileSync(inject('pgliteDump'))]), source);
    // A copy left by a snapshot that a power cut interrupted goes when the database opens.
    fs.mkdirSync(path.join(source, '.snapshot-left'));
    fs.writeFileSync(path.join(source, '.snapshot-left', 'PG_VERSION'), '17');
    const database = await openDatabase({ dataDir: source, skipMigrations: true });
    try {
      // Only the copy of its files holds the database: queries are answered while the snapshot is
      // packed and compressed (a dump compressed inside PGlite's lock answered none).
      let dumped = false;
      const dumping = database.dump!().finally(() => (dumped = true));
      let answered = 0;
      while (!dumped) {
        await database.ping();
        answered++;
        // PGlite answers in process: the file system's callbacks need a turn of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect((await dumping).size).toBeGreaterThan(0);
      expect(answered).toBeGreaterThan(10);

      const manifest = await takeBackup(database, {
        dir: path.join(root, 'backups'),
        reason: 'manual',
        now: new Date('2026-11-27T05:00:00Z'),
      });
      expect(fs.readdirSync(source).filter((f) => f.startsWith('.snapshot'))).toEqual([]);
      const target = path.join(root, 'restored');
      await restoreBackup(path.join(root, 'backups', manifest.file), target);
      const restored = await openDatabase({ dataDir: target });
      try {
        expect(await digestOf(restored.db)).toEqual(await digestOf(database.db));
      } finally {
        await restored.close();
      }
    } finally {
      await database.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses a folder that is not empty, a damaged backup and one from a newer iPos, changing nothing', async () => {
    const manifest = await takeBackup(server.deps.database, {
      dir,
      reason: 'manual',
      now: new Date('2026-11-27T04:00:00Z'),
    });
    const file = path.join(dir, manifest.file);
    const busy = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-busy-'));
    fs.writeFileSync(path.join(busy, 'keep.txt'), 'mine');
    await expect(restoreBackup(file, busy)).rejects.toThrow(/not empty/);
    expect(fs.readdirSync(busy)).toEqual(['keep.txt']);

    const damaged = path.join(dir, 'ipos-backup-damaged.tar.gz');
    const bytes = fs.readFileSync(file);
    const middle = bytes.length >> 1;
    bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
    fs.writeFileSync(damaged, bytes);
    fs.writeFileSync(
      damaged.replace('.tar.gz', '.json'),
      JSON.stringify({ ...manifest, file: path.basename(damaged) }),
    );
    const fresh = path.join(busy, 'new');
    await expect(restoreBackup(damaged, fresh)).rejects.toThrow(RestoreError);
    await expect(restoreBackup(damaged, fresh)).rejects.toThrow(/checksum/);
    expect(fs.existsSync(fresh)).toBe(false);
    // Alone, a damaged file is caught by its compression's own check.
    fs.rmSync(damaged.replace('.tar.gz', '.json'));
    await expect(restoreBackup(damaged, fresh)).rejects.toThrow(/damaged/);
    expect(fs.existsSync(fresh)).toBe(false);

    fs.writeFileSync(
      file.replace('.tar.gz', '.json'),
      JSON.stringify({ ...manifest, schemaVersion: '9999_from_the_future' }),
    );
    await expect(restoreBackup(file, fresh)).rejects.toThrow(/newer iPos/);

    // A newer iPos's backup alone: its schema is seen once restored, and the folder is left empty.
    const db = server.deps.database.db;
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', 9999999999999)`,
    );
    const future = await takeBackup(server.deps.database, {
      dir,
      reason: 'manual',
      now: new Date('2026-11-27T04:30:00Z'),
    });
    await db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'from-the-future'`);
    const alone = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-future-'));
    fs.copyFileSync(path.join(dir, future.file), path.join(alone, future.file));
    await expect(restoreBackup(path.join(alone, future.file), path.join(alone, 'data'))).rejects.toThrow(/newer iPos/);
    expect(fs.readdirSync(path.join(alone, 'data'))).toEqual([]);
    fs.rmSync(alone, { recursive: true, force: true });
    fs.rmSync(busy, { recursive: true, force: true });
    fs.rmSync(damaged, { force: true });
    fs.rmSync(damaged.replace('.tar.gz', '.json'), { force: true });
  });

  it('keeps the newest backups and deletes the rest, data and manifest', () => {
    const keepDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-keep-'));
    for (const day of [1, 2, 3]) {
      const name = `ipos-backup-2026112${day}-030000`;
      fs.writeFileSync(path.join(keepDir, `${name}.tar.gz`), 'data');
      fs.writeFileSync(
        path.join(keepDir, `${name}.json`),
        JSON.stringify({ file: `${name}.tar.gz`, takenAt: `2026-11-2${day}T03:00:00.000Z` }),
      );
    }
    fs.writeFileSync(path.join(keepDir, 'notes.txt'), 'not a backup');
    pruneBackups(keepDir, 2);
    expect(listBackups(keepDir).map((b) => b.takenAt)).toEqual([
      '2026-11-23T03:00:00.000Z',
      '2026-11-22T03:00:00.000Z',
    ]);
    expect(fs.readdirSync(keepDir).sort()).toEqual([
      'ipos-backup-20261122-030000.json',
      'ipos-backup-20261122-030000.tar.gz',
      'ipos-backup-20261123-030000.json',
      'ipos-backup-20261123-030000.tar.gz',
      'notes.txt',
    ]);
    fs.rmSync(keepDir, { recursive: true, force: true });
  });

  it('takes one backup at a time, keeps the newest N, and a last one when it stops', async () => {
    const scheduleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-schedule-'));
    let at = Date.parse('2026-11-27T12:00:00Z');
    const backups = startBackups({
      database: server.deps.database,
      config: { enabled: true, dir: scheduleDir, keep: 2, hour: 3 },
      now: () => new Date((at += 1000)),
      log: silentLogger,
    });
    const both = await Promise.all([backups.backUp('manual'), backups.backUp('manual')]);
    expect(both[0].file).not.toBe(both[1].file);
    await backups.stop({ finalBackup: true });
    expect(backups.list().map((b) => b.reason)).toEqual(['shutdown', 'manual']);
    fs.rmSync(scheduleDir, { recursive: true, force: true });
  });
});
