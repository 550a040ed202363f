import type { RegisterSession, RegisterSummary } from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import { uniqueViolation, type Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError, notFound, checkVersion } from '../../http/app-error.js';
import { recordAudit } from '../../audit/audit.js';
import { newId } from '../../lib/ids.js';
import { iso, isoOrNull, who, accountNames } from '../../lib/records.js';
import {
  cashMovementRows,
  closeSessionRow,
  findOpenByName,
  findSession,
  insertCashMovement,
  insertSession,
  listSessionRows,
  lockSession,
  sessionSummaries,
  shareLockSession,
  type CashMovementRow,
  type RegisterSessionRow,
  type SessionFigures,
} from './registers.repository.js';
import { latestDeviceReports } from './register-device-reports.repository.js';
import { toDeviceReport } from './register-device-reports.service.js';

type Scope = Pick<StoreAccess, 'businessId' | 'storeId'>;
/** The active store and what the caller's role there allows. */
type Caller = Pick<StoreAccess, 'businessId' | 'storeId' | 'permissions'>;

/**
 * Whoever sells runs their own till (opens it, closes it, reads its close report); someone else's
 * session, once it is closed or to close it, is for a role that manages every register.
 */
const managesRegisters = (caller: Caller) => caller.permissions.includes('checkout.register');

const notYours = (row: Pick<RegisterSessionRow, 'registerName'>, doing: string) =>
  new AppError(
    'FORBIDDEN',
    `Someone else opened this session of ${row.registerName}: ${doing} it needs checkout.register (ask a manager)`,
  );

const WHAT = 'The register session';

const alreadyOpen = (registerName: string) =>
  new AppError('REGISTER_ALREADY_OPEN', `${registerName} is already open in this store; close it first`, {
    errors: [{ field: 'registerName', message: `${registerName} is already open` }],
  });

export const registerClosed = (row: Pick<RegisterSessionRow, 'registerName'>) =>
  new AppError('REGISTER_CLOSED', `This session of ${row.registerName} is closed`);

/** Live figures while open; once closed, the counted and expected cash the close recorded. */
function summaryOf(row: RegisterSessionRow, figures: SessionFigures | undefined): RegisterSummary {
  const f = figures ?? {
    salesCount: 0,
    salesTotalMinor: 0,
    byMethod: { cash: 0, card: 0, bank_transfer: 0, mobile_money: 0 },
    refundsTotalMinor: 0,
    cashRefundsMinor: 0,
    cashInMinor: 0,
    cashOutMinor: 0,
    openingFloatMinor: row.openingFloatMinor,
    expectedCashMinor: row.openingFloatMinor,
  };
  const closed = row.status === 'closed' && row.countedCashMinor !== null && row.expectedCashMinor !== null;
  const expectedCashMinor = closed ? row.expectedCashMinor! : f.expectedCashMinor;
  return {
    salesCount: f.salesCount,
    salesTotalMinor: f.salesTotalMinor,
    byMethod: f.byMethod,
    refundsTotalMinor: f.refundsTotalMinor,
    cashRefundsMinor: f.cashRefundsMinor,
    cashInMinor: f.cashInMinor,
    cashOutMinor: f.cashOutMinor,
    expectedCashMinor,
    countedCashMinor: closed ? row.countedCashMinor : null,
    varianceMinor: closed ? row.countedCashMinor! - expectedCashMinor : null,
  };
}

/** Sessions as the API shows them: names, cash movements, figures and the newest device report in a fixed number of queries. */
async function present(db: Executor, businessId: string, rows: RegisterSessionRow[]): Promise<RegisterSession[]> {
  const ids = rows.map((r) => r.id);
  const [movements, figures, reports] = await Promise.all([
    cashMovementRows(db, businessId, ids),
    sessionSummaries(db, businessId, ids),
    latestDeviceReports(db, businessId, ids),
  ]);
  const names = await accountNames(db, [
    ...rows.flatMap((r) => [r.openedBy, r.closedBy]),
    ...movements.map((m) => m.actorAccountId),
  ]);
  const bySession = new Map<string, CashMovementRow[]>();
  for (const m of movements) bySession.set(m.sessionId, [...(bySession.get(m.sessionId) ?? []), m]);
  return rows.map((row) => ({
    id: row.id,
    storeId: row.storeId,
    registerName: row.registerName,
    status: row.status as RegisterSession['status'],
    openingFloatMinor: row.openingFloatMinor,
    openedAt: iso(row.openedAt),
    openedBy: who(row.openedBy, names)!,
    closedAt: isoOrNull(row.closedAt),
    closedBy: who(row.closedBy, names),
    countedDenominations: row.countedDenominations ?? null,
    closingNote: row.closingNote,
    cashMovements: (bySession.get(row.id) ?? []).map((m) => ({
      id: m.id,
      kind: m.kind as 'cash_in' | 'cash_out',
      amountMinor: m.amountMinor,
      reason: m.reason,
      occurredAt: iso(m.occurredAt),
      by: who(m.actorAccountId, names),
    })),
    summary: summaryOf(row, figures.get(row.id)),
    version: row.version,
    deviceReport: toDeviceReport(reports.get(row.id)),
  }));
}

async function load(db: Executor, scope: Scope, id: string): Promise<RegisterSession | undefined> {
  const row = await findSession(db, scope, id);
  if (!row) return undefined;
  return (await present(db, scope.businessId, [row]))[0];
}

async function reload(deps: AppDeps, scope: Scope, id: string) {
  return (await load(deps.database.db, scope, id))!;
}

/** A session of the store; an open one to anyone who sells, a closed one (its close report) to its opener or a manager. */
export async function getRegisterSession(
  deps: AppDeps,
  actor: Actor,
  caller: Caller,
  id: string,
): Promise<RegisterSession> {
  const session = await load(deps.database.db, caller, id);
  if (!session) throw notFound(WHAT);
  if (session.status === 'closed' && session.openedBy.id !== actor.accountId && !managesRegisters(caller))
    throw notYours(session, 'reading the close report of');
  return session;
}

/** The store's sessions: all of them for a manager; the open ones and the caller's own closed ones otherwise. */
export async function listRegisterSessions(
  deps: AppDeps,
  actor: Actor,
  caller: Caller,
  query: { page: number; pageSize: number; status?: 'open' | 'closed' | undefined },
) {
  const db = deps.database.db;
  const closedOnlyOf = managesRegisters(caller) ? undefined : (actor.accountId ?? undefined);
  const { rows, total } = await listSessionRows(db, caller, query.status, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    closedOnlyOf,
  });
  return { items: await present(db, caller.businessId, rows), total, page: query.page, pageSize: query.pageSize };
}

export async function openRegisterSession(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  body: { registerName: string; openingFloatMinor: number },
): Promise<RegisterSession> {
  const { registerName, openingFloatMinor } = body;
  const id = newId();
  try {
    await deps.database.db.transaction(async (tx) => {
      const open = await findOpenByName(tx, scope, registerName);
      if (open) throw alreadyOpen(open.registerName);
      await insertSession(tx, {
        businessId: scope.businessId,
        id,
        storeId: scope.storeId,
        registerName,
        openedBy: actor.accountId!,
        openingFloatMinor,
      });
      await recordAudit(tx, actor, {
        businessId: scope.businessId,
        storeId: scope.storeId,
        action: 'register_session.opened',
        entity: 'register_session',
        entityId: id,
        after: { registerName, openingFloatMinor },
      });
    });
  } catch (error) {
    // Two tills opening the same register at once: the partial unique index lets one through.
    if (uniqueViolation(error)) throw alreadyOpen(registerName);
    throw error;
  }
  return reload(deps, scope, id);
}

export async function recordCashMovement(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  sessionId: string,
  body: { kind: 'cash_in' | 'cash_out'; amountMinor: number; reason: string },
): Promise<RegisterSession> {
  await deps.database.db.transaction(async (tx) => {
    // For share: concurrent movements and sales go ahead together, a close waits for them.
    const row = await shareLockSession(tx, scope, sessionId);
    if (!row) throw notFound(WHAT);
    if (row.status !== 'open') throw registerClosed(row);
    const id = newId();
    await insertCashMovement(tx, {
      businessId: scope.businessId,
      id,
      sessionId,
      storeId: scope.storeId,
      kind: body.kind,
      amountMinor: body.amountMinor,
      reason: body.reason,
      actorAccountId: actor.accountId,
    });
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: `register_session.${body.kind}`,
      entity: 'register_session',
      entityId: sessionId,
      after: { cashMovementId: id, kind: body.kind, amountMinor: body.amountMinor, reason: body.reason },
    });
  });
  return reload(deps, scope, sessionId);
}

export async function closeRegisterSession(
  deps: AppDeps,
  actor: Actor,
  scope: Caller,
  sessionId: string,
  body: {
    countedCashMinor: number;
    countedDenominations?: Record<string, number> | undefined;
    note?: string | undefined;
    version: number;
  },
): Promise<RegisterSession> {
  await deps.database.db.transaction(async (tx) => {
    // For update: waits for sales and cash movements in flight (they hold it for share), and any
    // that come after see the session closed.
    const row = await lockSession(tx, scope, sessionId);
    if (!row) throw notFound(WHAT);
    if (row.openedBy !== actor.accountId && !managesRegisters(scope)) throw notYours(row, 'closing');
    if (row.status !== 'open') throw registerClosed(row);
    checkVersion('this register session', row.version, body.version);
    const figures = (await sessionSummaries(tx, scope.businessId, [sessionId])).get(sessionId)!;
    const expectedCashMinor = figures.expectedCashMinor;
    const countedCashMinor = body.countedCashMinor;
    const countedDenominations = body.countedDenominations ?? null;
    const closingNote = body.note ? body.note : null;
    await closeSessionRow(tx, scope.businessId, sessionId, {
      closedBy: actor.accountId,
      countedCashMinor,
      expectedCashMinor,
      countedDenominations,
      closingNote,
    });
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: 'register_session.closed',
      entity: 'register_session',
      entityId: sessionId,
      before: { status: 'open', version: row.version },
      after: {
        status: 'closed',
        registerName: row.registerName,
        countedCashMinor,
        expectedCashMinor,
        varianceMinor: countedCashMinor - expectedCashMinor,
        countedDenominations,
        note: closingNote,
        salesCount: figures.salesCount,
        byMethod: figures.byMethod,
        cashInMinor: figures.cashInMinor,
        cashOutMinor: figures.cashOutMinor,
      },
    });
  });
  return reload(deps, scope, sessionId);
}
