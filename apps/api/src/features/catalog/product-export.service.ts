import { Readable } from 'node:stream';
import {
  csvLine,
  csvNumber,
  fromThousandths,
  minorToDecimal,
  productCsvColumns,
  storeDay,
  type CsvValue,
  type ProductCsvColumn,
} from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import { seesCosts } from '../../auth/costs.js';
import type { AppDeps } from '../../http/context.js';
import { minorDigitsOf } from './product-csv.js';
import {
  loadCatalogRefs,
  loadProductStates,
  productIdPage,
  storeInfo,
  type CatalogRefs,
  type ProductState,
} from './product-files.repository.js';

/** The catalogue as a products CSV, the file an import reads back. */

type Scope = Pick<StoreAccess, 'businessId' | 'storeId'>;

const EXPORT_PAGE = 500;

/**
 * The rows of one product as the CSV has them: one per live variant. Names, SKUs and the like are
 * text (the writer guards them against formulas); money and quantities are numbers, written plain.
 */
function exportRows(
  p: ProductState,
  refs: CatalogRefs,
  minorDigits: number,
  columns: readonly ProductCsvColumn[],
): string[] {
  const money = (minor: number | null) => (minor === null ? null : csvNumber(minorToDecimal(minor, minorDigits)));
  const quantity = (thousandths: number | null) => (thousandths === null ? null : fromThousandths(thousandths));
  const category = refs.categories.find((c) => c.id === p.categoryId);
  const parent = category?.parentId ? refs.categories.find((c) => c.id === category.parentId) : undefined;
  const tax = refs.taxRates.find((t) => t.id === p.taxRateId);
  const live = p.variants.filter((v) => !v.isArchived);
  const handle = p.options.length > 0 && live[0] ? live[0].sku.toLowerCase() : '';
  return live.map((v) => {
    const values: Record<ProductCsvColumn, CsvValue> = {
      handle,
      name: p.name,
      sku: v.sku,
      category: parent ? parent.name : (category?.name ?? ''),
      subcategory: parent ? category!.name : '',
      unit: p.unit,
      tax_rate: tax?.name ?? '',
      tracked: p.isTracked ? 'yes' : 'no',
      option1_name: p.options[0]?.name ?? '',
      option1_value: v.optionValues[0] ?? '',
      option2_name: p.options[1]?.name ?? '',
      option2_value: v.optionValues[1] ?? '',
      option3_name: p.options[2]?.name ?? '',
      option3_value: v.optionValues[2] ?? '',
      barcodes: v.barcodes.map((b) => b.code).join('|'),
      cost_price: money(v.costPriceMinor),
      selling_price: money(v.sellingPriceMinor),
      store_price: money(v.storePriceMinor),
      reorder_level: quantity(v.reorderLevel),
      reorder_quantity: quantity(v.reorderQuantity),
      on_hand: p.isTracked ? quantity(v.onHand) : null,
      archived: p.isArchived ? 'yes' : 'no',
      preferred_vendor: refs.vendors.find((x) => x.id === p.preferredVendorId)?.name ?? '',
      vendor_item_code: v.vendorItemCode ?? '',
    };
    return csvLine(columns.map((c) => values[c]));
  });
}

/** The file name of an export: `products-LEK-2026-05-02.csv` (the date in the store's time zone). */
export async function exportFileName(deps: AppDeps, scope: Scope): Promise<string> {
  const { alias, timeZone } = await storeInfo(deps.database.db, scope);
  const date = storeDay(timeZone, deps.now());
  return `products-${alias}-${date}.csv`;
}

/**
 * The catalogue as CSV, produced page by page (500 products at a time, keyset on name and id) while
 * the client reads: memory stays flat whatever the size of the catalogue.
 */
export function exportProducts(
  deps: AppDeps,
  scope: Scope & Pick<StoreAccess, 'permissions'>,
  archived: 'false' | 'true' | 'all',
): Readable {
  // Without inventory.costs the file has no cost_price column; importing it back keeps every cost.
  const columns = seesCosts(scope) ? productCsvColumns : productCsvColumns.filter((c) => c !== 'cost_price');
  const db = deps.database.db;
  async function* lines() {
    const { currency } = await storeInfo(db, scope);
    const minorDigits = minorDigitsOf(currency);
    const refs = await loadCatalogRefs(db, scope.businessId);
    // The BOM lets spreadsheet programs read the file as UTF-8 (₦, accents); the import accepts it.
    yield `\uFEFF${csvLine(columns)}`;
    let after: { name: string; id: string } | null = null;
    for (;;) {
      const page = await productIdPage(db, scope.businessId, { archived, after, limit: EXPORT_PAGE });
      if (page.length === 0) return;
      const states = await loadProductStates(
        db,
        scope,
        page.map((p) => p.id),
      );
      let chunk = '';
      for (const { id } of page) {
        const state = states.get(id);
        if (state) chunk += exportRows(state, refs, minorDigits, columns).join('');
      }
      yield chunk;
      const last = page.at(-1)!;
      after = { name: last.sortName, id: last.id };
      if (page.length < EXPORT_PAGE) return;
    }
  }
  return Readable.from(lines());
}
