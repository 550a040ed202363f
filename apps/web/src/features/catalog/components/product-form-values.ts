import {
  createProductBodySchema,
  hasAtMost3Decimals,
  MAX_QUANTITY,
  unitAllowsFractions,
  updateProductBodySchema,
  type CreateProductInput,
  type CurrencyCode,
  type Product,
  type ProductUnit,
  type UpdateProductInput,
} from '@ipos/contracts';
import { minorToInput, parseMoneyInput } from '../../../components/money/money-input';

/**
 * The product form's state is text as typed (amounts in major units, quantities, barcodes separated
 * by spaces or commas); `toProductBody` turns it into the contract's body and the errors found on
 * the way, keyed by field path (`variants.0.sku`, `variants.1.storeSettings.<storeId>.reorderLevel`),
 * the same keys the API's field errors are put under.
 */

export interface StoreRef {
  id: string;
  name: string;
  alias: string;
}

export interface StoreFields {
  price: string;
  reorderLevel: string;
  reorderQuantity: string;
}

export interface VariantRow {
  /** React key: the variant's id, or the option values of a new one. */
  key: string;
  id?: string;
  optionValues: string[];
  sku: string;
  barcodes: string;
  cost: string;
  price: string;
  openingStock: string;
  stores: Record<string, StoreFields>;
  /** The preferred vendor's code for this variant ('' for none). */
  vendorItemCode: string;
}

export interface OptionRow {
  key: string;
  name: string;
  values: string[];
}

export interface ProductFormValues {
  name: string;
  /** '' for none. */
  categoryId: string;
  unit: ProductUnit;
  /** '' for not taxed. */
  taxRateId: string;
  isTracked: boolean;
  /** '' for none. */
  preferredVendorId: string;
  hasOptions: boolean;
  options: OptionRow[];
  /** The only variant of a product without options. */
  single: VariantRow;
  /** One per combination of option values, when the product has options. */
  variants: VariantRow[];
}

export type FormErrors = Record<string, string>;

const emptyStoreFields: StoreFields = { price: '', reorderLevel: '', reorderQuantity: '' };

let keySeed = 0;
export const newKey = () => `k${++keySeed}`;

export function emptyVariant(optionValues: string[] = [], from?: Partial<VariantRow>): VariantRow {
  return {
    key: optionValues.length ? `new:${optionValues.join('\u0000').toLowerCase()}` : newKey(),
    optionValues,
    sku: '',
    barcodes: '',
    cost: from?.cost ?? '',
    price: from?.price ?? '',
    openingStock: '',
    stores: {},
    vendorItemCode: '',
  };
}

export function emptyProductValues(defaultTaxRateId: string | null): ProductFormValues {
  return {
    name: '',
    categoryId: '',
    unit: 'each',
    taxRateId: defaultTaxRateId ?? '',
    isTracked: true,
    preferredVendorId: '',
    hasOptions: false,
    options: [],
    single: emptyVariant(),
    variants: [],
  };
}

const quantityText = (value: number | null) => (value == null ? '' : String(value));

/** The form's values for an existing product (its archived variants stay out: leaving them out keeps them archived). */
export function productToValues(product: Product, currency: CurrencyCode): ProductFormValues {
  const rows: VariantRow[] = product.variants
    .filter((v) => !v.isArchived)
    .map((v) => ({
      key: v.id,
      id: v.id,
      optionValues: v.optionValues,
      sku: v.sku,
      barcodes: v.barcodes.map((b) => b.code).join(' '),
      cost: minorToInput(v.costPriceMinor, currency),
      price: minorToInput(v.sellingPriceMinor, currency),
      openingStock: '',
      vendorItemCode: v.vendorItemCode ?? '',
      stores: Object.fromEntries(
        v.stores.map((s) => [
          s.storeId,
          {
            price: minorToInput(s.sellingPriceMinor, currency),
            reorderLevel: quantityText(s.reorderLevel),
            reorderQuantity: quantityText(s.reorderQuantity),
          },
        ]),
      ),
    }));
  const hasOptions = product.options.length > 0;
  return {
    name: product.name,
    categoryId: product.categoryId ?? '',
    unit: product.unit,
    taxRateId: product.taxRateId ?? '',
    isTracked: product.isTracked,
    preferredVendorId: product.preferredVendor?.id ?? '',
    hasOptions,
    options: product.options.map((o) => ({ key: newKey(), name: o.name, values: o.values })),
    single: hasOptions ? emptyVariant([], rows[0]) : (rows[0] ?? emptyVariant()),
    variants: hasOptions ? rows : [],
  };
}

/** The stores a product's form shows: those of its variants (every store of the business). */
export function storesOfProduct(product: Product): StoreRef[] {
  return (product.variants[0]?.stores ?? []).map((s) => ({ id: s.storeId, name: s.storeName, alias: s.storeAlias }));
}

// ---------------------------------------------------------------- variants from options

/** Every combination of the options' values, in order (Size × Colour → S/Red, S/Blue, M/Red…). */
export function combinations(options: Pick<OptionRow, 'values'>[]): string[][] {
  return options.reduce<string[][]>(
    (acc, option) => acc.flatMap((prefix) => option.values.map((value) => [...prefix, value])),
    [[]],
  );
}

const skuPart = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '')
    .slice(0, 8);

/**
 * The variant grid after the options changed: one row per combination; a row whose values are
 * unchanged keeps what was typed in it; new rows start with the product's prices and a SKU built
 * from the base SKU (or the name) and their values.
 */
export function regenerateVariants(values: ProductFormValues, options: OptionRow[]): VariantRow[] {
  const usable = options.filter((o) => o.name.trim() && o.values.length > 0);
  if (usable.length === 0) return [];
  const keyOf = (vals: string[]) => vals.map((v) => v.trim().toLowerCase()).join('\u0000');
  const existing = new Map(values.variants.map((row) => [keyOf(row.optionValues), row]));
  const base = skuPart(values.single.sku) || skuPart(values.name) || 'SKU';
  return combinations(usable).map((vals) => {
    const kept = existing.get(keyOf(vals));
    if (kept) return { ...kept, optionValues: vals };
    const row = emptyVariant(vals, values.single);
    row.sku = [base, ...vals.map(skuPart)].join('-').slice(0, 40);
    return row;
  });
}

// ---------------------------------------------------------------- text → contract body

export type ParsedQuantity = { ok: true; value: number | null } | { ok: false; message: string };

/** A quantity as typed; weighed and measured goods take 3 decimals, counted ones whole numbers. */
export function parseQuantityInput(text: string, unit: ProductUnit): ParsedQuantity {
  const cleaned = text.trim().replace(/,/g, '');
  if (cleaned === '') return { ok: true, value: null };
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return { ok: false, message: 'Enter a number' };
  const value = Number(cleaned);
  if (value < 0) return { ok: false, message: 'A quantity cannot be negative' };
  if (value > MAX_QUANTITY) return { ok: false, message: 'The quantity is too large' };
  if (!unitAllowsFractions(unit) && !Number.isInteger(value))
    return { ok: false, message: unit === 'pack' ? 'Use whole packs' : 'Use whole numbers for items sold by each' };
  if (!hasAtMost3Decimals(value)) return { ok: false, message: 'Use at most 3 decimals' };
  return { ok: true, value };
}

export const splitBarcodes = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

type Mode = 'create' | 'edit';

/**
 * The field key of an issue path, as the form shows it: a barcode's error goes on its variant's
 * barcodes field, an option value's on its option, a store setting's under the store's id.
 */
export function errorKey(path: readonly PropertyKey[], stores: readonly StoreRef[]): string {
  const parts = path.map((p) => (typeof p === 'symbol' ? '' : String(p)));
  if (parts[0] === 'body') parts.shift();
  if (parts[0] === 'variants' && parts.length >= 3) {
    if (parts[2] === 'barcodes' || parts[2] === 'optionValues') return parts.slice(0, 3).join('.');
    if (parts[2] === 'storeSettings' && parts.length >= 5) {
      const store = stores[Number(parts[3])];
      return ['variants', parts[1], 'storeSettings', store?.id ?? parts[3], parts[4]].join('.');
    }
  }
  if (parts[0] === 'options' && parts[2] === 'values') return parts.slice(0, 3).join('.');
  return parts.join('.');
}

/**
 * The body for the contract and the errors of what was typed (the schema's and the form's own).
 * Without `withCosts` (a role without inventory.costs, whose form has no cost field) no cost is sent:
 * the API keeps each variant's cost, and a new variant's is 0.
 */
export function toProductBody(
  values: ProductFormValues,
  {
    mode,
    version,
    currency,
    stores,
    withCosts = true,
  }: { mode: Mode; version?: number; currency: CurrencyCode; stores: StoreRef[]; withCosts?: boolean },
): { errors: FormErrors; body?: CreateProductInput | UpdateProductInput } {
  const errors: FormErrors = {};
  const rows = values.hasOptions ? values.variants : [values.single];
  const money = (text: string, key: string, fallback: number | null): number | null | undefined => {
    const parsed = parseMoneyInput(text, currency);
    if (!parsed.ok) {
      errors[key] = parsed.message;
      return fallback ?? undefined;
    }
    return parsed.minor ?? fallback ?? undefined;
  };
  const quantity = (text: string, key: string): number | null => {
    const parsed = parseQuantityInput(text, values.unit);
    if (!parsed.ok) {
      errors[key] = parsed.message;
      return null;
    }
    return parsed.value;
  };

  const variants = rows.map((row, i) => {
    const at = `variants.${i}`;
    const storeSettings = stores.map((store) => {
      const fields = row.stores[store.id] ?? emptyStoreFields;
      const key = `${at}.storeSettings.${store.id}`;
      return {
        storeId: store.id,
        sellingPriceMinor: money(fields.price, `${key}.sellingPriceMinor`, null) ?? null,
        reorderLevel: quantity(fields.reorderLevel, `${key}.reorderLevel`),
        reorderQuantity: quantity(fields.reorderQuantity, `${key}.reorderQuantity`),
      };
    });
    const openingStock = mode === 'create' ? quantity(row.openingStock, `${at}.openingStock`) : null;
    return {
      ...(row.id ? { id: row.id } : {}),
      sku: row.sku,
      optionValues: values.hasOptions ? row.optionValues : [],
      barcodes: splitBarcodes(row.barcodes),
      ...(withCosts ? { costPriceMinor: money(row.cost, `${at}.costPriceMinor`, 0) } : {}),
      sellingPriceMinor: money(row.price, `${at}.sellingPriceMinor`, null),
      vendorItemCode: row.vendorItemCode,
      storeSettings,
      ...(openingStock != null && openingStock > 0 ? { openingStock } : {}),
    };
  });

  const input = {
    name: values.name,
    categoryId: values.categoryId || null,
    unit: values.unit,
    taxRateId: values.taxRateId || null,
    isTracked: values.isTracked,
    preferredVendorId: values.preferredVendorId || null,
    options: values.hasOptions ? values.options.map((o) => ({ name: o.name, values: o.values })) : [],
    variants,
    ...(mode === 'edit' ? { version } : {}),
  };
  if (values.hasOptions && variants.length === 0) errors.options = 'Give each option a name and at least one value';
  const parsed = (mode === 'create' ? createProductBodySchema : updateProductBodySchema).safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = errorKey(issue.path, stores);
      if (!errors[key]) errors[key] = issue.message;
    }
  }
  if (parsed.success && Object.keys(errors).length === 0) return { errors, body: parsed.data };
  return { errors };
}
