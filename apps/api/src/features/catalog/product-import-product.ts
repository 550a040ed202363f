import { productUnits, type ProductCsvColumn } from '@ipos/contracts';
import { parseYesNo, type CsvRecord } from './product-csv.js';
import type { CatalogRefs, ProductState } from './product-files.repository.js';
import {
  lower,
  optionNameColumns,
  optionValueColumns,
  productLevelColumns,
  type PlanContext,
} from './product-import-context.js';

/**
 * The product-level cells of an import (name, category, tax, vendor, unit, tracking, archived,
 * options): they come from a product's first row, names resolved against the business's catalogue.
 */

export interface ProductCells {
  categoryId: string | null;
  taxRateId: string | null;
  /** Undefined when the file has no preferred_vendor column, or names one it cannot use. */
  preferredVendorId: string | null | undefined;
  unit: ProductState['unit'];
  isTracked: boolean;
  archived: boolean;
}

/** Product details come from the first row; later rows may repeat them but not contradict them. */
export function flagContradictions(ctx: PlanContext, records: readonly CsvRecord[]) {
  const first = records[0]!;
  for (const r of records.slice(1))
    for (const column of productLevelColumns) {
      const value = r.values[column] ?? '';
      if (value && lower(value) !== lower(first.values[column] ?? ''))
        ctx.errors.add(
          r,
          column,
          `Differs from row ${first.line}, the first row of this product (its details come from there)`,
        );
    }
}

/** The product's fields as its first row asks; a column the file lacks keeps the product's own. */
export function resolveProductCells(ctx: PlanContext, first: CsvRecord, existing: ProductState | null): ProductCells {
  const { has, refs, errors } = ctx;
  const v0 = first.values;
  // Category and sub-category by name; the product's current one is kept even if archived since.
  let categoryId: string | null = existing?.categoryId ?? null;
  if (has.has('category') || has.has('subcategory')) {
    categoryId = resolveCategory(refs, v0.category ?? '', v0.subcategory ?? '', existing?.categoryId ?? null, (f, m) =>
      errors.add(first, f, m),
    );
  }
  const taxRateId = has.has('tax_rate')
    ? resolveTaxRate(refs, v0.tax_rate ?? '', existing?.taxRateId ?? null, (m) => errors.add(first, 'tax_rate', m))
    : (existing?.taxRateId ?? null);
  // The preferred vendor by name; absent column: kept (decision 0030).
  const preferredVendorId = has.has('preferred_vendor')
    ? resolveVendor(refs, v0.preferred_vendor ?? '', existing?.preferredVendorId ?? null, (m) =>
        errors.add(first, 'preferred_vendor', m),
      )
    : undefined;
  const unitCell = lower(v0.unit ?? '');
  if (unitCell && !(productUnits as readonly string[]).includes(unitCell))
    errors.add(first, 'unit', `Use one of ${productUnits.join(', ')}`);
  const unit = (unitCell || (has.has('unit') ? 'each' : (existing?.unit ?? 'each'))) as ProductState['unit'];
  const isTracked = v0.tracked
    ? errors.cell(first, 'tracked', parseYesNo(v0.tracked), true)
    : (existing?.isTracked ?? true);
  const archived = v0.archived
    ? errors.cell(first, 'archived', parseYesNo(v0.archived), false)
    : (existing?.isArchived ?? false);
  return { categoryId, taxRateId, preferredVendorId, unit, isTracked, archived };
}

/** Options: names from the first row; values are the product's own followed by any the file adds. */
export function planOptions(
  ctx: PlanContext,
  records: readonly CsvRecord[],
  existing: ProductState | null,
): ProductState['options'] {
  const v0 = records[0]!.values;
  const optionNames = optionNameColumns.some((c) => ctx.has.has(c))
    ? optionNameColumns.map((c) => (v0[c] ?? '').trim()).filter(Boolean)
    : (existing?.options.map((o) => o.name) ?? []);
  return optionNames.map((name, j) => {
    const current = existing?.options[j];
    const values = current && lower(current.name) === lower(name) ? [...current.values] : [];
    for (const r of records) {
      const value = (r.values[optionValueColumns[j]!] ?? '').trim();
      if (value && !values.some((v) => lower(v) === lower(value))) values.push(value);
    }
    return { name, values };
  });
}

/**
 * The tax rate named in the file: blank is none; an active one of the business (ignoring case), or a
 * deactivated one only when it is the product's already. Otherwise the error is reported and the
 * product's own is kept (the row is refused, so it is never written).
 */
function resolveTaxRate(
  refs: CatalogRefs,
  name: string,
  currentId: string | null,
  error: (message: string) => void,
): string | null {
  if (!name) return null;
  const rate = refs.taxRates.find((t) => lower(t.name) === lower(name));
  if (!rate) error(`No tax rate named "${name}": add it in Settings → Tax management`);
  else if (!rate.isActive && rate.id !== currentId) error(`The tax rate "${rate.name}" is deactivated`);
  else return rate.id;
  return currentId;
}

/**
 * The vendor named in the file: blank is none; one non-archived vendor of the business with that name
 * (ignoring case); an archived one only when it is the product's already. Undefined with the error
 * reported otherwise (the row is refused, so the value is never used).
 */
function resolveVendor(
  refs: CatalogRefs,
  name: string,
  currentId: string | null,
  error: (message: string) => void,
): string | null | undefined {
  if (!name.trim()) return null;
  const named = refs.vendors.filter((v) => lower(v.name) === lower(name));
  const live = named.filter((v) => !v.isArchived || v.id === currentId);
  if (live.length === 1) return live[0]!.id;
  if (live.length > 1) error(`Several vendors are named "${name}": rename one in Contacts`);
  else if (named.length > 0) error(`The vendor "${named[0]!.name}" is archived; restore them in Contacts first`);
  else error(`No vendor named "${name}": add them in Contacts first`);
  return undefined;
}

/** The category id named by a category and sub-category name, or null with the error reported. */
function resolveCategory(
  refs: CatalogRefs,
  categoryName: string,
  subcategoryName: string,
  currentId: string | null,
  error: (field: ProductCsvColumn, message: string) => void,
): string | null {
  if (!categoryName) {
    if (subcategoryName) error('category', 'Name the category of this sub-category');
    return null;
  }
  const top = refs.categories.find((c) => c.parentId === null && lower(c.name) === lower(categoryName));
  if (!top) {
    error('category', `No category named "${categoryName}": create it first in Inventory → Categories`);
    return null;
  }
  let chosen = top;
  if (subcategoryName) {
    const sub = refs.categories.find((c) => c.parentId === top.id && lower(c.name) === lower(subcategoryName));
    if (!sub) {
      error('subcategory', `"${top.name}" has no sub-category named "${subcategoryName}"`);
      return null;
    }
    chosen = sub;
  }
  if (chosen.isArchived && chosen.id !== currentId) {
    error(subcategoryName ? 'subcategory' : 'category', `The category "${chosen.name}" is archived`);
    return null;
  }
  return chosen.id;
}
