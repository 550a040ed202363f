import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { saleExceptions, saleLines, sales } from '../../db/schema.js';

type Scope = { businessId: string; storeId: string };

export type SaleExceptionState = 'open' | 'resolved' | 'all';

/** Whether a sale of the store already carries this offline reference. */
export async function offlineReferenceTaken(tx: Executor, scope: Scope, reference: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: sales.id })
    .from(sales)
    .where(
      and(
        eq(sales.businessId, scope.businessId),
        eq(sales.storeId, scope.storeId),
        eq(sales.offlineReference, reference),
      ),
    );
  return Boolean(row);
}

export async function insertSaleExceptions(tx: Executor, rows: (typeof saleExceptions.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(saleExceptions).values(rows);
}

const inState = (state: SaleExceptionState) =>
  state === 'open'
    ? isNull(saleExceptions.resolvedAt)
    : state === 'resolved'
      ? isNotNull(saleExceptions.resolvedAt)
      : undefined;

const ofStore = (scope: Scope) =>
  and(eq(saleExceptions.businessId, scope.businessId), eq(saleExceptions.storeId, scope.storeId));

/** An exception with its sale's number and times and its line's name and SKU as sold. */
const joinedColumns = {
  exception: saleExceptions,
  saleNumber: sales.number,
  offlineReference: sales.offlineReference,
  completedAt: sales.completedAt,
  recordedAt: sales.recordedAt,
  cashierAccountId: sales.cashierAccountId,
  name: saleLines.name,
  sku: saleLines.sku,
};

function joined(db: Executor) {
  return db
    .select(joinedColumns)
    .from(saleExceptions)
    .innerJoin(sales, and(eq(sales.businessId, saleExceptions.businessId), eq(sales.id, saleExceptions.saleId)))
    .innerJoin(
      saleLines,
      and(
        eq(saleLines.businessId, saleExceptions.businessId),
        eq(saleLines.saleId, saleExceptions.saleId),
        eq(saleLines.variantId, saleExceptions.variantId),
      ),
    );
}

export type SaleExceptionJoinedRow = Awaited<ReturnType<typeof findSaleException>> & object;

/** A page of the store's exceptions in a state (of one kind, if given), newest first, and how many there are. */
export async function listSaleExceptionRows(
  db: Executor,
  scope: Scope,
  filter: { state: SaleExceptionState; kind?: string | undefined },
  page: { limit: number; offset: number },
) {
  const where = and(
    ofStore(scope),
    inState(filter.state),
    filter.kind ? eq(saleExceptions.kind, filter.kind) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(desc(saleExceptions.createdAt), desc(saleExceptions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(saleExceptions).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

/** One exception of the store (another store's or business's is absent). */
export async function findSaleException(db: Executor, scope: Scope, id: string) {
  const [row] = await joined(db).where(and(ofStore(scope), eq(saleExceptions.id, id)));
  return row;
}

/** Marks an open exception resolved; false when it was resolved already (a concurrent resolve included). */
export async function markSaleExceptionResolved(
  tx: Executor,
  scope: Scope,
  id: string,
  by: { accountId: string | null; at: Date | SQL; note: string | null },
): Promise<boolean> {
  const updated = await tx
    .update(saleExceptions)
    .set({ resolvedAt: by.at, resolvedBy: by.accountId, resolutionNote: by.note })
    .where(and(ofStore(scope), eq(saleExceptions.id, id), isNull(saleExceptions.resolvedAt)))
    .returning({ id: saleExceptions.id });
  return updated.length > 0;
}

/** How many exceptions of the store are open (the dashboard's count; the partial open index). */
export async function openSaleExceptionCount(db: Executor, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(saleExceptions)
    .where(and(ofStore(scope), isNull(saleExceptions.resolvedAt)));
  return Number(row?.total ?? 0);
}
