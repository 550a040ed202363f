import type { CatalogueSellable } from '@ipos/contracts';
import type { SellableRow } from '../../../lib/device-db';

let n = 0;

/** A sellable as the server's catalogue sends it (a unique id and SKU unless told). */
export function catalogueItem(overrides: Partial<CatalogueSellable> = {}): CatalogueSellable {
  n += 1;
  const id = `0190a6a0-0000-7000-8000-${String(n).padStart(12, '0')}`;
  const barcode = overrides.barcodes?.[0] ?? overrides.barcode ?? null;
  return {
    productId: id,
    variantId: id,
    name: `Item ${n}`,
    sku: `SKU-${n}`,
    unit: 'each',
    priceMinor: 10_000,
    costPriceMinor: null,
    taxRateId: null,
    isTracked: true,
    onHand: 20,
    imageVersion: null,
    taxRateBasisPoints: 0,
    taxInclusive: true,
    categoryId: null,
    archived: false,
    ...overrides,
    barcode,
    barcodes: overrides.barcodes ?? (barcode ? [barcode] : []),
  };
}

/** The same as the device keeps it, in a store. */
export function catalogueRow(
  storeId: string,
  { isArchived = false, ...overrides }: Partial<CatalogueSellable> & { isArchived?: boolean } = {},
): SellableRow {
  const { archived: _archived, ...rest } = catalogueItem(overrides);
  return { ...rest, storeId, isArchived };
}
