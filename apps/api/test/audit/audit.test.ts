import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../support/server.js';
import { recordAudit } from '../../src/audit/audit.js';

describe('audit events', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  const db = () => server.deps.database.db;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db().execute(query)) as unknown as { rows: T[] }).rows;

  it('records the demo seed: one event per business, store and membership', async () => {
    const counts = await rows<{ action: string; n: number | string }>(
      sql`select action, count(*) as n from audit_events group by action order by action`,
    );
    const byAction = Object.fromEntries(counts.map((r) => [r.action, Number(r.n)]));
    expect(byAction).toMatchObject({ 'business.created': 1, 'store.created': 2, 'membership.created': 5 });
  });

  it('is append-only: updates, deletes and truncation are refused', async () => {
    await expect(db().execute(sql`update audit_events set action = 'x'`)).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_events`)).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_events`)).rejects.toThrow();
    const [row] = await rows<{ n: number | string }>(sql`select count(*) as n from audit_events where action = 'x'`);
    expect(Number(row!.n)).toBe(0);
  });

  it('commits with the mutation it describes, or not at all', async () => {
    const before = await rows<{ n: number | string }>(sql`select count(*) as n from audit_events`);
    const actor = { accountId: null, requestId: 'test', ip: '127.0.0.1' };
    await expect(
      db().transaction(async (tx) => {
        await recordAudit(tx, actor, { businessId: null, action: 'test.rolled_back', entity: 'test', entityId: '1' });
        throw new Error('the mutation failed');
      }),
    ).rejects.toThrow('the mutation failed');
    const after = await rows<{ n: number | string }>(sql`select count(*) as n from audit_events`);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });

  it('never stores secret fields', async () => {
    const actor = { accountId: null, requestId: 'test', ip: '127.0.0.1' };
    await recordAudit(db(), actor, {
      businessId: null,
      action: 'test.secret',
      entity: 'test',
      entityId: '2',
      after: { pinHash: 'scrypt$abc', password: 'hunter2', name: 'Ada' },
    });
    const [row] = await rows<{ after: Record<string, unknown> }>(
      sql`select "after" from audit_events where action = 'test.secret'`,
    );
    expect(row!.after).toEqual({ pinHash: '[changed]', password: '[changed]', name: 'Ada' });
  });
});
