import { z } from 'zod';
import type { CatalogueSellable, SellableChangesPage, sellableChangesQuerySchema } from '@ipos/contracts';
import type { Executor } from '../../db/client.js';
import { invalidFields } from '../../http/app-error.js';
import { toSellable, type ViewerScope } from '../catalog/products.service.js';
import { clockLess, listCataloguePage, type CatalogueRow } from './sellable-changes.repository.js';

/**
 * A change committed by a slower transaction carries the time that transaction started, which may be
 * before a delta that did not see it yet: the next delta reads again from this much earlier (the
 * device upserts, so a row read twice is harmless).
 */
export const LATE_COMMIT_MARGIN_SECONDS = 60;

/**
 * Where a download stands, opaque to the device: the store it is for, the changes it reads (since a
 * time, or all), the last variant id it gave, and where the next delta starts once this one is done.
 * The times are the database's (`updated_at` is written with its clock), as it writes them.
 */
const cursorSchema = z.object({
  store: z.string().uuid(),
  since: z.string().max(64).nullable(),
  after: z.string().uuid().nullable(),
  next: z.string().max(64),
});
type Cursor = z.infer<typeof cursorSchema>;

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

const badCursor = () =>
  invalidFields([{ field: 'cursor', message: 'Not a cursor of this store: download the catalogue again' }]);

function decodeCursor(text: string, storeId: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const cursor = cursorSchema.safeParse(parsed);
  if (!cursor.success || cursor.data.store !== storeId) throw badCursor();
  if ([cursor.data.since, cursor.data.next].some((t) => t !== null && Number.isNaN(Date.parse(t)))) throw badCursor();
  return cursor.data;
}

function toCatalogueSellable(scope: ViewerScope, row: CatalogueRow): CatalogueSellable {
  const barcodes = row.barcodes ?? [];
  return {
    ...toSellable(scope, row, barcodes[0] ?? null),
    // The device's copy is shared by whoever uses the till: no cost price, whatever the role.
    costPriceMinor: null,
    taxRateBasisPoints: Number(row.tax_rate_basis_points),
    taxInclusive: row.tax_inclusive,
    barcodes,
    categoryId: row.category_id,
    archived: row.archived,
  };
}

/**
 * The store's catalogue for the device, a page at a time in variant-id order. Without a cursor: every
 * sellable variant (the archived ones left out). With the cursor of a finished download or delta:
 * every variant whose row changed since, archived ones included, so the device drops them.
 */
export async function listSellableChanges(
  db: Executor,
  scope: ViewerScope,
  query: z.output<typeof sellableChangesQuerySchema>,
): Promise<SellableChangesPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor, scope.storeId) : null;
  // The first page of a download or delta fixes where the next delta starts.
  const next = cursor && cursor.after !== null ? cursor.next : await clockLess(db, LATE_COMMIT_MARGIN_SECONDS);
  const since = cursor ? cursor.since : null;
  const rows = await listCataloguePage(db, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    since,
    after: cursor?.after ?? null,
    limit: query.limit,
  });
  const complete = rows.length <= query.limit;
  const page = complete ? rows : rows.slice(0, query.limit);
  const nextCursor: Cursor = complete
    ? { store: scope.storeId, since: next, after: null, next }
    : { store: scope.storeId, since, after: page.at(-1)!.variant_id, next };
  return {
    items: page.map((row) => toCatalogueSellable(scope, row)),
    nextCursor: encodeCursor(nextCursor),
    complete,
  };
}
