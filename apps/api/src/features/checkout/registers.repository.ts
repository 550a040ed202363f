import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cashMovements, registerSessions, sales } from '../../db/schema.js';

export type RegisterSessionRow = typeof registerSessions.$inferSelect;
export type CashMovementRow = typeof cashMovements.$inferSelect;

type Scope = { businessId: string; storeId: string };

const inStore = (scope: Scope, id: string) =>
  and(
    eq(registerSessions.businessId, scope.businessId),
    eq(registerSessions.storeId, scope.storeId),
    eq(registerSessions.id, id),
  );

/**
 * The session if it is open and belongs to this store, locked `for share` until the caller's
 * transaction ends (so it cannot be closed while a sale is being recorded in it); else undefined.
 * A close waiting on the lock sees the sale; a sale arriving after a close sees the session closed
 * (PostgreSQL re-checks the row's status once the closing transaction has committed).
 */
export async function findOpenSession(
  tx: Executor,
  scope: Scope,
  sessionId: string,
): Promise<{ id: string; registerName: string } | undefined> {
  const [row] = await tx
    .select({ id: registerSessions.id, registerName: registerSessions.registerName })
    .from(registerSessions)
    .where(and(inStore(scope, sessionId), eq(registerSessions.status, 'open')))
    .for('share');
  return row;
}

/**
 * {@link findOpenSession} for a sale being recorded, with whether a sale of the business already has
 * its id (the sale's first checks, in one round trip).
 */
export async function findOpenSessionForSale(
  tx: Executor,
  scope: Scope,
  sessionId: string,
  saleId: string,
): Promise<{ id: string; registerName: string; saleTaken: boolean } | undefined> {
  const [row] = await tx
    .select({
      id: registerSessions.id,
      registerName: registerSessions.registerName,
      saleTaken:
        sql<boolean>`exists (select 1 from ${sales} where ${sales.businessId} = ${scope.businessId} and ${sales.id} = ${saleId})`.mapWith(
          Boolean,
        ),
    })
    .from(registerSessions)
    .where(and(inStore(scope, sessionId), eq(registerSessions.status, 'open')))
    .for('share');
  return row;
}

/** A session of the store (any status), not locked. */
export async function findSession(db: Executor, scope: Scope, id: string): Promise<RegisterSessionRow | undefined> {
  const [row] = await db.select().from(registerSessions).where(inStore(scope, id));
  return row;
}

/** A session of the store locked for a change of its own row (closing). */
export async function lockSession(tx: Executor, scope: Scope, id: string): Promise<RegisterSessionRow | undefined> {
  const [row] = await tx.select().from(registerSessions).where(inStore(scope, id)).for('update');
  return row;
}

/** A session of the store locked `for share` (a cash movement: blocks a close, not the sales). */
export async function shareLockSession(
  tx: Executor,
  scope: Scope,
  id: string,
): Promise<RegisterSessionRow | undefined> {
  const [row] = await tx.select().from(registerSessions).where(inStore(scope, id)).for('share');
  return row;
}

/** The open session of a register (by name, case-insensitive) in the store, if any. */
export async function findOpenByName(db: Executor, scope: Scope, registerName: string) {
  const [row] = await db
    .select({ id: registerSessions.id, registerName: registerSessions.registerName })
    .from(registerSessions)
    .where(
      and(
        eq(registerSessions.businessId, scope.businessId),
        eq(registerSessions.storeId, scope.storeId),
        eq(registerSessions.status, 'open'),
        sql`lower(${registerSessions.registerName}) = lower(${registerName})`,
      ),
    );
  return row;
}

export async function insertSession(tx: Executor, row: typeof registerSessions.$inferInsert) {
  await tx.insert(registerSessions).values(row);
}

export async function closeSessionRow(
  tx: Executor,
  businessId: string,
  id: string,
  changes: Pick<
    RegisterSessionRow,
    'closedBy' | 'countedCashMinor' | 'expectedCashMinor' | 'countedDenominations' | 'closingNote'
  >,
) {
  await tx
    .update(registerSessions)
    .set({
      ...changes,
      status: 'closed',
      closedAt: sql`now()`,
      version: sql`${registerSessions.version} + 1`,
    })
    .where(and(eq(registerSessions.businessId, businessId), eq(registerSessions.id, id)));
}

export async function insertCashMovement(tx: Executor, row: typeof cashMovements.$inferInsert) {
  await tx.insert(cashMovements).values(row);
}

/** The cash movements of some sessions, oldest first. */
export async function cashMovementRows(db: Executor, businessId: string, sessionIds: string[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select()
    .from(cashMovements)
    .where(and(eq(cashMovements.businessId, businessId), inArray(cashMovements.sessionId, sessionIds)))
    .orderBy(cashMovements.occurredAt, cashMovements.id);
}

/** Sessions of the store, newest first; with `closedOnlyOf`, the closed ones only of the account that opened them. */
export async function listSessionRows(
  db: Executor,
  scope: Scope,
  status: 'open' | 'closed' | undefined,
  page: { limit: number; offset: number; closedOnlyOf?: string | undefined },
) {
  const where = and(
    eq(registerSessions.businessId, scope.businessId),
    eq(registerSessions.storeId, scope.storeId),
    status ? eq(registerSessions.status, status) : undefined,
    page.closedOnlyOf
      ? or(eq(registerSessions.status, 'open'), eq(registerSessions.openedBy, page.closedOnlyOf))
      : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(registerSessions)
      .where(where)
      .orderBy(desc(registerSessions.openedAt), desc(registerSessions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(registerSessions).where(where),
  ]);
  return { rows, total: Number(totalRow?.total ?? 0) };
}

/** The money figures of a session as its records say now (completed sales only; voided ones are out). */
export interface SessionFigures {
  salesCount: number;
  salesTotalMinor: number;
  byMethod: { cash: number; card: number; bank_transfer: number; mobile_money: number };
  refundsTotalMinor: number;
  cashRefundsMinor: number;
  cashInMinor: number;
  cashOutMinor: number;
  openingFloatMinor: number;
  /** float + cash (net of change) + cash in − cash out − cash refunds. */
  expectedCashMinor: number;
}

/** bigint sums come back as strings from node-postgres and as numbers (or bigints) from PGlite. */
const toInt = (value: unknown) => Number(value ?? 0);

/**
 * The figures of several sessions in one statement (scalar sub-selects over sales, sale_payments
 * and cash_movements), keyed by session id. Sessions of other businesses are simply absent.
 */
export async function sessionSummaries(
  db: Executor,
  businessId: string,
  sessionIds: string[],
): Promise<Map<string, SessionFigures>> {
  if (sessionIds.length === 0) return new Map();
  const rs = registerSessions;
  // Written out in full: drizzle drops the table name from columns of a one-table select.
  const outerBusiness = sql.raw('"register_sessions"."business_id"');
  const outerId = sql.raw('"register_sessions"."id"');
  const paid = (method: string) =>
    sql`(select coalesce(sum(p.amount_minor), 0)::bigint from sale_payments p
          join sales s on s.business_id = p.business_id and s.id = p.sale_id
          where s.business_id = ${outerBusiness} and s.session_id = ${outerId} and s.status = 'completed'
            and p.method = ${method})`.mapWith(toInt);
  const moved = (kind: 'cash_in' | 'cash_out') =>
    sql`(select coalesce(sum(m.amount_minor), 0)::bigint from cash_movements m
          where m.business_id = ${outerBusiness} and m.session_id = ${outerId} and m.kind = ${kind})`.mapWith(toInt);
  // Refunds paid out through the session (any sale, any day); cash ones leave its drawer.
  const refunded = (method?: 'cash') =>
    sql`(select coalesce(sum(r.total_minor), 0)::bigint from refunds r
          where r.business_id = ${outerBusiness} and r.session_id = ${outerId}
            ${method ? sql`and r.method = ${method}` : sql``})`.mapWith(toInt);
  const rows = await db
    .select({
      id: rs.id,
      openingFloatMinor: rs.openingFloatMinor,
      refundsTotal: refunded(),
      cashRefunds: refunded('cash'),
      salesCount: sql`(select count(*) from sales s
          where s.business_id = ${outerBusiness} and s.session_id = ${outerId} and s.status = 'completed')`.mapWith(
        toInt,
      ),
      salesTotalMinor: sql`(select coalesce(sum(s.total_minor), 0)::bigint from sales s
          where s.business_id = ${outerBusiness} and s.session_id = ${outerId} and s.status = 'completed')`.mapWith(
        toInt,
      ),
      cash: paid('cash'),
      card: paid('card'),
      bankTransfer: paid('bank_transfer'),
      mobileMoney: paid('mobile_money'),
      cashIn: moved('cash_in'),
      cashOut: moved('cash_out'),
    })
    .from(rs)
    .where(and(eq(rs.businessId, businessId), inArray(rs.id, sessionIds)));
  return new Map(
    rows.map((r) => {
      const refundsTotalMinor = r.refundsTotal;
      const cashRefundsMinor = r.cashRefunds;
      const openingFloatMinor = toInt(r.openingFloatMinor);
      return [
        r.id,
        {
          salesCount: r.salesCount,
          salesTotalMinor: r.salesTotalMinor,
          byMethod: { cash: r.cash, card: r.card, bank_transfer: r.bankTransfer, mobile_money: r.mobileMoney },
          refundsTotalMinor,
          cashRefundsMinor,
          cashInMinor: r.cashIn,
          cashOutMinor: r.cashOut,
          openingFloatMinor,
          expectedCashMinor: openingFloatMinor + r.cash + r.cashIn - r.cashOut - cashRefundsMinor,
        },
      ];
    }),
  );
}

/** The figures of one session (live: the close report, the web's register screen). */
export async function sessionSummary(
  db: Executor,
  businessId: string,
  sessionId: string,
): Promise<SessionFigures | undefined> {
  return (await sessionSummaries(db, businessId, [sessionId])).get(sessionId);
}
