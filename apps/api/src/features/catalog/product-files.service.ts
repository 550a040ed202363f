import { formatCount, type ImportReport, type labelsBodySchema } from '@ipos/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../../audit/audit.js';
import { newId } from '../../lib/ids.js';
import { analyzeTables } from '../../db/statistics.js';
import { recordStockAdjustmentIn, type AdjustmentLine } from '../inventory/stock-adjustments.service.js';
import { fillBlankSkus } from './generated-skus.js';
import { createProductIn, updateProductIn } from './products.service.js';
import { assertPlanAllows, planRefusal } from '../plans/plans.service.js';
import {
  findLabelVariants,
  findVariantsBySkus,
  loadProductStates,
  setProductArchived,
  storeInfo,
} from './product-files.repository.js';
import { columnOfPath, pathOfField, type Scope } from './product-import-context.js';
import { planImport, type PlannedGroup } from './product-import-plan.js';
import { renderLabels, type LabelSpec } from './product-labels.js';

/** Products as files: an import's preview and commit (planned by product-import-plan.ts), and labels. */

/** The note of the stock adjustment an import makes (reason `correction`), so the ledger says why. */
export const IMPORT_NOTE = 'CSV import';

/** A file that writes this many rows or more is a bulk load: the catalogue's statistics are refreshed after it. */
export const BULK_IMPORT_ROWS = 100;
/** The tables an import writes in bulk, the ones the register's catalogue and the lists read. */
export const CATALOGUE_TABLES = ['products', 'product_variants', 'product_barcodes', 'stock_levels'] as const;

// ---------------------------------------------------------------- preview and commit

/**
 * A row left without a SKU takes the one generated for its variant (the body's variants start with
 * the rows, in order): the stock step finds the variant by it, and the report shows it.
 */
function noteGeneratedSkus(group: PlannedGroup, body: { variants: { sku: string }[] }) {
  group.rows.forEach((row, i) => {
    if (!row.record.values.sku?.trim()) row.record.values.sku = body.variants[i]!.sku;
  });
}

/** How many more active products the catalogue holds once the planned groups are written. */
function netActiveProducts(groups: PlannedGroup[]): number {
  return groups.reduce((net, group) => {
    const wasActive = group.existing ? !group.existing.isArchived : false;
    const isActive = !(group.setArchived ?? group.existing?.isArchived ?? false);
    return net + Number(isActive) - Number(wasActive);
  }, 0);
}

export async function previewImport(deps: AppDeps, scope: Scope, bytes: Buffer): Promise<ImportReport> {
  const db = deps.database.db;
  const { groups, report } = await planImport(db, scope, bytes);
  // Said before "Import" is pressed: the file as a whole would pass the plan's product limit.
  const refusal = await planRefusal(db, scope.businessId, 'products', netActiveProducts(groups), { lock: false });
  return { ...report, planLimit: refusal?.message ?? null };
}

const invalid = (report: ImportReport) =>
  new AppError(
    'IMPORT_INVALID',
    `${report.summary.errors} ${report.summary.errors === 1 ? 'row has' : 'rows have'} errors: nothing was imported`,
    { report },
  );

/**
 * Imports a file all-or-nothing in one transaction: new SKUs are created, changed products updated
 * (with the version just read), and on_hand differences become one stock adjustment (`correction`,
 * note "CSV import"). A file that matches the catalogue writes nothing at all.
 */
export async function commitImport(deps: AppDeps, actor: Actor, scope: Scope, bytes: Buffer): Promise<ImportReport> {
  const report = await writeImport(deps, actor, scope, bytes);
  // After the commit, so the statistics see the rows; the first catalogue download follows soon.
  if (report.summary.create + report.summary.update >= BULK_IMPORT_ROWS)
    await analyzeTables(deps.database.db, CATALOGUE_TABLES);
  return report;
}

function writeImport(deps: AppDeps, actor: Actor, scope: Scope, bytes: Buffer): Promise<ImportReport> {
  return deps.database.db.transaction(async (tx) => {
    const { groups, report } = await planImport(tx, scope, bytes);
    if (report.summary.errors > 0) throw invalid(report);
    // The whole file counts against the plan: the active products it adds (new ones, restored ones)
    // less those it archives. Over the limit, nothing is imported.
    await assertPlanAllows(tx, scope.businessId, 'products', netActiveProducts(groups));

    let created = 0;
    let updated = 0;
    for (const group of groups) {
      try {
        const written = await writeGroup(tx, actor, scope, group);
        if (written === 'created') created++;
        if (written === 'updated') updated++;
      } catch (error) {
        throw refusedRow(error, group, report);
      }
    }
    const adjustmentNumber = await adjustStock(tx, actor, scope, groups);

    if (created > 0 || updated > 0 || adjustmentNumber) {
      await recordAudit(tx, actor, {
        businessId: scope.businessId,
        storeId: scope.storeId,
        action: 'product_import.committed',
        entity: 'product_import',
        entityId: newId(),
        after: {
          rows: report.summary.total,
          ...report.summary,
          productsCreated: created,
          productsUpdated: updated,
          stockAdjustment: adjustmentNumber,
        },
      });
    }
    // Rows left without a SKU answer with the one generated for them.
    const skuOf = new Map(
      groups.flatMap((g) => g.rows.map((r) => [r.record.line, r.record.values.sku ?? ''] as const)),
    );
    return {
      ...report,
      rows: report.rows.map((r) => ({ ...r, sku: r.sku || (skuOf.get(r.line) ?? '') })),
      committed: true,
    };
  });
}

/** Writes one planned product: created, updated, and archived or restored as the file asks. */
async function writeGroup(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  group: PlannedGroup,
): Promise<'created' | 'updated' | null> {
  let productId = group.existing?.id;
  let written: 'created' | 'updated' | null = null;
  if (group.create) {
    const body = await fillBlankSkus(tx, scope.businessId, group.create);
    noteGeneratedSkus(group, body);
    productId = await createProductIn(tx, actor, scope, body);
    written = 'created';
  } else if (group.update && group.changed) {
    const body = await fillBlankSkus(tx, scope.businessId, group.update);
    noteGeneratedSkus(group, body);
    await updateProductIn(tx, actor, scope, productId!, body);
    written = 'updated';
  }
  if (group.setArchived !== null) {
    await setProductArchived(tx, scope.businessId, productId!, group.setArchived);
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: group.setArchived ? 'product.archived' : 'product.unarchived',
      entity: 'product',
      entityId: productId!,
      before: { isArchived: !group.setArchived },
      after: { isArchived: group.setArchived, via: 'product_import' },
    });
    if (!group.create && !group.changed) written = 'updated';
  }
  return written;
}

/**
 * A rule of the products service the plan did not foresee: shown on the row, and nothing is written.
 * Any other failure is thrown as it is.
 */
function refusedRow(error: unknown, group: PlannedGroup, report: ImportReport): unknown {
  if (!(error instanceof AppError) || error.status >= 500 || error.status === 401 || error.status === 403) return error;
  const errors = error.extra.errors?.length ? error.extra.errors : [{ field: 'sku', message: error.message }];
  for (const e of errors) {
    const { variant, column } = columnOfPath(pathOfField(e.field));
    const row = group.rows[variant ?? 0] ?? group.rows[0]!;
    row.errors.push({ field: column, message: e.message });
  }
  const rows = report.rows.map((r) => {
    const planned = group.rows.find((p) => p.record.line === r.line);
    return planned && planned.errors.length > 0 ? { ...r, action: 'error' as const, errors: planned.errors } : r;
  });
  return invalid({
    ...report,
    rows,
    summary: { ...report.summary, errors: rows.filter((r) => r.action === 'error').length },
  });
}

/**
 * Stock: where on_hand differs from the active store's, one adjustment brings it there. The number
 * of that adjustment, or null when no row changes stock.
 */
async function adjustStock(tx: Executor, actor: Actor, scope: Scope, groups: PlannedGroup[]): Promise<string | null> {
  const stockRows = groups.flatMap((g) =>
    g.rows.filter((r) => r.onHandTarget !== null).map((r) => ({ row: r, isTracked: g.isTracked })),
  );
  if (stockRows.length === 0) return null;
  const variants = new Map(
    (
      await findVariantsBySkus(
        tx,
        scope.businessId,
        stockRows.map((s) => s.row.record.values.sku!),
      )
    ).map((v) => [v.sku.toUpperCase(), v]),
  );
  const states = await loadProductStates(
    tx,
    scope,
    [...variants.values()].map((v) => v.productId),
  );
  const lines: AdjustmentLine[] = [];
  for (const { row, isTracked } of stockRows) {
    const variant = variants.get(row.record.values.sku!.toUpperCase())!;
    const onHand = states.get(variant.productId)?.variants.find((v) => v.id === variant.variantId)?.onHand ?? 0;
    const delta = row.onHandTarget! - onHand;
    if (delta === 0) continue;
    lines.push({ productId: variant.productId, variantId: variant.variantId, deltaThousandths: delta, isTracked });
  }
  if (lines.length === 0) return null;
  const adjustment = await recordStockAdjustmentIn(tx, actor, scope, {
    reasonCode: 'correction',
    note: IMPORT_NOTE,
    lines,
  });
  return adjustment.number;
}

// ---------------------------------------------------------------- labels

/** At most this many labels in one PDF (the server draws them all). */
export const MAX_LABELS = 10_000;

export async function printLabels(
  deps: AppDeps,
  scope: Scope,
  body: z.output<typeof labelsBodySchema>,
): Promise<Buffer> {
  const total = body.items.reduce((sum, item) => sum + item.quantity, 0);
  if (total > MAX_LABELS)
    throw new AppError('VALIDATION_FAILED', `At most ${formatCount(MAX_LABELS)} labels at a time`, {
      errors: [{ field: 'items', message: `At most ${formatCount(MAX_LABELS)} labels in all` }],
    });
  const db = deps.database.db;
  const found = await findLabelVariants(
    db,
    scope.businessId,
    body.items.map((i) => i.variantId),
  );
  const productOf = new Map(found.map((f) => [f.variantId, f.productId]));
  // A variant of another business answers exactly like one that does not exist.
  if (body.items.some((i) => !productOf.has(i.variantId)))
    throw new AppError('NOT_FOUND', 'A product to print was not found');
  const states = await loadProductStates(db, scope, [...productOf.values()]);
  const { currency } = await storeInfo(db, scope);
  const labels: LabelSpec[] = body.items.map((item) => {
    const product = states.get(productOf.get(item.variantId)!)!;
    const variant = product.variants.find((v) => v.id === item.variantId)!;
    const label = variant.optionValues.join(' / ');
    const barcode = variant.barcodes[0];
    return {
      name: label ? `${product.name} (${label})` : product.name,
      priceMinor: variant.storePriceMinor ?? variant.sellingPriceMinor,
      barcode: barcode
        ? { code: barcode.code, symbology: barcode.symbology as LabelSpec['barcode']['symbology'] }
        : { code: variant.sku, symbology: 'CODE128' },
      quantity: item.quantity,
    };
  });
  return renderLabels(labels, { template: body.template, currency });
}
