import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { and, eq } from 'drizzle-orm';
import { restoreBackup } from '../../src/db/backups/backup-files.js';
import { startBackups, type Backups } from '../../src/db/backups/backup-schedule.js';
import { auditEvents } from '../../src/db/schema.js';
import { backupsStale } from '../../src/features/system/backups.service.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant } from '../support/isolation.js';
import { driver } from '../support/test-env.js';

const STATUS = '/api/v1/admin/backups';
const HOUR = 60 * 60 * 1000;

async function as(server: TestServer, email: string, method: 'GET' | 'POST', url: string) {
  return server.app.inject({ method, url, headers: { authorization: `Bearer ${await server.tokenFor(email)}` } });
}

describe('when the dashboard warns about backups', () => {
  const since = new Date('2026-11-27T08:00:00Z');
  const at = (hours: number) => new Date(since.getTime() + hours * HOUR);
  it('warns when the newest backup is over 48 hours old, or none after the first hour', () => {
    expect(backupsStale({ takenAt: at(0).toISOString() }, since, at(48))).toBe(false);
    expect(backupsStale({ takenAt: at(0).toISOString() }, since, at(48.01))).toBe(true);
    expect(backupsStale(undefined, since, at(1))).toBe(false);
    expect(backupsStale(undefined, since, at(1.01))).toBe(true);
  });
});

describe('backups without the embedded backups (PostgreSQL, or BACKUPS off)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server?.close());

  it('says whoever runs the database backs up, and takes or sends nothing', async () => {
    const status = await as(server, DEMO.owner, 'GET', STATUS);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      database: driver,
      enabled: false,
      managedBy: 'operator',
      since: null,
      busy: false,
      stale: false,
      backups: [],
    });
    const take = await as(server, DEMO.owner, 'POST', STATUS);
    expect([take.statusCode, take.json().code]).toEqual([409, 'BACKUPS_OFF']);
    const download = await as(server, DEMO.owner, 'GET', `${STATUS}/download?file=ipos-backup-20261127T030000Z.tar.gz`);
    expect([download.statusCode, download.json().code]).toEqual([409, 'BACKUPS_OFF']);
  });
});

describe.skipIf(driver === 'postgres')('the owner’s backups of the embedded database', () => {
  let server: TestServer;
  let dir: string;
  let backups: Backups;
  let now = Date.parse('2026-11-27T09:00:00Z');
  beforeAll(async () => {
    server = await createTestServer({}, { now: () => new Date(now) });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-backup-api-'));
    backups = startBackups({
      database: server.deps.database,
      config: { enabled: true, dir, keep: 3, hour: 3 },
      now: () => new Date(now),
      log: pino({ level: 'silent' }),
    });
    // As the server wires them when it opens the embedded database itself.
    (server.deps as { backups?: Backups }).backups = backups;
  });
  afterAll(async () => {
    await backups?.stop();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shows the owner of every business none yet, not late within the first hour, late after it', async () => {
    const first = (await as(server, DEMO.owner, 'GET', STATUS)).json();
    expect(first).toMatchObject({ database: 'pglite', enabled: true, managedBy: 'owner', busy: false, stale: false });
    expect(first.backups).toEqual([]);
    now += 2 * HOUR;
    expect((await as(server, DEMO.owner, 'GET', STATUS)).json().stale).toBe(true);
  });

  it('takes one now, audited in the business, and lists it newest first', async () => {
    const res = await as(server, DEMO.owner, 'POST', STATUS);
    expect(res.statusCode).toBe(201);
    const taken = res.json();
    expect(taken).toMatchObject({ reason: 'manual', takenAt: new Date(now).toISOString() });
    expect(taken.bytes).toBeGreaterThan(0);

    const status = (await as(server, DEMO.owner, 'GET', STATUS)).json();
    expect(status).toMatchObject({ stale: false, busy: false });
    expect(status.backups).toEqual([taken]);

    const { businessId } = await demoIds(server);
    const events = await server.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.businessId, businessId), eq(auditEvents.action, 'installation.backup_taken')));
    expect(events.map((e) => [e.entityId, e.actorAccountId])).toEqual([
      [taken.file, await server.accountId(DEMO.owner)],
    ]);
  });

  it('takes one at a time: asked while one is being taken, it answers 429 with Retry-After', async () => {
    // The embedded database answers nothing else while it dumps, so the window is held open here.
    (server.deps as { backups?: Backups }).backups = { ...backups, busy: () => true };
    try {
      const res = await as(server, DEMO.owner, 'POST', STATUS);
      expect([res.statusCode, res.json().code]).toEqual([429, 'BACKUP_IN_PROGRESS']);
      expect(res.headers['retry-after']).toBe('10');
      expect((await as(server, DEMO.owner, 'GET', STATUS)).json().busy).toBe(true);
    } finally {
      (server.deps as { backups?: Backups }).backups = backups;
    }
    expect(backups.list()).toHaveLength(1);
  });

  it('downloads the data file and its manifest, which the restore command accepts side by side', async () => {
    const [backup] = (await as(server, DEMO.owner, 'GET', STATUS)).json().backups;
    const data = await as(server, DEMO.owner, 'GET', `${STATUS}/download?file=${backup.file}`);
    expect(data.statusCode).toBe(200);
    expect(data.headers['content-type']).toBe('application/gzip');
    expect(data.headers['content-disposition']).toBe(`attachment; filename="${backup.file}"`);
    expect(data.rawPayload.byteLength).toBe(backup.bytes);
    const manifest = await as(server, DEMO.owner, 'GET', `${STATUS}/manifest?file=${backup.file}`);
    expect(manifest.statusCode).toBe(200);
    const manifestName = backup.file.replace(/\.tar\.gz$/, '.json');
    expect(manifest.headers['content-disposition']).toBe(`attachment; filename="${manifestName}"`);
    expect(manifest.json().sha256).toBe(createHash('sha256').update(data.rawPayload).digest('hex'));

    // What a browser saves: both files in one Downloads folder, under the names the API gave.
    const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-downloads-'));
    fs.writeFileSync(path.join(downloads, backup.file), data.rawPayload);
    fs.writeFileSync(path.join(downloads, manifestName), manifest.rawPayload);
    const restored = await restoreBackup(path.join(downloads, backup.file), path.join(downloads, 'new-data'));
    expect(restored?.file).toBe(backup.file);
    fs.rmSync(downloads, { recursive: true, force: true });
  });

  it('sends no other file: an unknown backup is a 404, a name that is not a backup a 400', async () => {
    const unknown = await as(server, DEMO.owner, 'GET', `${STATUS}/download?file=ipos-backup-20200101T000000Z.tar.gz`);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND']);
    for (const name of ['..%2F..%2Fpackage.json', 'ipos-backup-x.json', 'ipos-backup-..%2Fx.tar.gz']) {
      const res = await as(server, DEMO.owner, 'GET', `${STATUS}/download?file=${name}`);
      expect(res.statusCode, name).toBe(400);
    }
  });

  it('gives managers, cashiers and a store administrator who is not an owner nothing', async () => {
    const [backup] = backups.list();
    for (const email of [DEMO.admin, DEMO.manager, DEMO.cashier]) {
      for (const [method, url] of [
        ['GET', STATUS],
        ['POST', STATUS],
        ['GET', `${STATUS}/download?file=${backup!.file}`],
        ['GET', `${STATUS}/manifest?file=${backup!.file}`],
      ] as const) {
        const res = await as(server, email, method, url);
        expect([res.statusCode, res.json().code], `${email} ${method} ${url}`).toEqual([403, 'FORBIDDEN']);
      }
    }
  });

  it('on an installation shared by another owner, shows the status and refuses taking and downloading', async () => {
    const other = await registerTenant(server);
    const [backup] = backups.list();
    for (const email of [DEMO.owner, other.email]) {
      const status = await as(server, email, 'GET', STATUS);
      expect(status.json(), email).toMatchObject({ enabled: true, managedBy: 'operator' });
      for (const [method, url] of [
        ['POST', STATUS],
        ['GET', `${STATUS}/download?file=${backup!.file}`],
        ['GET', `${STATUS}/manifest?file=${backup!.file}`],
      ] as const) {
        const res = await as(server, email, method, url);
        expect([res.statusCode, res.json().code], `${email} ${method} ${url}`).toEqual([403, 'BACKUP_NOT_OWNER']);
      }
    }
    expect(backups.list()).toHaveLength(1);
  });
});
