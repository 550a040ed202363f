import type { Product, StockCount, StockCountLine, StockMovement, Variant } from '@ipos/contracts';
import { IKEJA_ID, LEKKI_ID } from '../../../test/fixtures';

/** Test data for the stock screens, in the contracts' shapes (as the API answers). */
export const PRODUCT_ID = '0190a6a0-0000-7000-8000-00000000a001';
export const VARIANT_ID = '0190a6a0-0000-7000-8000-00000000b001';
export const VARIANT_2_ID = '0190a6a0-0000-7000-8000-00000000b002';
export const ACCOUNT_ID = '0190a6a0-0000-7000-8000-000000000001';

export function variantOf(overrides: Partial<Variant> & { lekki?: number; ikeja?: number } = {}): Variant {
  const { lekki = 3, ikeja = 10, ...rest } = overrides;
  return {
    id: VARIANT_ID,
    sku: 'PEAK-400',
    optionValues: [],
    label: '',
    barcodes: [{ code: '5012345678900', symbology: 'EAN13' }],
    costPriceMinor: 150000,
    sellingPriceMinor: 200000,
    vendorItemCode: null,
    lastCostMinor: null,
    isArchived: false,
    stores: [
      {
        storeId: IKEJA_ID,
        storeName: 'Ikeja',
        storeAlias: 'IKJ',
        onHand: ikeja,
        reorderLevel: 5,
        reorderQuantity: 24,
        sellingPriceMinor: null,
        effectivePriceMinor: 200000,
      },
      {
        storeId: LEKKI_ID,
        storeName: 'Lekki',
        storeAlias: 'LEK',
        onHand: lekki,
        reorderLevel: 5,
        reorderQuantity: 24,
        sellingPriceMinor: 210000,
        effectivePriceMinor: 210000,
      },
    ],
    ...rest,
  };
}

export function productOf(overrides: Partial<Product> = {}): Product {
  return {
    id: PRODUCT_ID,
    name: 'Peak Milk 400g',
    categoryId: null,
    categoryName: 'Groceries',
    unit: 'each',
    taxRateId: null,
    isTracked: true,
    options: [],
    preferredVendor: null,
    imageVersion: null,
    isArchived: false,
    version: 1,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    variants: [variantOf()],
    ...overrides,
  };
}

export function movementOf(overrides: Partial<StockMovement> = {}): StockMovement {
  return {
    id: '0190a6a0-0000-7000-8000-00000000c001',
    occurredAt: '2026-03-07T18:05:00.000Z',
    storeId: LEKKI_ID,
    storeName: 'Lekki',
    productId: PRODUCT_ID,
    variantId: VARIANT_ID,
    variantLabel: '',
    sku: 'PEAK-400',
    delta: 5,
    onHandAfter: 8,
    reason: 'adjustment',
    refType: 'stock_adjustment',
    refId: '0190a6a0-0000-7000-8000-00000000d001',
    refNumber: 'LEK-ADJ000001',
    documentKind: 'stock_adjustment',
    documentId: '0190a6a0-0000-7000-8000-00000000d001',
    note: null,
    actor: { id: ACCOUNT_ID, name: 'Bola Admin' },
    ...overrides,
  };
}

export const COUNT_ID = '0190a6a0-0000-7000-8000-00000000e001';

export function countLineOf(overrides: Partial<StockCountLine> = {}): StockCountLine {
  return {
    productId: PRODUCT_ID,
    variantId: VARIANT_ID,
    name: 'Peak Milk 400g',
    sku: 'PEAK-400',
    barcode: '5012345678900',
    unit: 'each',
    costPriceMinor: 150000,
    expected: 3,
    counted: null,
    variance: null,
    varianceValueMinor: null,
    ...overrides,
  };
}

export function countOf(lines: StockCountLine[], overrides: Partial<StockCount> = {}): StockCount {
  const counted = lines.filter((l) => l.counted !== null);
  const values = counted.map((l) => l.varianceValueMinor ?? 0);
  const surplus = values.filter((v) => v > 0).reduce((a, b) => a + b, 0);
  const shortage = values.filter((v) => v < 0).reduce((a, b) => a + b, 0);
  return {
    id: COUNT_ID,
    number: 'LEK-CNT000001',
    storeId: LEKKI_ID,
    status: 'open',
    note: null,
    isBlind: false,
    lineCount: lines.length,
    countedCount: counted.length,
    createdAt: '2026-03-07T18:00:00.000Z',
    createdBy: { id: ACCOUNT_ID, name: 'Bola Admin' },
    postedAt: null,
    version: 1,
    lines,
    totals: { surplusValueMinor: surplus, shortageValueMinor: -shortage, netValueMinor: surplus + shortage },
    ...overrides,
  };
}
