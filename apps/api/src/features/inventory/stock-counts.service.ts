import {
  lineValueMinor,
  parseThousandths,
  thousandthsToNumeric,
  toThousandths,
  type FieldError,
  type StockCount,
  type StockCountStatus,
  type StockCountSummary,
} from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import { seesCosts } from '../../auth/costs.js';
import type { Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError, notFound, checkVersion } from '../../http/app-error.js';
import { recordAudit } from '../../audit/audit.js';
import { nextDocumentNumber } from '../../lib/document-numbers.js';
import { newId } from '../../lib/ids.js';
import { moveStock } from './stock-ledger.js';
import { lineFailureError, lineFaults, type LineFault } from './line-checks.js';
import { iso, isoOrNull, who, accountNames } from '../../lib/records.js';
import {
  countLineRows,
  findCount,
  insertCount,
  insertLines,
  listCountRows,
  lockCount,
  setCounted,
  setExpected,
  unknownCategoryIds,
  unknownProductIds,
  updateCount,
  variantsInScope,
  type StockCountRow,
} from './stock-counts.repository.js';
import {
  findVariantByBarcode,
  findVariants,
  lockStockLevels,
  variantDisplayName,
  type StockVariantRow,
} from './stock-variants.repository.js';

type Scope = Pick<StoreAccess, 'businessId' | 'storeId' | 'permissions'>;

const WHAT = 'The stock count';

const closed = (row: StockCountRow) =>
  new AppError('STOCK_COUNT_CLOSED', `Count ${row.number} is ${row.status}: it can no longer change`);

/** The count locked for a change: 404 when it is not the active store's, 409 when it is not open. */
async function lockOpenCount(tx: Executor, scope: Scope, id: string, version?: number) {
  const row = await lockCount(tx, scope.businessId, scope.storeId, id);
  if (!row) throw notFound(WHAT);
  if (row.status !== 'open') throw closed(row);
  if (version !== undefined) checkVersion('this count', row.version, version);
  return row;
}

function summaryOf(
  row: StockCountRow,
  tally: { lineCount: number; countedCount: number },
  names: Map<string, string>,
): StockCountSummary {
  return {
    id: row.id,
    number: row.number,
    storeId: row.storeId,
    status: row.status as StockCountStatus,
    note: row.note,
    isBlind: row.isBlind,
    lineCount: tally.lineCount,
    countedCount: tally.countedCount,
    createdAt: iso(row.createdAt),
    createdBy: who(row.createdBy, names),
    postedAt: isoOrNull(row.postedAt),
    version: row.version,
  };
}

/**
 * A count with its lines. Expected is on hand now while the count is open and what was on hand
 * at posting once posted; the variance is valued at the variant's cost, rounded half away from zero
 * (costs and values only for a role that sees costs). A blind count that is not posted answers no
 * expected quantity, variance or value to anyone (decision 0032): what was counted is all it shows.
 */
async function loadCount(db: Executor, scope: Scope, id: string): Promise<StockCount | undefined> {
  const row = await findCount(db, scope.businessId, scope.storeId, id);
  if (!row) return undefined;
  const [rows, names] = await Promise.all([
    countLineRows(db, scope.businessId, scope.storeId, id),
    accountNames(db, [row.createdBy]),
  ]);
  const costs = seesCosts(scope);
  const hidden = row.isBlind && row.status !== 'posted';
  const totals = { surplusValueMinor: 0, shortageValueMinor: 0, netValueMinor: 0 };
  const lines = rows.map((line) => {
    const expected =
      row.status !== 'open' && line.expected !== null
        ? parseThousandths(line.expected)
        : parseThousandths(line.onHand ?? 0);
    const counted = line.counted === null ? null : parseThousandths(line.counted);
    const variance = counted === null ? null : counted - expected;
    const value = variance === null ? null : lineValueMinor(variance, line.costPriceMinor);
    if (value !== null) {
      if (value > 0) totals.surplusValueMinor += value;
      else totals.shortageValueMinor += -value;
      totals.netValueMinor += value;
    }
    return {
      productId: line.productId,
      variantId: line.variantId,
      name: variantDisplayName(line),
      sku: line.sku,
      barcode: line.barcode,
      unit: line.unit,
      costPriceMinor: costs ? line.costPriceMinor : null,
      expected: hidden ? null : expected / 1000,
      counted: counted === null ? null : counted / 1000,
      variance: hidden || variance === null ? null : variance / 1000,
      varianceValueMinor: costs && !hidden ? value : null,
    };
  });
  const countedCount = lines.filter((l) => l.counted !== null).length;
  return {
    ...summaryOf(row, { lineCount: lines.length, countedCount }, names),
    lines,
    totals: costs && !hidden ? totals : null,
  };
}

async function reload(deps: AppDeps, scope: Scope, id: string) {
  return (await loadCount(deps.database.db, scope, id))!;
}

export async function getStockCount(deps: AppDeps, scope: Scope, id: string): Promise<StockCount> {
  const count = await loadCount(deps.database.db, scope, id);
  if (!count) throw notFound(WHAT);
  return count;
}

export async function listStockCounts(
  deps: AppDeps,
  scope: Scope,
  query: { page: number; pageSize: number; status?: StockCountStatus | undefined },
) {
  const db = deps.database.db;
  const { rows, total } = await listCountRows(db, scope.businessId, scope.storeId, query.status, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const names = await accountNames(
    db,
    rows.map((r) => r.count.createdBy),
  );
  return {
    items: rows.map((r) =>
      summaryOf(r.count, { lineCount: Number(r.lineCount), countedCount: Number(r.countedCount) }, names),
    ),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * The variants a count of these products and categories would hold (every tracked one when both are
 * empty); an id that is not the business's is a 400 naming it under `fields`.
 */
async function countableVariants(
  db: Executor,
  scope: Scope,
  ids: { productIds?: string[] | undefined; categoryIds?: string[] | undefined },
  fields: { products: string; categories: string },
) {
  const productIds = [...new Set(ids.productIds ?? [])];
  const categoryIds = [...new Set(ids.categoryIds ?? [])];
  const errors: FieldError[] = [];
  const badProducts = new Set(await unknownProductIds(db, scope.businessId, productIds));
  (ids.productIds ?? []).forEach((pid, i) => {
    if (badProducts.has(pid))
      errors.push({ field: `${fields.products}.${i}`, message: 'No such product in this business' });
  });
  const badCategories = new Set(await unknownCategoryIds(db, scope.businessId, categoryIds));
  (ids.categoryIds ?? []).forEach((cid, i) => {
    if (badCategories.has(cid))
      errors.push({ field: `${fields.categories}.${i}`, message: 'No such category in this business' });
  });
  if (errors.length > 0)
    throw new AppError('VALIDATION_FAILED', 'Some products or categories were not found', { errors });
  return variantsInScope(db, scope.businessId, { productIds, categoryIds });
}

/** What "Start count" would cover, so the person can confirm it before a numbered count exists. */
export async function previewStockCount(
  deps: AppDeps,
  scope: Scope,
  query: { productId?: string[] | undefined; categoryId?: string[] | undefined },
) {
  const variants = await countableVariants(
    deps.database.db,
    scope,
    { productIds: query.productId, categoryIds: query.categoryId },
    { products: 'productId', categories: 'categoryId' },
  );
  return { variantCount: variants.length, productCount: new Set(variants.map((v) => v.productId)).size };
}

export async function createStockCount(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  body: {
    note?: string | undefined;
    isBlind?: boolean | undefined;
    productIds?: string[] | undefined;
    categoryIds?: string[] | undefined;
  },
): Promise<StockCount> {
  const productIds = [...new Set(body.productIds ?? [])];
  const categoryIds = [...new Set(body.categoryIds ?? [])];
  const id = await deps.database.db.transaction(async (tx) => {
    const variants = await countableVariants(tx, scope, body, { products: 'productIds', categories: 'categoryIds' });
    const id = newId();
    const number = await nextDocumentNumber(tx, scope, 'stock_count');
    const note = body.note ? body.note : null;
    const isBlind = body.isBlind ?? false;
    await insertCount(tx, {
      businessId: scope.businessId,
      id,
      storeId: scope.storeId,
      number,
      note,
      isBlind,
      createdBy: actor.accountId,
    });
    await insertLines(tx, scope.businessId, id, variants);
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: 'stock_count.created',
      entity: 'stock_count',
      entityId: id,
      after: { number, note, isBlind, productIds, categoryIds, lineCount: variants.length },
    });
    return id;
  });
  return reload(deps, scope, id);
}

/** The order a count line's faults are refused in: the variant's first, then a fraction of a whole unit. */
const COUNT_FAULTS: LineFault[] = ['unknown', 'archived', 'untracked', 'fractional'];

/**
 * A count line at its first fault is refused: a variant that may not be added to a count (unknown 400,
 * archived 409 PRODUCT_ARCHIVED, untracked 409 PRODUCT_NOT_TRACKED), then a fraction of a whole unit (400).
 * A line already in the count may be recorded even if its product was archived since: only its unit counts.
 */
function checkCountLine(
  variant: StockVariantRow | undefined,
  thousandths: number,
  line: { inCount: boolean; fields: { variant: string; quantity: string } },
): StockVariantRow {
  const faults = lineFaults(variant, thousandths, { mustTrack: true });
  const refused: LineFault[] = line.inCount && variant ? ['fractional'] : COUNT_FAULTS;
  const fault = refused.find((r) => faults.includes(r));
  if (!fault) return variant!;
  const error = lineFailureError(
    { index: 0, reason: fault, variant },
    { wholeUnitsVerb: 'counted', fields: line.fields },
  );
  const errors = [error];
  switch (fault) {
    case 'unknown':
      throw new AppError('VALIDATION_FAILED', 'The product was not found', { errors });
    case 'archived':
      throw new AppError('PRODUCT_ARCHIVED', error.message, { errors });
    case 'untracked':
      throw new AppError('PRODUCT_NOT_TRACKED', error.message, { errors });
    case 'fractional':
      throw new AppError('VALIDATION_FAILED', `${variant!.productName} is counted in whole units`, { errors });
  }
}

/**
 * Sets counted quantities (null clears). Each change bumps the count's version, so a manager who posts
 * what they reviewed is told when someone counted more in the meantime.
 */
export async function recordStockCountLines(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  id: string,
  body: { lines: { variantId: string; counted: number | null }[] },
): Promise<StockCount> {
  await deps.database.db.transaction(async (tx) => {
    const row = await lockOpenCount(tx, scope, id);
    const variants = await findVariants(
      tx,
      scope.businessId,
      body.lines.map((l) => l.variantId),
    );
    const existing = new Set((await countLineRows(tx, scope.businessId, scope.storeId, id)).map((l) => l.variantId));
    const seen = new Set<string>();
    const changes: { variantId: string; counted: number | null }[] = [];
    for (const [i, line] of body.lines.entries()) {
      if (seen.has(line.variantId))
        throw new AppError('VALIDATION_FAILED', 'A variant is listed twice', {
          errors: [{ field: `lines.${i}.variantId`, message: 'This variant is already a line' }],
        });
      seen.add(line.variantId);
      const thousandths = line.counted === null ? null : toThousandths(line.counted);
      // A cleared count (null) is no fraction.
      const checked = checkCountLine(variants.get(line.variantId), thousandths ?? 0, {
        inCount: existing.has(line.variantId),
        fields: { variant: `lines.${i}.variantId`, quantity: `lines.${i}.counted` },
      });
      await setCounted(tx, scope.businessId, id, {
        variantId: checked.variantId,
        productId: checked.productId,
        counted: thousandths === null ? null : thousandthsToNumeric(thousandths),
      });
      changes.push({ variantId: checked.variantId, counted: thousandths === null ? null : thousandths / 1000 });
    }
    await updateCount(tx, scope.businessId, id, {});
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: 'stock_count.lines_recorded',
      entity: 'stock_count',
      entityId: id,
      after: { number: row.number, lines: changes },
    });
  });
  return reload(deps, scope, id);
}

/** A scanned barcode adds its quantity to its variant's line (adding the line when needed). */
export async function scanStockCount(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  id: string,
  body: { barcode: string; quantity: number },
): Promise<StockCount> {
  await deps.database.db.transaction(async (tx) => {
    const row = await lockOpenCount(tx, scope, id);
    const found = await findVariantByBarcode(tx, scope.businessId, body.barcode);
    if (!found) throw new AppError('NOT_FOUND', `No product has the barcode ${body.barcode}`);
    const lines = await countLineRows(tx, scope.businessId, scope.storeId, id);
    const line = lines.find((l) => l.variantId === found.variantId);
    const add = toThousandths(body.quantity);
    const variant = checkCountLine(found, add, {
      inCount: line !== undefined,
      fields: { variant: 'barcode', quantity: 'quantity' },
    });
    const counted = (line?.counted === null || line?.counted === undefined ? 0 : parseThousandths(line.counted)) + add;
    await setCounted(tx, scope.businessId, id, {
      variantId: variant.variantId,
      productId: variant.productId,
      counted: thousandthsToNumeric(counted),
    });
    await updateCount(tx, scope.businessId, id, {});
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: 'stock_count.scanned',
      entity: 'stock_count',
      entityId: id,
      after: { number: row.number, barcode: body.barcode, variantId: variant.variantId, counted: counted / 1000 },
    });
  });
  return reload(deps, scope, id);
}

/**
 * Posts a count: the stock rows of its lines are locked (variant-id order), what is on hand now is kept
 * as each line's expected quantity, and each counted line with a difference becomes one `count` movement
 * of (counted − on hand), so on hand ends equal to what was counted. Uncounted lines do not move.
 */
export async function postStockCount(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  id: string,
  version: number,
): Promise<StockCount> {
  await deps.database.db.transaction(async (tx) => {
    const row = await lockOpenCount(tx, scope, id, version);
    const lines = await countLineRows(tx, scope.businessId, scope.storeId, id);
    const { levels } = await lockStockLevels(tx, scope, lines);
    const onHand = new Map(levels.map((l) => [l.variantId, parseThousandths(l.onHand)]));
    const movements = [];
    for (const line of lines) {
      const current = onHand.get(line.variantId) ?? 0;
      await setExpected(tx, scope.businessId, id, line.variantId, thousandthsToNumeric(current));
      if (line.counted === null) continue;
      const delta = parseThousandths(line.counted) - current;
      if (delta === 0) continue;
      movements.push({
        productId: line.productId,
        variantId: line.variantId,
        deltaThousandths: delta,
        reason: 'count' as const,
        isTracked: line.isTracked,
        refType: 'stock_count' as const,
        refId: id,
        note: row.note,
      });
    }
    // Counted quantities are never negative, so the guard cannot refuse: on hand ends at what was counted.
    await moveStock(tx, actor, scope, movements, { allowNegative: true });
    await updateCount(tx, scope.businessId, id, { status: 'posted', postedBy: actor.accountId, postedAt: deps.now() });
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: 'stock_count.posted',
      entity: 'stock_count',
      entityId: id,
      before: { status: 'open' },
      after: {
        status: 'posted',
        number: row.number,
        movements: movements.map((m) => ({ variantId: m.variantId, delta: m.deltaThousandths / 1000 })),
      },
    });
  });
  return reload(deps, scope, id);
}

export async function cancelStockCount(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  id: string,
  version: number,
): Promise<StockCount> {
  await deps.database.db.transaction(async (tx) => {
    const row = await lockOpenCount(tx, scope, id, version);
    await updateCount(tx, scope.businessId, id, { status: 'cancelled' });
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: 'stock_count.cancelled',
      entity: 'stock_count',
      entityId: id,
      before: { status: 'open' },
      after: { status: 'cancelled', number: row.number },
    });
  });
  return reload(deps, scope, id);
}
