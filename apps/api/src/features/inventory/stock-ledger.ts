import { parseThousandths, thousandthsToNumeric, type MovementReason, type MovementRefType } from '@ipos/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { stockLevels, stores } from '../../db/schema.js';
import type { Actor } from '../../http/context.js';
import { AppError } from '../../http/app-error.js';
import { newId } from '../../lib/ids.js';
import { lockStockLevels } from './stock-variants.repository.js';

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
  /** When the movements happened; defaults to the actor's time (`Actor.at`), else the database's now. */
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
 * Applies movements in one store, in two statements whatever the number of lines: the rows are
 * locked in variant-id order with the store's negative-stock rule (`lockStockLevels`, which first
 * creates a row the store never had), so two transactions moving the same variants cannot deadlock;
 * every change is then one guarded update (`… where not guarded or on_hand + delta >= 0`) that also
 * inserts the movements. A variant named
 * twice moves twice, each movement with its own running on hand. When any line would take a tracked
 * variant below zero (and the store does not allow it), every shortage is reported in one
 * INSUFFICIENT_STOCK, nothing is written, and the caller's transaction rolls back.
 */
export async function moveStock(
  tx: Executor,
  actor: Actor,
  scope: StockScope,
  inputs: MovementInput[],
  options: MoveOptions = {},
): Promise<MovementResult[]> {
  if (inputs.length === 0) return [];
  for (const input of inputs)
    if (!Number.isInteger(input.deltaThousandths) || input.deltaThousandths === 0)
      throw new Error(`A movement needs a non-zero whole number of thousandths, got ${input.deltaThousandths}`);
  const occurredAt = options.occurredAt ?? actor.at;
  const ordered = inputs
    .map((input, index) => ({ input, index }))
    .sort((a, b) =>
      a.input.variantId < b.input.variantId ? -1 : a.input.variantId > b.input.variantId ? 1 : a.index - b.index,
    );
  const variants = [...new Map(ordered.map(({ input }) => [input.variantId, input.productId]))];

  const { levels: locked, storeAllowsNegative } = await lockStockLevels(
    tx,
    scope,
    variants.map(([variantId, productId]) => ({ variantId, productId })),
  );
  const allowNegative = options.allowNegative ?? storeAllowsNegative;

  // The rows are ours until the transaction ends: each line's running on hand, and every shortage.
  const onHand = new Map(locked.map((r) => [r.variantId, parseThousandths(r.onHand)]));
  const guardedVariants = new Set<string>();
  const shortages: { variantId: string; onHand: number; requested: number; field?: string }[] = [];
  const results = new Map<number, MovementResult>();
  for (const { input, index } of ordered) {
    const before = onHand.get(input.variantId) ?? 0;
    const after = before + input.deltaThousandths;
    const guarded = input.deltaThousandths < 0 && input.isTracked && !allowNegative;
    if (guarded) guardedVariants.add(input.variantId);
    if (guarded && after < 0) {
      shortages.push({
        variantId: input.variantId,
        onHand: before / 1000,
        requested: -input.deltaThousandths / 1000,
        ...(options.fieldOf ? { field: options.fieldOf(input, index) } : {}),
      });
      continue;
    }
    onHand.set(input.variantId, after);
    results.set(index, {
      variantId: input.variantId,
      movementId: newId(),
      deltaThousandths: input.deltaThousandths,
      onHandAfterThousandths: after,
    });
  }
  if (shortages.length > 0) throw insufficientStock(shortages);

  const net = new Map<string, number>();
  for (const { input } of ordered) net.set(input.variantId, (net.get(input.variantId) ?? 0) + input.deltaThousandths);
  const changed = [...net].filter(([, delta]) => delta !== 0);
  const movements = ordered.map(({ input, index }) => {
    const result = results.get(index)!;
    return sql`(${scope.businessId}::uuid, ${result.movementId}::uuid, ${scope.storeId}::uuid, ${input.productId}::uuid,
      ${input.variantId}::uuid, ${thousandthsToNumeric(input.deltaThousandths)}::numeric,
      ${thousandthsToNumeric(result.onHandAfterThousandths)}::numeric, ${input.reason}, ${input.refType ?? null},
      ${input.refId ?? null}::uuid, ${input.note ?? null}, ${actor.accountId}::uuid,
      ${occurredAt ? sql`${occurredAt.toISOString()}::timestamptz` : sql`now()`})`;
  });
  // The rows' new on hand (one guarded update) and the movements (one insert), in one statement.
  const update = changed.length
    ? sql`updated as (
        update stock_levels s
           set on_hand = s.on_hand + d.delta, updated_at = now()
          from (values ${sql.join(
            changed.map(
              ([variantId, delta]) =>
                sql`(${variantId}::uuid, ${thousandthsToNumeric(delta)}::numeric, ${guardedVariants.has(variantId)}::boolean)`,
            ),
            sql`, `,
          )}) as d(variant_id, delta, guarded)
         where s.business_id = ${scope.businessId} and s.store_id = ${scope.storeId} and s.variant_id = d.variant_id
           and (not d.guarded or s.on_hand + d.delta >= 0)
        returning s.variant_id),`
    : sql`updated as (select null::uuid as variant_id where false),`;
  const [written] = await queryRows<{ updated: number }>(
    tx,
    sql`with ${update}
         moved as (
           insert into stock_movements (business_id, id, store_id, product_id, variant_id, delta, on_hand_after,
                                        reason, ref_type, ref_id, note, actor_account_id, occurred_at)
           values ${sql.join(movements, sql`, `)}
           returning 1)
       select (select count(*) from updated)::int as updated, (select count(*) from moved)::int as moved`,
  );
  // The rows are locked and were checked above: a guard refusing now would be a broken invariant.
  if (Number(written!.updated) !== changed.length)
    throw new Error('A guarded stock update refused a row it had locked');
  return inputs.map((_, index) => results.get(index)!);
}

/**
 * Voiding a document that took stock (a sale, an invoice): gives back exactly what its `sale`
 * movements took, as `void` movements pointing at the same document, and says what came back.
 * Untracked goods took nothing.
 */
export async function returnStockTakenBy(
  tx: Executor,
  actor: Actor,
  scope: StockScope,
  ref: { refType: 'sale' | 'invoice'; refId: string },
  options: Pick<MoveOptions, 'occurredAt'> = {},
): Promise<{ variantId: string; thousandths: number }[]> {
  const taken = await queryRows<{ product_id: string; variant_id: string; taken: string | number }>(
    tx,
    sql`select product_id, variant_id, -sum(delta) as taken
          from stock_movements
         where business_id = ${scope.businessId} and store_id = ${scope.storeId}
           and ref_type = ${ref.refType} and ref_id = ${ref.refId} and reason = 'sale'
         group by product_id, variant_id
        having sum(delta) <> 0
         order by variant_id`,
  );
  if (taken.length === 0) return [];
  const back = taken.map((r) => ({ ...r, thousandths: parseThousandths(r.taken) }));
  await moveStock(
    tx,
    actor,
    scope,
    back.map((r) => ({
      productId: r.product_id,
      variantId: r.variant_id,
      deltaThousandths: r.thousandths,
      reason: 'void' as const,
      isTracked: true,
      refType: ref.refType,
      refId: ref.refId,
    })),
    options,
  );
  return back.map((r) => ({ variantId: r.variant_id, thousandths: r.thousandths }));
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
