import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  auditSections,
  exportAuditEvents,
  getStoreSettings,
  listAuditEvents,
  listAuditPeople,
  updateStoreSettings,
  type AuditEvent,
  type StoreSettings,
} from '@ipos/contracts';
import { queryRows } from '../../src/db/client.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant, type Tenant } from '../support/isolation.js';
import { caller, fieldsOf } from '../inventory/helpers.js';

type Page = { items: AuditEvent[]; nextCursor: string | null };

/**
 * The audit trail: the business's events newest first in keyset pages, filtered by
 * person, action, section, record, store and days; CSV of the filtered set; settings.audit only; never
 * another business's events.
 */
describe('audit trail', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let shop: Tenant;
  const call = () => caller(server, DEMO.owner);
  const list = async (query: Record<string, string>, as: string = DEMO.owner, storeId = demo.lekkiId) => {
    const res = await call()(listAuditEvents, { as, storeId, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    shop = await registerTenant(server);
    // Two changes of the shop's store settings: events of a business of its own.
    for (const address of ['1 Market Road', '2 Market Road']) {
      const current = (
        await call()(getStoreSettings, { as: shop.email, storeId: shop.storeId, params: { storeId: shop.storeId } })
      ).json() as StoreSettings;
      const res = await call()(updateStoreSettings, {
        as: shop.email,
        storeId: shop.storeId,
        params: { storeId: shop.storeId },
        body: { version: current.version, address },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => server.close());

  it('pages through the whole trail newest first, each event once, with people’s names and stores', async () => {
    const [row] = await queryRows<{ count: string | number }>(
      server.deps.database.db,
      sql`select count(*) as count from audit_events where business_id = ${demo.businessId}`,
    );
    const seen: AuditEvent[] = [];
    let cursor: string | null = null;
    do {
      const page = await list({ limit: '200', ...(cursor ? { cursor } : {}) });
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(Number(row!.count));
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    const times = seen.map((e) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    // Events carry the person's name and the store's.
    const inStore = seen.find((e) => e.store && e.actor)!;
    expect(inStore.actor!.name).not.toBe('Unknown');
    expect([demo.lekkiId, demo.ikejaId]).toContain(inStore.store!.id);
    // Every section the demo's events use has a name in the contracts.
    for (const section of new Set(seen.map((e) => e.section))) expect(Object.keys(auditSections)).toContain(section);
  });

  it('filters by section, action, its beginning, record, person and days', async () => {
    const as = shop.email;
    const all = await list({}, as, shop.storeId);
    expect(all.items.length).toBeGreaterThan(3);
    const store = await list({ section: 'store' }, as, shop.storeId);
    // Newest first: the two changes, then the store's creation at sign-up.
    expect(store.items.map((e) => e.action)).toEqual(['store.updated', 'store.updated', 'store.created']);
    expect(store.items[0]!.after).toEqual({ address: '2 Market Road' });
    expect(store.items[0]!.before).toEqual({ address: '1 Market Road' });
    expect((await list({ action: 'store.' }, as, shop.storeId)).items).toHaveLength(3);
    expect((await list({ action: 'store.updated' }, as, shop.storeId)).items).toHaveLength(2);
    expect((await list({ action: 'store' }, as, shop.storeId)).items).toHaveLength(0); // not a prefix: exact
    expect((await list({ recordId: shop.storeId, section: 'store' }, as, shop.storeId)).items).toHaveLength(3);
    expect((await list({ actorId: shop.accountId, action: 'store.updated' }, as, shop.storeId)).items).toHaveLength(2);
    expect((await list({ actorId: demo.businessId, section: 'store' }, as, shop.storeId)).items).toHaveLength(0);
    const lastYear = { from: '2025-01-01', to: '2025-01-31' };
    expect((await list(lastYear, as, shop.storeId)).items).toHaveLength(0);
  });

  it('never shows another business’s events, and is for settings.audit holders', async () => {
    const theirs = await list({ limit: '200' }, shop.email, shop.storeId);
    const [row] = await queryRows<{ count: string | number }>(
      server.deps.database.db,
      sql`select count(*) as count from audit_events where business_id = ${shop.businessId}`,
    );
    expect(theirs.items).toHaveLength(Number(row!.count));
    expect(theirs.items.some((e) => e.store && e.store.id !== shop.storeId)).toBe(false);
    const cashier = await call()(listAuditEvents, { as: DEMO.cashier, storeId: demo.ikejaId, query: {} });
    expect(cashier.statusCode).toBe(403);
    // The manager of Lekki holds settings.audit.
    expect((await list({ limit: '1' }, DEMO.manager)).items).toHaveLength(1);
  });

  it('names everyone who appears in the trail, for the person filter', async () => {
    const res = await call()(listAuditPeople, { as: shop.email, storeId: shop.storeId });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { items: { id: string }[] }).items.map((p) => p.id)).toEqual([shop.accountId]);
    const demoPeople = await call()(listAuditPeople, { storeId: demo.lekkiId });
    const [row] = await queryRows<{ count: string | number }>(
      server.deps.database.db,
      sql`select count(distinct actor_account_id) as count from audit_events where business_id = ${demo.businessId}`,
    );
    expect((demoPeople.json() as { items: unknown[] }).items).toHaveLength(Number(row!.count));
  });

  it('refuses a bad cursor, section or period on the field', async () => {
    for (const [query, field] of [
      [{ cursor: 'not-a-cursor' }, 'querystring.cursor'],
      [{ section: 'everything' }, 'querystring.section'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'querystring.to'],
      [{ action: 'DROP TABLE' }, 'querystring.action'],
    ] as const) {
      const res = await call()(listAuditEvents, { storeId: demo.lekkiId, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
  });

  it('exports the filtered trail as CSV, one row per event', async () => {
    const res = await call()(exportAuditEvents, {
      as: shop.email,
      storeId: shop.storeId,
      query: { section: 'store' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('When,Person,Action,Section,Record,Store,Before,After,Request');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(',store.updated,Stores,');
    expect(lines[1]).toContain('"{""address"":""2 Market Road""}"');
  });

  it('guards every text cell of the export a spreadsheet would run as a formula', async () => {
    const hostile = ['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(A1)', '\tfoo', '\rbar'];
    const db = server.deps.database.db;
    const [{ name: storeName } = { name: '' }] = await queryRows<{ name: string }>(
      db,
      sql`select name from stores where id = ${shop.storeId}`,
    );
    // The store's name straight into the table (the settings form trims a leading tab or line break):
    // the export must hold whatever a name can be.
    for (const name of hostile) {
      await db.execute(sql`update stores set name = ${name} where id = ${shop.storeId}`);
      const res = await call()(exportAuditEvents, {
        as: shop.email,
        storeId: shop.storeId,
        query: { section: 'store' },
      });
      expect(res.statusCode).toBe(200);
      const guarded = `,"'${name.replace(/"/g, '""')}",`;
      const rows = res.body.split('\r\n').filter((l) => l.includes(',store.updated,'));
      expect(rows.length, JSON.stringify(name)).toBe(2);
      for (const row of rows) expect(row, JSON.stringify(name)).toContain(`,${shop.storeId}${guarded}`);
    }
    await db.execute(sql`update stores set name = ${storeName} where id = ${shop.storeId}`);
  });
});
