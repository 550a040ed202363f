import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  closeRegisterSession,
  getRegisterSession,
  listRegisterSessions,
  openRegisterSession,
  recordCashMovement,
  type RegisterSession,
} from '@ipos/contracts';
import { auditEvents, registerSessions, salePayments, sales } from '../../src/db/schema.js';
import { findOpenSession, sessionSummary } from '../../src/features/checkout/registers.repository.js';
import { newId } from '../../src/lib/ids.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { caller, fieldsOf } from '../inventory/helpers.js';

type Res = { statusCode: number; body: string; json(): unknown };

describe('register sessions', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  let otherSession: RegisterSession;
  let call: ReturnType<typeof caller>;
  let managerId: string;
  let saleSeq = 0;

  const ok = async <T>(res: Res, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const problem = (res: Res, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ status, code });
  };
  const unique = (prefix: string) => `${prefix} ${newId().slice(-6)}`;
  const open = async (body: Record<string, unknown>, storeId = demo.lekkiId, as: string = DEMO.manager) =>
    ok<RegisterSession>(await call(openRegisterSession, { as, storeId, body }), 201);
  const auditOf = (entityId: string) =>
    server.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'register_session'), eq(auditEvents.entityId, entityId)))
      .orderBy(auditEvents.id);

  /** A completed (or voided) sale of the session, written straight into the tables, with its payments. */
  async function insertSale(
    session: RegisterSession,
    sale: {
      totalMinor: number;
      payments: {
        method: 'cash' | 'card' | 'bank_transfer' | 'mobile_money';
        amountMinor: number;
        tenderedMinor?: number;
      }[];
      status?: 'completed' | 'voided';
    },
  ) {
    const db = server.deps.database.db;
    const id = newId();
    const paid = sale.payments.reduce((s, p) => s + (p.tenderedMinor ?? p.amountMinor), 0);
    saleSeq += 1;
    await db.insert(sales).values({
      businessId: demo.businessId,
      id,
      storeId: session.storeId,
      sessionId: session.id,
      number: `TEST-S${String(saleSeq).padStart(6, '0')}-${id.slice(-4)}`,
      status: sale.status ?? 'completed',
      cashierAccountId: managerId,
      subtotalMinor: sale.totalMinor,
      discountMinor: 0,
      taxMinor: 0,
      totalMinor: sale.totalMinor,
      paidMinor: paid,
      changeMinor: paid - sale.totalMinor,
    });
    await db.insert(salePayments).values(
      sale.payments.map((p, i) => ({
        businessId: demo.businessId,
        saleId: id,
        seq: i + 1,
        method: p.method,
        amountMinor: p.amountMinor,
        tenderedMinor: p.tenderedMinor ?? null,
      })),
    );
    return id;
  }

  /**
   * PostgreSQL: until another connection of this database waits on a lock (the close, on the
   * session row), at most 5 s. PGlite runs one transaction at a time: the close simply queues.
   */
  async function closeIsWaiting() {
    const database = server.deps.database;
    if (database.driver !== 'postgres') return new Promise((r) => setTimeout(r, 100));
    for (let i = 0; i < 100; i++) {
      const result = (await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] };
      if (Number(result.rows[0]!.n) > 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, DEMO.manager);
    managerId = await server.accountId(DEMO.manager);
    other = await registerTenant(server);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/register-sessions',
      headers: { authorization: `Bearer ${await other.token()}`, 'x-store-id': other.storeId },
      payload: { registerName: 'Other Secret Till', openingFloatMinor: 1_000 },
    });
    otherSession = await ok<RegisterSession>(res, 201);
  });
  afterAll(() => server.close());

  it('opens a register (Till 1 by default) with its float, audited, and reads and lists it', async () => {
    // Without a name it is Till 1 (asked of a fresh tenant, whatever sessions the demo data holds).
    const fresh = await registerTenant(server);
    const defaulted = await server.app.inject({
      method: 'POST',
      url: '/api/v1/register-sessions',
      headers: { authorization: `Bearer ${await fresh.token()}`, 'x-store-id': fresh.storeId },
      payload: { openingFloatMinor: 1_000 },
    });
    expect(await ok<RegisterSession>(defaulted, 201)).toMatchObject({ registerName: 'Till 1', storeId: fresh.storeId });

    const name = unique('Till');
    const first = await open({ registerName: name, openingFloatMinor: 250_000 });
    expect(first).toMatchObject({
      storeId: demo.lekkiId,
      registerName: name,
      status: 'open',
      openingFloatMinor: 250_000,
      openedBy: { id: managerId },
      closedAt: null,
      closedBy: null,
      countedDenominations: null,
      closingNote: null,
      cashMovements: [],
      version: 1,
      summary: {
        salesCount: 0,
        salesTotalMinor: 0,
        byMethod: { cash: 0, card: 0, bank_transfer: 0, mobile_money: 0 },
        refundsTotalMinor: 0,
        cashRefundsMinor: 0,
        cashInMinor: 0,
        cashOutMinor: 0,
        expectedCashMinor: 250_000,
        countedCashMinor: null,
        varianceMinor: null,
      },
    });
    const audit = await auditOf(first.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'register_session.opened',
      businessId: demo.businessId,
      storeId: demo.lekkiId,
      actorAccountId: managerId,
      after: { registerName: name, openingFloatMinor: 250_000 },
    });

    const second = await open({ registerName: unique('Till'), openingFloatMinor: 0 });
    expect(
      await ok<RegisterSession>(
        await call(getRegisterSession, { storeId: demo.lekkiId, params: { sessionId: first.id } }),
      ),
    ).toEqual(first);

    const listed = await ok<{ items: RegisterSession[]; total: number }>(
      await call(listRegisterSessions, { storeId: demo.lekkiId, query: { status: 'open' } }),
    );
    const ids = listed.items.map((s) => s.id);
    // Newest first.
    expect(ids.indexOf(second.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(listed.items.every((s) => s.status === 'open' && s.storeId === demo.lekkiId)).toBe(true);
    expect(listed.total).toBeGreaterThanOrEqual(2);

    // Closed filter: neither is there; a close moves one over.
    const closedBefore = await ok<{ items: RegisterSession[] }>(
      await call(listRegisterSessions, { storeId: demo.lekkiId, query: { status: 'closed' } }),
    );
    expect(closedBefore.items.some((s) => s.id === second.id)).toBe(false);
    await ok(
      await call(closeRegisterSession, {
        storeId: demo.lekkiId,
        params: { sessionId: second.id },
        body: { countedCashMinor: 0, version: 1 },
      }),
    );
    const closedAfter = await ok<{ items: RegisterSession[] }>(
      await call(listRegisterSessions, { storeId: demo.lekkiId, query: { status: 'closed' } }),
    );
    expect(closedAfter.items.some((s) => s.id === second.id)).toBe(true);
    expect(closedAfter.items.every((s) => s.status === 'closed')).toBe(true);
    await ok(
      await call(closeRegisterSession, {
        storeId: demo.lekkiId,
        params: { sessionId: first.id },
        body: { countedCashMinor: 250_000, version: 1 },
      }),
    );
  });

  it('refuses a second open session of the same register (any case), one at a time even when concurrent', async () => {
    const name = unique('Front Till');
    const first = await open({ registerName: name, openingFloatMinor: 10_000 });
    const res = await call(openRegisterSession, {
      storeId: demo.lekkiId,
      body: { registerName: name.toUpperCase(), openingFloatMinor: 5_000 },
    });
    problem(res, 409, 'REGISTER_ALREADY_OPEN');
    expect(fieldsOf(res)).toEqual(['registerName']);
    expect((res.json() as { detail?: string }).detail ?? res.body).toContain(name);
    // The same name in the other store is another register.
    const ikeja = await open({ registerName: name, openingFloatMinor: 0 }, demo.ikejaId, DEMO.owner);
    expect(ikeja.storeId).toBe(demo.ikejaId);

    // Closed, it can be opened again.
    await ok(
      await call(closeRegisterSession, {
        storeId: demo.lekkiId,
        params: { sessionId: first.id },
        body: { countedCashMinor: 10_000, version: 1 },
      }),
    );
    await open({ registerName: name, openingFloatMinor: 0 });

    // Eight tills open one register at once: exactly one gets it.
    const raced = unique('Race Till');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(openRegisterSession, { storeId: demo.lekkiId, body: { registerName: raced, openingFloatMinor: 100 } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json()).toMatchObject({ code: 'REGISTER_ALREADY_OPEN' });
    const rows = await server.deps.database.db
      .select()
      .from(registerSessions)
      .where(and(eq(registerSessions.businessId, demo.businessId), eq(registerSessions.registerName, raced)));
    expect(rows).toHaveLength(1);
    const opened = (answers.find((a) => a.statusCode === 201)!.json() as RegisterSession).id;
    expect(
      (await server.deps.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, opened))).length,
    ).toBe(1);
  });

  it('answers 400 naming the field', async () => {
    const bad = async (
      endpoint: Parameters<typeof call>[0],
      body: unknown,
      field: string,
      params?: Record<string, string>,
    ) => {
      const res = await call(endpoint, { storeId: demo.lekkiId, body, ...(params ? { params } : {}) });
      problem(res, 400, 'VALIDATION_FAILED');
      expect(fieldsOf(res)).toContain(field);
    };
    await bad(openRegisterSession, { openingFloatMinor: -1 }, 'openingFloatMinor');
    await bad(openRegisterSession, { openingFloatMinor: 1.5 }, 'openingFloatMinor');
    await bad(openRegisterSession, { registerName: '   ', openingFloatMinor: 0 }, 'registerName');
    const session = await open({ registerName: unique('Checks'), openingFloatMinor: 0 });
    const params = { sessionId: session.id };
    await bad(recordCashMovement, { kind: 'cash_in', amountMinor: 100, reason: '  ' }, 'reason', params);
    await bad(recordCashMovement, { kind: 'cash_in', amountMinor: 0, reason: 'Change' }, 'amountMinor', params);
    await bad(recordCashMovement, { kind: 'float', amountMinor: 100, reason: 'Change' }, 'kind', params);
    await bad(
      closeRegisterSession,
      { countedCashMinor: 150_000, countedDenominations: { '100000': 1, '20000': 2 }, version: 1 },
      'countedDenominations',
      params,
    );
    await bad(closeRegisterSession, { countedCashMinor: -5, version: 1 }, 'countedCashMinor', params);
    // Nothing of it was recorded.
    const now = await ok<RegisterSession>(await call(getRegisterSession, { storeId: demo.lekkiId, params }));
    expect(now).toMatchObject({ status: 'open', version: 1, cashMovements: [] });
    expect(await auditOf(session.id)).toHaveLength(1);
  });

  it('records cash in and out of an open register, audited, and the live figures follow', async () => {
    const session = await open({ registerName: unique('Cash Till'), openingFloatMinor: 100_000 });
    const params = { sessionId: session.id };
    await ok(
      await call(recordCashMovement, {
        storeId: demo.lekkiId,
        params,
        body: { kind: 'cash_in', amountMinor: 20_000, reason: 'Change from bank' },
      }),
      201,
    );
    const after = await ok<RegisterSession>(
      await call(recordCashMovement, {
        storeId: demo.lekkiId,
        params,
        body: { kind: 'cash_out', amountMinor: 35_000, reason: '  Paid the cleaner ' },
      }),
      201,
    );
    expect(after.cashMovements).toMatchObject([
      { kind: 'cash_in', amountMinor: 20_000, reason: 'Change from bank', by: { id: managerId } },
      { kind: 'cash_out', amountMinor: 35_000, reason: 'Paid the cleaner', by: { id: managerId } },
    ]);
    expect(after.summary).toMatchObject({ cashInMinor: 20_000, cashOutMinor: 35_000, expectedCashMinor: 85_000 });
    const audit = await auditOf(session.id);
    expect(audit.map((a) => a.action)).toEqual([
      'register_session.opened',
      'register_session.cash_in',
      'register_session.cash_out',
    ]);
    expect(audit[2]!.after).toMatchObject({ kind: 'cash_out', amountMinor: 35_000, reason: 'Paid the cleaner' });
  });

  it('closes with the expected cash from cash payments (net of change), cash in and out, and keeps the variance', async () => {
    const session = await open({ registerName: unique('Close Till'), openingFloatMinor: 500_000 });
    const params = { sessionId: session.id };
    // Cash 150,000 paid with 200,000 (50,000 change): the payment row holds 150,000.
    await insertSale(session, {
      totalMinor: 150_000,
      payments: [{ method: 'cash', amountMinor: 150_000, tenderedMinor: 200_000 }],
    });
    // Split: card 100,000 + cash 200,000.
    await insertSale(session, {
      totalMinor: 300_000,
      payments: [
        { method: 'card', amountMinor: 100_000 },
        { method: 'cash', amountMinor: 200_000, tenderedMinor: 200_000 },
      ],
    });
    await insertSale(session, {
      totalMinor: 75_000,
      payments: [
        { method: 'mobile_money', amountMinor: 50_000 },
        { method: 'bank_transfer', amountMinor: 25_000 },
      ],
    });
    // A voided sale's cash went back to the customer: it is not expected in the drawer.
    await insertSale(session, {
      totalMinor: 40_000,
      status: 'voided',
      payments: [{ method: 'cash', amountMinor: 40_000 }],
    });
    // Another session's cash sale is not this drawer's.
    const elsewhere = await open({ registerName: unique('Other Till'), openingFloatMinor: 0 });
    await insertSale(elsewhere, { totalMinor: 999_000, payments: [{ method: 'cash', amountMinor: 999_000 }] });
    await ok(
      await call(recordCashMovement, {
        storeId: demo.lekkiId,
        params,
        body: { kind: 'cash_in', amountMinor: 20_000, reason: 'Coins' },
      }),
      201,
    );
    await ok(
      await call(recordCashMovement, {
        storeId: demo.lekkiId,
        params,
        body: { kind: 'cash_out', amountMinor: 35_000, reason: 'Fuel' },
      }),
      201,
    );

    const live = await ok<RegisterSession>(await call(getRegisterSession, { storeId: demo.lekkiId, params }));
    const expectedSummary = {
      salesCount: 3,
      salesTotalMinor: 525_000,
      byMethod: { cash: 350_000, card: 100_000, bank_transfer: 25_000, mobile_money: 50_000 },
      refundsTotalMinor: 0,
      cashRefundsMinor: 0,
      cashInMinor: 20_000,
      cashOutMinor: 35_000,
      // 500,000 + 350,000 + 20,000 − 35,000
      expectedCashMinor: 835_000,
    };
    expect(live.summary).toEqual({ ...expectedSummary, countedCashMinor: null, varianceMinor: null });
    expect(await sessionSummary(server.deps.database.db, demo.businessId, session.id)).toEqual({
      ...expectedSummary,
      openingFloatMinor: 500_000,
    });
    // Another business cannot read it through the repository either.
    expect(await sessionSummary(server.deps.database.db, other.businessId, session.id)).toBeUndefined();

    // A stale version is refused and changes nothing.
    const stale = await call(closeRegisterSession, {
      storeId: demo.lekkiId,
      params,
      body: { countedCashMinor: 830_000, version: 7 },
    });
    problem(stale, 409, 'VERSION_CONFLICT');

    const denominations = { '100000': 8, '20000': 1, '10000': 1 };
    const closed = await ok<RegisterSession>(
      await call(closeRegisterSession, {
        storeId: demo.lekkiId,
        params,
        body: { countedCashMinor: 830_000, countedDenominations: denominations, note: ' Short a note ', version: 1 },
      }),
    );
    expect(closed).toMatchObject({
      status: 'closed',
      version: 2,
      closedBy: { id: managerId },
      countedDenominations: denominations,
      closingNote: 'Short a note',
    });
    expect(closed.closedAt).not.toBeNull();
    expect(closed.summary).toEqual({ ...expectedSummary, countedCashMinor: 830_000, varianceMinor: -5_000 });
    const [row] = await server.deps.database.db
      .select()
      .from(registerSessions)
      .where(and(eq(registerSessions.businessId, demo.businessId), eq(registerSessions.id, session.id)));
    expect(row).toMatchObject({ status: 'closed', countedCashMinor: 830_000, expectedCashMinor: 835_000 });
    const audit = await auditOf(session.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'register_session.closed',
      after: { countedCashMinor: 830_000, expectedCashMinor: 835_000, varianceMinor: -5_000 },
    });
    // Read again: the same figures once closed.
    expect(await ok<RegisterSession>(await call(getRegisterSession, { storeId: demo.lekkiId, params }))).toEqual(
      closed,
    );

    // Closed: no more cash, no second close, and the sale service no longer finds it.
    problem(
      await call(recordCashMovement, {
        storeId: demo.lekkiId,
        params,
        body: { kind: 'cash_in', amountMinor: 1, reason: 'Late' },
      }),
      409,
      'REGISTER_CLOSED',
    );
    problem(
      await call(closeRegisterSession, { storeId: demo.lekkiId, params, body: { countedCashMinor: 0, version: 2 } }),
      409,
      'REGISTER_CLOSED',
    );
    expect(await auditOf(session.id)).toHaveLength(audit.length);
    const scope = { businessId: demo.businessId, storeId: demo.lekkiId };
    expect(await findOpenSession(server.deps.database.db, scope, session.id)).toBeUndefined();
    expect(await findOpenSession(server.deps.database.db, scope, elsewhere.id)).toEqual({
      id: elsewhere.id,
      registerName: elsewhere.registerName,
    });
    expect(
      await findOpenSession(server.deps.database.db, { ...scope, storeId: demo.ikejaId }, elsewhere.id),
    ).toBeUndefined();
    expect(
      await findOpenSession(server.deps.database.db, { ...scope, businessId: other.businessId }, elsewhere.id),
    ).toBeUndefined();
  });

  it('a close waits for a sale being recorded in the session (findOpenSession holds it for share) and counts it', async () => {
    const session = await open({ registerName: unique('Busy Till'), openingFloatMinor: 10_000 });
    const scope = { businessId: demo.businessId, storeId: demo.lekkiId };
    let closing: Promise<Res> | undefined;
    await server.deps.database.db.transaction(async (tx) => {
      expect(await findOpenSession(tx, scope, session.id)).toEqual({
        id: session.id,
        registerName: session.registerName,
      });
      closing = call(closeRegisterSession, {
        storeId: demo.lekkiId,
        params: { sessionId: session.id },
        body: { countedCashMinor: 15_000, version: 1 },
      });
      await closeIsWaiting();
      const saleId = newId();
      await tx.insert(sales).values({
        businessId: demo.businessId,
        id: saleId,
        storeId: demo.lekkiId,
        sessionId: session.id,
        number: `TEST-BUSY-${saleId.slice(-6)}`,
        cashierAccountId: managerId,
        subtotalMinor: 5_000,
        discountMinor: 0,
        taxMinor: 0,
        totalMinor: 5_000,
        paidMinor: 5_000,
        changeMinor: 0,
      });
      await tx
        .insert(salePayments)
        .values({ businessId: demo.businessId, saleId, seq: 1, method: 'cash', amountMinor: 5_000 });
    });
    const closed = await ok<RegisterSession>(await closing!);
    expect(closed.summary).toMatchObject({
      salesCount: 1,
      expectedCashMinor: 15_000,
      countedCashMinor: 15_000,
      varianceMinor: 0,
    });
  });

  it('answers 401 without a token; a cashier (IPOS_BASIC) runs their own till: opens, counts and closes it, reads its report', async () => {
    const as = (who: string | null) => ({ as: who, storeId: demo.ikejaId });
    problem(await call(listRegisterSessions, as(null)), 401, 'UNAUTHENTICATED');
    problem(await call(openRegisterSession, { ...as(null), body: { openingFloatMinor: 0 } }), 401, 'UNAUTHENTICATED');

    const cashierId = await server.accountId(DEMO.cashier);
    const mine = await ok<RegisterSession>(
      await call(openRegisterSession, {
        ...as(DEMO.cashier),
        body: { registerName: unique('Dayo Till'), openingFloatMinor: 5_000 },
      }),
      201,
    );
    expect(mine).toMatchObject({ status: 'open', openingFloatMinor: 5_000, openedBy: { id: cashierId } });
    await insertSale(mine, { totalMinor: 2_000, payments: [{ method: 'cash', amountMinor: 2_000 }] });

    const params = { sessionId: mine.id };
    const closed = await ok<RegisterSession>(
      await call(closeRegisterSession, {
        ...as(DEMO.cashier),
        params,
        body: { countedCashMinor: 6_500, note: 'Short by 5 naira', version: mine.version },
      }),
    );
    expect(closed).toMatchObject({
      status: 'closed',
      closedBy: { id: cashierId },
      summary: { salesCount: 1, expectedCashMinor: 7_000, countedCashMinor: 6_500, varianceMinor: -500 },
    });
    // The close report of their own session, and their closed sessions in the list.
    expect(await ok<RegisterSession>(await call(getRegisterSession, { ...as(DEMO.cashier), params }))).toMatchObject({
      status: 'closed',
      summary: { varianceMinor: -500 },
    });
    const listed = await ok<{ items: RegisterSession[] }>(
      await call(listRegisterSessions, { ...as(DEMO.cashier), query: { status: 'closed', pageSize: '100' } }),
    );
    expect(listed.items.some((s) => s.id === mine.id)).toBe(true);
    expect((await auditOf(mine.id)).map((e) => [e.action, e.actorAccountId])).toEqual([
      ['register_session.opened', cashierId],
      ['register_session.closed', cashierId],
    ]);
    problem(await call(listRegisterSessions, as(DEMO.newhire)), 403, 'PASSWORD_CHANGE_REQUIRED');
  });

  it('keeps cash in and out, closing someone else’s session and others’ close reports for managers (403 to a cashier)', async () => {
    const as = (who: string) => ({ as: who, storeId: demo.ikejaId });
    const mine = await ok<RegisterSession>(
      await call(openRegisterSession, {
        ...as(DEMO.cashier),
        body: { registerName: unique('Dayo Till'), openingFloatMinor: 0 },
      }),
      201,
    );
    const theirs = await open({ registerName: unique('Owner Till'), openingFloatMinor: 0 }, demo.ikejaId, DEMO.owner);
    const movement = { kind: 'cash_out', amountMinor: 100, reason: 'Lunch' };
    // No cash in or out, not even on their own till.
    for (const session of [mine, theirs])
      problem(
        await call(recordCashMovement, { ...as(DEMO.cashier), params: { sessionId: session.id }, body: movement }),
        403,
        'FORBIDDEN',
      );
    // Someone else's open till: they sell on it (read it), they do not close it.
    const params = { sessionId: theirs.id };
    expect(await ok<RegisterSession>(await call(getRegisterSession, { ...as(DEMO.cashier), params }))).toMatchObject({
      status: 'open',
    });
    problem(
      await call(closeRegisterSession, { ...as(DEMO.cashier), params, body: { countedCashMinor: 0, version: 1 } }),
      403,
      'FORBIDDEN',
    );
    expect(await ok<RegisterSession>(await call(getRegisterSession, { ...as(DEMO.owner), params }))).toMatchObject({
      status: 'open',
      version: 1,
      cashMovements: [],
    });

    // Once the owner has closed it, its close report is not the cashier's, in full or in the list.
    await ok<RegisterSession>(
      await call(closeRegisterSession, { ...as(DEMO.owner), params, body: { countedCashMinor: 0, version: 1 } }),
    );
    problem(await call(getRegisterSession, { ...as(DEMO.cashier), params }), 403, 'FORBIDDEN');
    const query = { pageSize: '100' };
    const cashierList = await ok<{ items: RegisterSession[] }>(
      await call(listRegisterSessions, { ...as(DEMO.cashier), query }),
    );
    expect(cashierList.items.some((s) => s.id === theirs.id)).toBe(false);
    expect(cashierList.items.some((s) => s.id === mine.id)).toBe(true);
    expect(cashierList.items.every((s) => s.status === 'open' || s.openedBy.id === mine.openedBy.id)).toBe(true);

    // A manager moves cash on the cashier's till, closes it and reads every report.
    const managerMoved = await ok<RegisterSession>(
      await call(recordCashMovement, { ...as(DEMO.owner), params: { sessionId: mine.id }, body: movement }),
      201,
    );
    await ok<RegisterSession>(
      await call(closeRegisterSession, {
        ...as(DEMO.owner),
        params: { sessionId: mine.id },
        body: { countedCashMinor: 0, version: managerMoved.version },
      }),
    );
    const ownerList = await ok<{ items: RegisterSession[] }>(
      await call(listRegisterSessions, { ...as(DEMO.owner), query }),
    );
    expect(ownerList.items.filter((s) => s.id === theirs.id || s.id === mine.id)).toHaveLength(2);
  });

  it("answers 404 for another tenant's session and for another store's, changing nothing", async () => {
    const params = { sessionId: otherSession.id };
    const probe = { as: { email: DEMO.manager }, storeId: demo.lekkiId, params, mustNotReveal: ['Other Secret Till'] };
    await expectCrossTenantNotFound(server, { ...probe, endpoint: getRegisterSession });
    await expectCrossTenantNotFound(server, {
      ...probe,
      endpoint: recordCashMovement,
      body: { kind: 'cash_out', amountMinor: 100, reason: 'Take it' },
    });
    await expectCrossTenantNotFound(server, {
      ...probe,
      endpoint: closeRegisterSession,
      body: { countedCashMinor: 0, version: 1 },
    });
    const list = await ok<{ items: RegisterSession[] }>(await call(listRegisterSessions, { storeId: demo.lekkiId }));
    expect(list.items.some((s) => s.id === otherSession.id)).toBe(false);

    // Ikeja's till, asked for from Lekki by the owner who runs both stores.
    const ikeja = await open({ registerName: unique('Ikeja Only'), openingFloatMinor: 0 }, demo.ikejaId, DEMO.owner);
    const fromLekki = { as: { email: DEMO.owner }, storeId: demo.lekkiId, params: { sessionId: ikeja.id } };
    await expectCrossTenantNotFound(server, { ...fromLekki, endpoint: getRegisterSession });
    await expectCrossTenantNotFound(server, {
      ...fromLekki,
      endpoint: recordCashMovement,
      body: { kind: 'cash_in', amountMinor: 100, reason: 'Float top-up' },
    });
    await expectCrossTenantNotFound(server, {
      ...fromLekki,
      endpoint: closeRegisterSession,
      body: { countedCashMinor: 0, version: 1 },
    });
    const lekkiList = await ok<{ items: RegisterSession[] }>(
      await call(listRegisterSessions, { as: DEMO.owner, storeId: demo.lekkiId }),
    );
    expect(lekkiList.items.some((s) => s.id === ikeja.id)).toBe(false);
    // An unknown id too.
    problem(
      await call(getRegisterSession, { storeId: demo.lekkiId, params: { sessionId: newId() } }),
      404,
      'NOT_FOUND',
    );
  });
});
