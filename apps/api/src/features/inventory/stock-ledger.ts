import { parseThousandths, thousandthsToNumeric, type MovementReason, type MovementRefType } from '@ipos/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { stockLevels, stockMovements, stores } from '../../db/schema.js';
import type { Actor } from '../../http/context.js';
import { AppError } from '../../http/app-error.js';
import { newId } from '../../lib/ids.js';

/**
 * The one way stock changes (ARCHITECTURE.md section 4). Every module that moves stock — adjustments,
 * counts, transfers, and later sales, refunds, receipts, returns and waste — calls `moveStock` inside
 * its own transaction: each movement is appended to the ledger and `stock_levels.on_hand` changes by
 * the same delta in the same transaction, so on hand always equals the sum of the movements.
 */
export interface MovementInput {
  productId: string;
  variantId: string;
  /** Signed, in integer thousandths (1.5 kg → 1500). Never zero. */
  deltaThousandths: number;
  reason: MovementReason;
  /** Whether the product's stock is tracked: only tracked goods are refused below zero. */
  isTracked: boolean;
  refType?: MovementRefType | null;
  refId?: string | null;
  note?: string | null;
}

export interface MovementResult {
  variantId: string;
  movementId: string;
  deltaThousandths: number;
  onHandAfterThousandths: number;
}

export interface StockScope {
  businessId: string;
  storeId: string;
}

export interface MoveOptions {
  /** Overrides the store's `allow_negative_stock` (a count sets stock to what was counted, even below). */
  allowNegative?: boolean;
  /** When the movements happened; defaults to the database's now. */
  occurredAt?: Date;
  /** Field path prefix for INSUFFICIENT_STOCK field errors: `lines` gives `lines.2.delta`. */
  fieldOf?: (input: MovementInput, index: number) => string;
}

export const insufficientStock = (
  shortages: { variantId: string; onHand: number; requested: number; field?: string }[],
) =>
  new AppError(
    'INSUFFICIENT_STOCK',
    shortages.length === 1
      ? `Only ${shortages[0]!.onHand} on hand: cannot take ${shortages[0]!.requested}`
      : `${shortages.length} lines would go below zero`,
    {
      shortages: shortages.map(({ variantId, onHand, requested }) => ({ variantId, onHand, requested })),
      errors: shortages.filter((s) => s.field).map((s) => ({ field: s.field!, message: `Only ${s.onHand} on hand` })),
    },
  );

/** Whether the store lets tracked goods go below zero. */
export async function storeAllowsNegativeStock(tx: Executor, scope: StockScope): Promise<boolean> {
  const [row] = await tx
    .select({ allow: stores.allowNegativeStock })
    .from(stores)
    .where(and(eq(stores.businessId, scope.businessId), eq(stores.id, scope.storeId)));
  return row?.allow ?? false;
}

/**
 * Applies movements in one store. Rows are touched in variant-id order, so two transactions moving
 * the same variants cannot deadlock. A decrement of a tracked variant is one guarded statement
 * (`… where on_hand + delta >= 0`); when any line would go below zero (and the store does not allow
 * it), every shortage is reported in one INSUFFICIENT_STOCK and the caller's transaction rolls back.
 */
export async function moveStock(
  tx: Executor,
  actor: Actor,
  scope: StockScope,
  inputs: MovementInput[],
  options: MoveOptions = {},
): Promise<MovementResult[]> {
  const allowNegative = options.allowNegative ?? (await storeAllowsNegativeStock(tx, scope));
  const ordered = inputs
    .map((input, index) => ({ input, index }))
    .sort((a, b) => (a.input.variantId < b.input.variantId ? -1 : a.input.variantId > b.input.variantId ? 1 : 0));
  const results = new Map<number, MovementResult>();
  const shortages: { variantId: string; onHand: number; requested: number; field?: string }[] = [];
  for (const { input, index } of ordered) {
    if (!Number.isInteger(input.deltaThousandths) || input.deltaThousandths === 0)
      throw new Error(`A movement needs a non-zero whole number of thousandths, got ${input.deltaThousandths}`);
    await tx
      .insert(stockLevels)
      .values({
        businessId: scope.businessId,
        storeId: scope.storeId,
        variantId: input.variantId,
        productId: input.productId,
      })
      .onConflictDoNothing();
    const delta = thousandthsToNumeric(input.deltaThousandths);
    const guarded = input.deltaThousandths < 0 && input.isTracked && !allowNegative;
    const [updated] = await tx
      .update(stockLevels)
      .set({ onHand: sql`${stockLevels.onHand} + ${delta}::numeric`, updatedAt: sql`now()` })
      .where(
        and(
          eq(stockLevels.businessId, scope.businessId),
          eq(stockLevels.storeId, scope.storeId),
          eq(stockLevels.variantId, input.variantId),
          guarded ? sql`${stockLevels.onHand} + ${delta}::numeric >= 0` : undefined,
        ),
      )
      .returning({ onHand: stockLevels.onHand });
    if (!updated) {
      const [current] = await tx
        .select({ onHand: stockLevels.onHand })
        .from(stockLevels)
        .where(
          and(
            eq(stockLevels.businessId, scope.businessId),
            eq(stockLevels.storeId, scope.storeId),
            eq(stockLevels.variantId, input.variantId),
          ),
        );
      shortages.push({
        variantId: input.variantId,
        onHand: parseThousandths(current?.onHand ?? 0) / 1000,
        requested: -input.deltaThousandths / 1000,
        ...(options.fieldOf ? { field: options.fieldOf(input, index) } : {}),
      });
      continue;
    }
    const onHandAfter = parseThousandths(updated.onHand);
    const movementId = newId();
    await tx.insert(stockMovements).values({
      businessId: scope.businessId,
      id: movementId,
      storeId: scope.storeId,
      productId: input.productId,
      variantId: input.variantId,
      delta,
      onHandAfter: thousandthsToNumeric(onHandAfter),
      reason: input.reason,
      refType: input.refType ?? null,
      refId: input.refId ?? null,
      note: input.note ?? null,
      actorAccountId: actor.accountId,
      ...(options.occurredAt ? { occurredAt: options.occurredAt } : {}),
    });
    results.set(index, {
      variantId: input.variantId,
      movementId,
      deltaThousandths: input.deltaThousandths,
      onHandAfterThousandths: onHandAfter,
    });
  }
  if (shortages.length > 0) throw insufficientStock(shortages);
  return inputs.map((_, index) => results.get(index)!);
}

/** On hand of variants in one store, in thousandths (a variant the store never touched has 0). */
export async function onHandOf(tx: Executor, scope: StockScope, variantIds: string[]): Promise<Map<string, number>> {
  const map = new Map<string, number>(variantIds.map((id) => [id, 0]));
  if (variantIds.length === 0) return map;
  const rows = await tx
    .select({ variantId: stockLevels.variantId, onHand: stockLevels.onHand })
    .from(stockLevels)
    .where(
      and(
        eq(stockLevels.businessId, scope.businessId),
        eq(stockLevels.storeId, scope.storeId),
        inArray(stockLevels.variantId, variantIds),
      ),
    );
  for (const row of rows) map.set(row.variantId, parseThousandths(row.onHand));
  return map;
}

/**
 * Every (store, variant) of a business where on hand differs from the sum of its movements. Empty
 * means the ledger invariant holds; tests call it after every operation.
 */
export async function ledgerMismatches(db: Executor, businessId: string) {
  return queryRows<{ store_id: string; variant_id: string; on_hand: string; ledger: string }>(
    db,
    sql`
    select coalesce(l.store_id, m.store_id) as store_id, coalesce(l.variant_id, m.variant_id) as variant_id,
           coalesce(l.on_hand, 0)::text as on_hand, coalesce(m.total, 0)::text as ledger
    from (select * from stock_levels where business_id = ${businessId}) l
    full join (
      select store_id, variant_id, sum(delta) as total from stock_movements
      where business_id = ${businessId} group by store_id, variant_id
    ) m on m.store_id = l.store_id and m.variant_id = l.variant_id
    where coalesce(l.on_hand, 0) <> coalesce(m.total, 0)`,
  );
}
