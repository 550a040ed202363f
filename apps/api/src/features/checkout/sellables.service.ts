import { checkBarcode, type listSellablesQuerySchema, type RegisterSellable, type SellablePage } from '@ipos/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../http/app-error.js';
import { likePattern } from '../../lib/like-patterns.js';
import { toSellable, type ViewerScope } from '../catalog/products.service.js';
import {
  categoryExists,
  findVariantIdByBarcode,
  listSellableRows,
  type RegisterSellableRow,
} from './sellables.repository.js';

/** The sellable of the products' barcode lookup, plus the tax the till prices with. */
export function toRegisterSellable(
  scope: ViewerScope,
  row: RegisterSellableRow,
  scannedCode?: string,
): RegisterSellable {
  return {
    // A scanned code is what the cashier scanned; otherwise the variant's first barcode.
    ...toSellable(scope, row, scannedCode ?? row.barcode),
    taxRateBasisPoints: Number(row.tax_rate_basis_points),
    taxInclusive: row.tax_inclusive,
  };
}

/**
 * The register's search: variants of non-archived products, priced and stocked for the active store.
 * A whole barcode finds its variant by key (whatever else the text would match); otherwise part of a
 * name or SKU searches the trigram index. A category of another business (or none) is a 404.
 */
export async function listSellables(
  db: Executor,
  scope: ViewerScope,
  query: z.output<typeof listSellablesQuerySchema>,
): Promise<SellablePage> {
  if (query.categoryId && !(await categoryExists(db, scope.businessId, query.categoryId)))
    throw notFound('The category');
  const q = query.q?.trim() || undefined;
  let scanned: string | undefined;
  if (q && !/\s/.test(q) && checkBarcode(q).ok) scanned = await findVariantIdByBarcode(db, scope.businessId, q);
  const { page, pageSize } = query;
  const { rows, total, totalCapped } = await listSellableRows(db, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    ...(scanned
      ? { variantIds: [scanned] }
      : query.variantId
        ? { variantIds: query.variantId }
        : q
          ? { pattern: likePattern(q), q }
          : {}),
    ...(query.categoryId ? { categoryId: query.categoryId } : {}),
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return {
    items: rows.map((row) => toRegisterSellable(scope, row, scanned ? q : undefined)),
    total,
    totalCapped,
    page,
    pageSize,
  };
}
