import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { registerSessions, saleLines, salePayments, sales } from '../../db/schema.js';

type Scope = { businessId: string; storeId: string };

/** The sale as checkout wrote it, read back: the sale view, the receipt and the transactions list share it. */

export type SaleRow = typeof sales.$inferSelect;
export type SaleLineRow = typeof saleLines.$inferSelect;
export type SalePaymentRow = typeof salePayments.$inferSelect;

/** bigint sums come back as strings from node-postgres and as numbers (or bigints) from PGlite. */
export const toInt = (value: unknown) => Number(value ?? 0);

const saleInStore = (scope: Scope, id: string) =>
  and(eq(sales.businessId, scope.businessId), eq(sales.storeId, scope.storeId), eq(sales.id, id));

/** A sale of this store with its lines and payments, in order; undefined for any other store's or tenant's. */
export async function findSale(
  db: Executor,
  scope: Scope,
  id: string,
): Promise<{ sale: SaleRow; lines: SaleLineRow[]; payments: SalePaymentRow[] } | undefined> {
  const [sale] = await db.select().from(sales).where(saleInStore(scope, id));
  if (!sale) return undefined;
  const [lines, payments] = await Promise.all([
    db
      .select()
      .from(saleLines)
      .where(and(eq(saleLines.businessId, scope.businessId), eq(saleLines.saleId, id)))
      .orderBy(asc(saleLines.lineNo)),
    db
      .select()
      .from(salePayments)
      .where(and(eq(salePayments.businessId, scope.businessId), eq(salePayments.saleId, id)))
      .orderBy(asc(salePayments.seq)),
  ]);
  return { sale, lines, payments };
}

/**
 * The sale header of this store locked `for update` until the caller's transaction ends: refunds and
 * voids of one sale queue here, so each sees what the one before it wrote.
 */
export async function lockSale(tx: Executor, scope: Scope, id: string): Promise<SaleRow | undefined> {
  const [row] = await tx.select().from(sales).where(saleInStore(scope, id)).for('update');
  return row;
}

/** Per sale line: the product's unit and the quantity already refunded (thousandths, as text). */
export async function saleLineFacts(
  db: Executor,
  businessId: string,
  saleId: string,
): Promise<Map<number, { unit: string; isTracked: boolean; refundedThousandthsText: string }>> {
  const rows = await queryRows<{ line_no: number; unit: string; is_tracked: boolean; refunded: string }>(
    db,
    sql`
    select sl.line_no, p.unit, p.is_tracked,
           coalesce((select sum(rl.quantity) from refund_lines rl
                     where rl.business_id = sl.business_id and rl.sale_id = sl.sale_id and rl.line_no = sl.line_no),
                    0)::text as refunded
    from sale_lines sl
    join products p on p.business_id = sl.business_id and p.id = sl.product_id
    where sl.business_id = ${businessId} and sl.sale_id = ${saleId}`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.line_no),
      { unit: r.unit, isTracked: Boolean(r.is_tracked), refundedThousandthsText: String(r.refunded) },
    ]),
  );
}

/** The customer contact of a sale (archived ones too: history keeps its names). */
export async function findSessionHeader(db: Executor, businessId: string, id: string) {
  const [row] = await db
    .select({ id: registerSessions.id, registerName: registerSessions.registerName, status: registerSessions.status })
    .from(registerSessions)
    .where(and(eq(registerSessions.businessId, businessId), eq(registerSessions.id, id)));
  return row;
}

export interface RefundLineJoinedRow {
  refund_id: string;
  line_no: number;
  variant_id: string;
  name: string;
  quantity: string;
  total_minor: unknown;
  tax_minor: unknown;
  restocked: boolean;
}

/** The refunds of a sale, oldest first, and their lines with the sale line's name. */
export async function refundsOfSale(db: Executor, businessId: string, saleId: string) {
  const [headers, lines] = await Promise.all([
    queryRows<{
      id: string;
      number: string;
      sale_id: string;
      session_id: string | null;
      created_at: Date | string;
      refunded_by: string;
      reason: string;
      method: string;
      reference: string | null;
      provider: string | null;
      phone: string | null;
      total_minor: unknown;
      tax_minor: unknown;
    }>(
      db,
      sql`select id, number, sale_id, session_id, created_at, refunded_by, reason, method, reference, provider, phone,
                 total_minor, tax_minor
          from refunds where business_id = ${businessId} and sale_id = ${saleId}
          order by created_at, number`,
    ),
    queryRows<RefundLineJoinedRow>(
      db,
      sql`select rl.refund_id, rl.line_no, rl.variant_id, sl.name, rl.quantity::text as quantity,
                 rl.total_minor, rl.tax_minor, rl.restocked
          from refund_lines rl
          join sale_lines sl on sl.business_id = rl.business_id and sl.sale_id = rl.sale_id and sl.line_no = rl.line_no
          where rl.business_id = ${businessId} and rl.sale_id = ${saleId}
          order by rl.line_no`,
    ),
  ]);
  return { headers, lines };
}

export type RefundHeaderRow = Awaited<ReturnType<typeof refundsOfSale>>['headers'][number];
