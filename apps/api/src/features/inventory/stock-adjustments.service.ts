import { and, eq } from 'drizzle-orm';
import {
  type createStockAdjustmentBodySchema,
  parseThousandths,
  type StockAdjustment,
  type StockAdjustmentReason,
} from '@ipos/contracts';
import type { z } from 'zod';
import type { StoreAccess } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { stockAdjustments } from '../../db/schema.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { notFound } from '../../http/app-error.js';
import { recordAudit } from '../../audit/audit.js';
import { nextDocumentNumber } from '../../lib/document-numbers.js';
import { newId } from '../../lib/ids.js';
import { moveStock, type MoveOptions } from './stock-ledger.js';
import { resolveLines } from './stock-lines.service.js';
import { iso, who, accountNames } from '../../lib/records.js';
import { movementsOfDocument } from './stock-movements.repository.js';
import { variantDisplayName } from './stock-variants.repository.js';

type Scope = Pick<StoreAccess, 'businessId' | 'storeId'>;
type Body = z.output<typeof createStockAdjustmentBodySchema>;

export interface AdjustmentLine {
  productId: string;
  variantId: string;
  deltaThousandths: number;
  isTracked: boolean;
}

/**
 * Records one numbered adjustment inside the caller's transaction: every line is one `adjustment`
 * movement pointing at it, then the number is taken (so two adjustments taking the last units race
 * on the stock row, not on the counter), the header written and one audit event recorded. Any
 * failure rolls all of it back, so numbers stay gapless. Product creation (opening stock), the CSV
 * import and the demo seed record theirs through here too.
 */
export async function recordStockAdjustmentIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  adjustment: {
    reasonCode: StockAdjustmentReason;
    note: string | null;
    lines: AdjustmentLine[];
    fieldOf?: MoveOptions['fieldOf'];
  },
): Promise<{ id: string; number: string }> {
  const id = newId();
  const { reasonCode, note, lines } = adjustment;
  await moveStock(
    tx,
    actor,
    scope,
    lines.map((l) => ({
      productId: l.productId,
      variantId: l.variantId,
      deltaThousandths: l.deltaThousandths,
      reason: 'adjustment' as const,
      isTracked: l.isTracked,
      refType: 'stock_adjustment' as const,
      refId: id,
      note,
    })),
    adjustment.fieldOf ? { fieldOf: adjustment.fieldOf } : {},
  );
  const number = await nextDocumentNumber(tx, scope, 'stock_adjustment');
  await tx.insert(stockAdjustments).values({
    businessId: scope.businessId,
    id,
    storeId: scope.storeId,
    number,
    reasonCode,
    note,
    createdBy: actor.accountId,
  });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'stock_adjustment.created',
    entity: 'stock_adjustment',
    entityId: id,
    after: {
      number,
      reasonCode,
      note,
      lines: lines.map((l) => ({ variantId: l.variantId, delta: l.deltaThousandths / 1000 })),
    },
  });
  return { id, number };
}

/** POST /stock-adjustments: the lines checked against the catalogue, then recorded. */
export async function createStockAdjustment(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  body: Body,
): Promise<StockAdjustment> {
  const { id } = await deps.database.db.transaction(async (tx) => {
    const lines = await resolveLines(
      tx,
      scope.businessId,
      body.lines.map((l) => ({ variantId: l.variantId, quantity: l.delta })),
      'delta',
    );
    return recordStockAdjustmentIn(tx, actor, scope, {
      reasonCode: body.reasonCode,
      note: body.note ? body.note : null,
      lines: lines.map((l) => ({
        productId: l.variant.productId,
        variantId: l.variant.variantId,
        deltaThousandths: l.thousandths,
        isTracked: l.variant.isTracked,
      })),
      fieldOf: (_input, index) => `lines.${index}.delta`,
    });
  });
  return (await loadAdjustment(deps.database.db, scope, id))!;
}

export async function getStockAdjustment(deps: AppDeps, scope: Scope, id: string): Promise<StockAdjustment> {
  const adjustment = await loadAdjustment(deps.database.db, scope, id);
  if (!adjustment) throw notFound('The stock adjustment');
  return adjustment;
}

async function loadAdjustment(db: Executor, scope: Scope, id: string): Promise<StockAdjustment | undefined> {
  const [header] = await db
    .select()
    .from(stockAdjustments)
    .where(
      and(
        eq(stockAdjustments.businessId, scope.businessId),
        eq(stockAdjustments.storeId, scope.storeId),
        eq(stockAdjustments.id, id),
      ),
    );
  if (!header) return undefined;
  const [movements, names] = await Promise.all([
    movementsOfDocument(db, scope.businessId, 'stock_adjustment', id),
    accountNames(db, [header.createdBy]),
  ]);
  return {
    id: header.id,
    number: header.number,
    storeId: header.storeId,
    reasonCode: header.reasonCode as StockAdjustmentReason,
    note: header.note,
    createdAt: iso(header.createdAt),
    createdBy: who(header.createdBy, names),
    lines: movements.map((m) => ({
      productId: m.productId,
      variantId: m.variantId,
      name: variantDisplayName(m),
      sku: m.sku,
      quantity: parseThousandths(m.delta) / 1000,
      onHandAfter: parseThousandths(m.onHandAfter) / 1000,
    })),
  };
}
