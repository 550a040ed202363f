import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jsonRowsInsert, type FullRow } from '../../db/json-rows.js';
import { refundLines, refunds, sales } from '../../db/schema.js';

/** Whether a refund with this id exists in the business (any sale, any store). */
export async function refundIdTaken(tx: Executor, businessId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.businessId, businessId), eq(refunds.id, id)));
  return Boolean(row);
}

/** Whether the sale has any refund. */
export async function saleHasRefunds(tx: Executor, businessId: string, saleId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.businessId, businessId), eq(refunds.saleId, saleId)))
    .limit(1);
  return Boolean(row);
}

/** Inserts the refund header; false when a refund with this id already exists (a concurrent one included). */
export async function insertRefund(tx: Executor, row: typeof refunds.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(refunds).values(row).onConflictDoNothing().returning({ id: refunds.id });
  return inserted.length > 0;
}

const insertLines = jsonRowsInsert(refundLines);

/** A refund's lines in one statement of fixed text, whatever their count. */
export async function insertRefundLines(tx: Executor, rows: FullRow<typeof refundLines>[]) {
  if (rows.length > 0) await tx.execute(insertLines(rows));
}

export async function markSaleVoided(
  tx: Executor,
  businessId: string,
  saleId: string,
  change: { voidedAt: Date | null; voidedBy: string; voidReason: string },
) {
  const [row] = await tx
    .update(sales)
    .set({
      status: 'voided',
      voidedAt: change.voidedAt ?? sql`now()`,
      voidedBy: change.voidedBy,
      voidReason: change.voidReason,
    })
    .where(and(eq(sales.businessId, businessId), eq(sales.id, saleId)))
    .returning({ voidedAt: sales.voidedAt });
  return row!.voidedAt!;
}
