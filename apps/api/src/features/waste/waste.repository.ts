import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { WasteReason, WasteStatus } from '@ipos/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { productVariants, products, stores, wastePhotos, wasteRecords } from '../../db/schema.js';

type Scope = { businessId: string; storeId: string };

export type WasteRow = typeof wasteRecords.$inferSelect;
export type NewWasteRow = typeof wasteRecords.$inferInsert;

/** The store's approval threshold and time zone. */
export async function wasteSettings(
  db: Executor,
  scope: Scope,
): Promise<{ thresholdMinor: number; timeZone: string } | undefined> {
  const [row] = await db
    .select({ thresholdMinor: stores.wasteApprovalThresholdMinor, timeZone: stores.timeZone })
    .from(stores)
    .where(and(eq(stores.businessId, scope.businessId), eq(stores.id, scope.storeId)));
  return row;
}

/** Sets the threshold under the store row's lock; returns the one it replaced. */
export async function setWasteThreshold(tx: Executor, scope: Scope, thresholdMinor: number): Promise<number> {
  const [before] = await queryRows<{ threshold: string | number }>(
    tx,
    sql`select waste_approval_threshold_minor as threshold from stores
         where business_id = ${scope.businessId} and id = ${scope.storeId} for update`,
  );
  await tx
    .update(stores)
    .set({ wasteApprovalThresholdMinor: thresholdMinor, updatedAt: sql`now()` })
    .where(and(eq(stores.businessId, scope.businessId), eq(stores.id, scope.storeId)));
  return Number(before?.threshold ?? 0);
}

/** Inserts a record unless its id exists; false when it did (a retried or reused id). */
export async function insertWaste(tx: Executor, row: NewWasteRow): Promise<boolean> {
  const inserted = await tx.insert(wasteRecords).values(row).onConflictDoNothing().returning({ id: wasteRecords.id });
  return inserted.length === 1;
}

export async function wasteIdTaken(tx: Executor, businessId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: wasteRecords.id })
    .from(wasteRecords)
    .where(and(eq(wasteRecords.businessId, businessId), eq(wasteRecords.id, id)));
  return Boolean(row);
}

export interface WasteWithProduct extends WasteRow {
  unit: string;
  isTracked: boolean;
}

const withProduct = {
  record: wasteRecords,
  unit: products.unit,
  isTracked: products.isTracked,
};

/** One record of the store with its product's unit and tracking; undefined for another store's or tenant's. */
export async function findWaste(db: Executor, scope: Scope, id: string): Promise<WasteWithProduct | undefined> {
  const [row] = await db
    .select(withProduct)
    .from(wasteRecords)
    .innerJoin(products, and(eq(products.businessId, wasteRecords.businessId), eq(products.id, wasteRecords.productId)))
    .where(
      and(
        eq(wasteRecords.businessId, scope.businessId),
        eq(wasteRecords.storeId, scope.storeId),
        eq(wasteRecords.id, id),
      ),
    );
  return row ? { ...row.record, unit: row.unit, isTracked: row.isTracked } : undefined;
}

/** Locks a record of the store (approvals and rejections queue on it). */
export async function lockWaste(tx: Executor, scope: Scope, id: string): Promise<WasteRow | undefined> {
  const [row] = await tx
    .select()
    .from(wasteRecords)
    .where(
      and(
        eq(wasteRecords.businessId, scope.businessId),
        eq(wasteRecords.storeId, scope.storeId),
        eq(wasteRecords.id, id),
      ),
    )
    .for('update');
  return row;
}

export async function markWasteDecided(
  tx: Executor,
  scope: Scope,
  id: string,
  decision: { status: WasteStatus; decidedBy: string | null; decidedAt: Date | SQL; decisionNote: string | null },
) {
  await tx
    .update(wasteRecords)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      decidedAt: decision.decidedAt,
      decisionNote: decision.decisionNote,
      version: sql`${wasteRecords.version} + 1`,
    })
    .where(and(eq(wasteRecords.businessId, scope.businessId), eq(wasteRecords.id, id)));
}

/** Whether the variant's product tracks stock, with its unit (the variant is the business's). */
export async function variantProduct(db: Executor, businessId: string, variantId: string) {
  const [row] = await db
    .select({ unit: products.unit, isTracked: products.isTracked })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.businessId, productVariants.businessId), eq(products.id, productVariants.productId)),
    )
    .where(and(eq(productVariants.businessId, businessId), eq(productVariants.id, variantId)));
  return row;
}

// ---------------------------------------------------------------- photo

export async function upsertWastePhoto(
  tx: Executor,
  row: { businessId: string; wasteId: string; contentType: string; bytes: Buffer },
) {
  await tx
    .insert(wastePhotos)
    .values({ ...row, byteSize: row.bytes.length })
    .onConflictDoUpdate({
      target: [wastePhotos.businessId, wastePhotos.wasteId],
      set: { contentType: row.contentType, bytes: row.bytes, byteSize: row.bytes.length, createdAt: sql`now()` },
    });
  await tx
    .update(wasteRecords)
    .set({ hasPhoto: true })
    .where(and(eq(wasteRecords.businessId, row.businessId), eq(wasteRecords.id, row.wasteId)));
}

export async function findWastePhoto(db: Executor, businessId: string, wasteId: string) {
  const [row] = await db
    .select({ contentType: wastePhotos.contentType, bytes: wastePhotos.bytes, byteSize: wastePhotos.byteSize })
    .from(wastePhotos)
    .where(and(eq(wastePhotos.businessId, businessId), eq(wastePhotos.wasteId, wasteId)));
  return row;
}

// ---------------------------------------------------------------- list

export interface WasteFilters {
  status?: WasteStatus | undefined;
  reason?: WasteReason | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

export interface WasteListRow {
  id: string;
  number: string;
  status: string;
  reason: string;
  note: string | null;
  product_id: string;
  variant_id: string;
  name: string;
  sku: string;
  quantity: string | number;
  unit: string;
  unit_cost_minor: string | number;
  value_minor: string | number;
  has_photo: boolean;
  recorded_at: Date | string;
  recorded_by: string;
}

function whereOf(scope: Scope, timeZone: string, f: WasteFilters) {
  const conditions = [sql`w.business_id = ${scope.businessId}`, sql`w.store_id = ${scope.storeId}`];
  if (f.status) conditions.push(sql`w.status = ${f.status}`);
  if (f.reason) conditions.push(sql`w.reason = ${f.reason}`);
  // The store's days: [from 00:00, to + 1 day 00:00) in its time zone.
  if (f.from) conditions.push(sql`w.recorded_at >= (${f.from}::date::timestamp at time zone ${timeZone})`);
  if (f.to) conditions.push(sql`w.recorded_at < ((${f.to}::date + 1)::timestamp at time zone ${timeZone})`);
  if (f.q) {
    const like = `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(lower(w.name) like ${like} or lower(w.sku) like ${like} or lower(w.number) like ${like})`);
  }
  return sql.join(conditions, sql` and `);
}

/** A page of the filtered records, newest first, with the filtered set's count and values in one query. */
export async function listWasteRows(
  db: Executor,
  scope: Scope,
  timeZone: string,
  filters: WasteFilters,
  page: { page: number; pageSize: number },
) {
  const where = whereOf(scope, timeZone, filters);
  const [rows, [totals], [waiting]] = await Promise.all([
    queryRows<WasteListRow>(
      db,
      sql`select w.id, w.number, w.status, w.reason, w.note, w.product_id, w.variant_id, w.name, w.sku,
                 w.quantity, p.unit, w.unit_cost_minor, w.value_minor, w.has_photo, w.recorded_at, w.recorded_by
            from waste_records w
            join products p on p.business_id = w.business_id and p.id = w.product_id
           where ${where}
           order by w.recorded_at desc, w.id desc
           limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`,
    ),
    queryRows<{ count: string | number; recorded: string | number; pending: string | number }>(
      db,
      sql`select count(*) as count,
                 coalesce(sum(w.value_minor) filter (where w.status = 'recorded'), 0) as recorded,
                 coalesce(sum(w.value_minor) filter (where w.status = 'pending'), 0) as pending
            from waste_records w
           where ${where}`,
    ),
    queryRows<{ count: string | number }>(
      db,
      sql`select count(*) as count from waste_records w
           where w.business_id = ${scope.businessId} and w.store_id = ${scope.storeId} and w.status = 'pending'`,
    ),
  ]);
  return {
    rows,
    count: Number(totals?.count ?? 0),
    recordedValueMinor: Number(totals?.recorded ?? 0),
    pendingValueMinor: Number(totals?.pending ?? 0),
    waitingCount: Number(waiting?.count ?? 0),
  };
}
