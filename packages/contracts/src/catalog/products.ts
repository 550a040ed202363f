import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { pageOf, pageQuerySchema } from '../http/pagination.js';
import { barcodeInfoSchema, barcodeSchema } from './barcodes.js';
import { moneyMinorSchema, nonNegativeQuantitySchema } from './quantities.js';

/**
 * The business-wide product catalogue. What is sold, counted and stocked is a **variant**: a product
 * without options has exactly one variant (no option values); a product with options (Size, Colour)
 * has one variant per sellable combination, each with its own SKU, barcodes, prices and stock.
 */

export const productUnits = ['each', 'kg', 'g', 'l', 'ml', 'm', 'pack'] as const;
export type ProductUnit = (typeof productUnits)[number];

export const productUnitLabels: Record<ProductUnit, string> = {
  each: 'Each',
  kg: 'Kilogram (kg)',
  g: 'Gram (g)',
  l: 'Litre (l)',
  ml: 'Millilitre (ml)',
  m: 'Metre (m)',
  pack: 'Pack',
};

/** Goods counted in whole units (each, pack) take whole quantities; weights and lengths take 3 decimals. */
export const unitAllowsFractions = (unit: ProductUnit): boolean => unit !== 'each' && unit !== 'pack';

export const MAX_OPTIONS = 3;
export const MAX_VARIANTS = 100;
export const MAX_BARCODES_PER_VARIANT = 10;

export const productNameSchema = z.string().trim().min(1, 'Enter a name').max(120, 'Use at most 120 characters');

/** Letters, digits and - _ . / ; unique in the business ignoring case. */
export const skuSchema = z
  .string()
  .trim()
  .min(1, 'Enter a SKU')
  .max(40, 'Use at most 40 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'Use letters, digits and - _ . / only');

/**
 * A variant's SKU as a product is saved: blank (or absent) asks for a generated one, the business's
 * prefix and its next number (decision 0031); otherwise a SKU as `skuSchema` has it.
 */
export const skuOrBlankSchema = z
  .string()
  .trim()
  .max(40, 'Use at most 40 characters')
  .regex(/^(?:[A-Za-z0-9][A-Za-z0-9._/-]*)?$/, 'Use letters, digits and - _ . / only')
  .default('');

const optionTextSchema = z.string().trim().min(1, 'Enter a value').max(30, 'Use at most 30 characters');

export const productOptionSchema = z.object({
  name: optionTextSchema,
  values: z
    .array(optionTextSchema)
    .min(1, 'Give the option at least one value')
    .max(50)
    .refine((values) => new Set(values.map((v) => v.toLowerCase())).size === values.length, 'Each value only once'),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

/** A store's own settings for a variant: a selling price of its own and its reorder point. */
export const variantStoreSettingsInputSchema = z.strictObject({
  storeId: z.string().uuid(),
  /** Null: sell at the variant's price. */
  sellingPriceMinor: moneyMinorSchema.nullable(),
  /** At or below this on hand the variant is "low" in this store. Null: no reorder point. */
  reorderLevel: nonNegativeQuantitySchema.nullable(),
  /** How much to order when it is low. */
  reorderQuantity: nonNegativeQuantitySchema.nullable(),
});
export type VariantStoreSettingsInput = z.infer<typeof variantStoreSettingsInputSchema>;

/** The vendor's own code for an item (their catalogue number); blank means none. */
export const vendorItemCodeSchema = z
  .string()
  .trim()
  .max(40, 'Use at most 40 characters')
  .nullable()
  .transform((code) => (code ? code : null));

export const variantInputSchema = z.strictObject({
  /** An existing variant of this product (on update); absent for a new one. */
  id: z.string().uuid().optional(),
  /** Blank: generated when saved (decision 0031). */
  sku: skuOrBlankSchema,
  /** One value per option of the product, in order; empty for a product without options. */
  optionValues: z.array(optionTextSchema).max(MAX_OPTIONS).default([]),
  barcodes: z.array(barcodeSchema).max(MAX_BARCODES_PER_VARIANT, 'At most 10 barcodes').default([]),
  /**
   * Absent on update: the variant keeps its cost (the form of a role without inventory.costs never
   * sees it, so it cannot send it back); a new variant without one costs 0.
   */
  costPriceMinor: moneyMinorSchema.optional(),
  sellingPriceMinor: moneyMinorSchema,
  /** Stores listed here get these settings; stores not listed keep theirs. */
  storeSettings: z.array(variantStoreSettingsInputSchema).max(200).default([]),
  /** The preferred vendor's code for this variant; blank or null: none; absent on update: kept. */
  vendorItemCode: vendorItemCodeSchema.optional(),
});
export type VariantInput = z.input<typeof variantInputSchema>;

const productFields = {
  name: productNameSchema,
  /** Any non-archived category of the business (top-level or sub-category); null: uncategorised. */
  categoryId: z.string().uuid().nullable().default(null),
  unit: z.enum(productUnits),
  /** An active tax rate of the business; null: not taxed. */
  taxRateId: z.string().uuid().nullable().default(null),
  isTracked: z.boolean().default(true),
  options: z.array(productOptionSchema).max(MAX_OPTIONS, 'At most 3 options').default([]),
  /**
   * The vendor it is usually bought from (decision 0030): a non-archived vendor contact of the
   * business; null: none; absent on update: kept. "Add low-stock products" on an order and the
   * restock report's orders per vendor go by it.
   */
  preferredVendorId: z.string().uuid().nullable().optional(),
};

type ProductShape = {
  options: ProductOption[];
  variants: { sku: string; optionValues: string[]; barcodes: string[] }[];
};

/** Rules across fields, shared by create and update (and by the form, which shows them in place). */
function checkVariants(product: ProductShape, ctx: z.RefinementCtx) {
  const { options, variants } = product;
  const optionNames = new Set(options.map((o) => o.name.toLowerCase()));
  if (optionNames.size !== options.length)
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'Each option name only once' });
  if (options.length === 0 && variants.length !== 1)
    ctx.addIssue({ code: 'custom', path: ['variants'], message: 'A product without options has exactly one variant' });
  const combinations = new Set<string>();
  const skus = new Map<string, number>();
  const barcodes = new Map<string, string>();
  variants.forEach((variant, i) => {
    if (variant.optionValues.length !== options.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i, 'optionValues'],
        message:
          options.length === 0
            ? 'This product has no options'
            : `Give a value for each of the ${options.length} options`,
      });
    } else {
      variant.optionValues.forEach((value, j) => {
        if (!options[j]!.values.some((v) => v.toLowerCase() === value.toLowerCase()))
          ctx.addIssue({
            code: 'custom',
            path: ['variants', i, 'optionValues', j],
            message: `"${value}" is not a value of ${options[j]!.name}`,
          });
      });
      const key = variant.optionValues.map((v) => v.toLowerCase()).join('\u0000');
      if (options.length > 0 && combinations.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['variants', i, 'optionValues'],
          message: 'Another variant has these values',
        });
      combinations.add(key);
    }
    // Blank SKUs are generated, each its own.
    const sku = variant.sku.toUpperCase();
    if (sku && skus.has(sku))
      ctx.addIssue({ code: 'custom', path: ['variants', i, 'sku'], message: 'Another variant has this SKU' });
    if (sku) skus.set(sku, i);
    variant.barcodes.forEach((code, j) => {
      if (barcodes.has(code))
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'barcodes', j], message: 'This barcode is used twice' });
      barcodes.set(code, variant.sku);
    });
  });
}

/** Opening stock on create, into the active store (recorded as an `opening_stock` adjustment). */
export const createVariantInputSchema = variantInputSchema.extend({
  costPriceMinor: moneyMinorSchema.default(0),
  openingStock: nonNegativeQuantitySchema.optional(),
});

export const createProductBodySchema = z
  .strictObject({
    ...productFields,
    variants: z.array(createVariantInputSchema).min(1, 'Add a variant').max(MAX_VARIANTS),
  })
  .superRefine(checkVariants);
export type CreateProductBody = z.input<typeof createProductBodySchema>;
export type CreateProductInput = z.output<typeof createProductBodySchema>;

/**
 * Replaces the product's fields and variants (send the version you read). Variants sent with an id
 * are updated; without an id, created; existing variants left out are archived (never deleted:
 * their history stays).
 */
export const updateProductBodySchema = z
  .strictObject({
    ...productFields,
    variants: z.array(variantInputSchema).min(1, 'Add a variant').max(MAX_VARIANTS),
    version: z.number().int().min(1),
  })
  .superRefine(checkVariants);
export type UpdateProductBody = z.input<typeof updateProductBodySchema>;
export type UpdateProductInput = z.output<typeof updateProductBodySchema>;

export const productVersionBodySchema = z.strictObject({ version: z.number().int().min(1) });

// ---------------------------------------------------------------- what the API answers

/** A variant in one store of the business. */
export const variantStockSchema = z.object({
  storeId: z.string().uuid(),
  storeName: z.string(),
  storeAlias: z.string(),
  onHand: z.number(),
  reorderLevel: z.number().nullable(),
  reorderQuantity: z.number().nullable(),
  /** The store's own price, or null. */
  sellingPriceMinor: z.number().int().nullable(),
  /** What the store sells it at: its own price or the variant's. */
  effectivePriceMinor: z.number().int(),
});
export type VariantStock = z.infer<typeof variantStockSchema>;

export const variantSchema = z.object({
  id: z.string().uuid(),
  sku: z.string(),
  optionValues: z.array(z.string()),
  /** "50cl" or "Red / L"; empty for a product without options. */
  label: z.string(),
  barcodes: z.array(barcodeInfoSchema),
  /** Null for a role without inventory.costs. */
  costPriceMinor: z.number().int().nullable(),
  sellingPriceMinor: z.number().int(),
  /** The preferred vendor's code for it, or null. */
  vendorItemCode: z.string().nullable(),
  /**
   * The unit cost of the last delivery received from the product's preferred vendor; null when
   * none yet, and for a role without inventory.costs.
   */
  lastCostMinor: z.number().int().nullable(),
  isArchived: z.boolean(),
  /** Every store of the business, in name order. */
  stores: z.array(variantStockSchema),
});
export type Variant = z.infer<typeof variantSchema>;

export const productSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  categoryId: z.string().uuid().nullable(),
  categoryName: z.string().nullable(),
  unit: z.enum(productUnits),
  taxRateId: z.string().uuid().nullable(),
  isTracked: z.boolean(),
  options: z.array(productOptionSchema),
  /** The vendor it is usually bought from, or null. */
  preferredVendor: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  /** Null: no image. Changes with every new image (use it to bust caches). */
  imageVersion: z.number().int().nullable(),
  isArchived: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  variants: z.array(variantSchema),
});
export type Product = z.infer<typeof productSchema>;

export const stockStates = ['in_stock', 'low', 'out'] as const;
export type StockState = (typeof stockStates)[number] | 'untracked';

/** A row of the inventory list: the product with figures for the active store. */
export const productListItemSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  categoryId: z.string().uuid().nullable(),
  categoryName: z.string().nullable(),
  unit: z.enum(productUnits),
  isTracked: z.boolean(),
  isArchived: z.boolean(),
  imageVersion: z.number().int().nullable(),
  variantCount: z.number().int(),
  /** The SKU and first barcode of the first variant. */
  sku: z.string(),
  barcode: z.string().nullable(),
  /** Lowest and highest price in the active store across the variants (equal with one variant). */
  priceMinor: z.number().int(),
  maxPriceMinor: z.number().int(),
  /** Null for a role without inventory.costs. */
  costPriceMinor: z.number().int().nullable(),
  /** Sum over the variants, in the active store. */
  onHand: z.number(),
  /** On hand at cost, rounded to the minor unit; null for a role without inventory.costs. */
  stockValueMinor: z.number().int().nullable(),
  stockState: z.enum([...stockStates, 'untracked']),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

export const productSorts = [
  'name',
  '-name',
  'price',
  '-price',
  'onHand',
  '-onHand',
  'value',
  '-value',
  '-updated',
] as const;
export type ProductSort = (typeof productSorts)[number];

export const listProductsQuerySchema = pageQuerySchema.extend({
  /** Part of the name or SKU (trigram search), or a whole barcode. */
  q: z.string().trim().max(100).optional(),
  /** A top-level category includes its sub-categories. */
  categoryId: z.string().uuid().optional(),
  /** In the active store. */
  stock: z.enum(stockStates).optional(),
  archived: z.enum(['false', 'true', 'all']).default('false'),
  /** `value` and `-value` (stock value) need inventory.costs (403 otherwise). */
  sort: z.enum(productSorts).default('name'),
});
export type ListProductsQuery = z.input<typeof listProductsQuerySchema>;

/** A sellable variant as the register and the scanner see it, priced for the active store. */
export const sellableSchema = z.object({
  productId: z.string().uuid(),
  variantId: z.string().uuid(),
  /** The product name with the variant label: "Coca-Cola (50cl)". */
  name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  unit: z.enum(productUnits),
  priceMinor: z.number().int(),
  /** Null for a role without inventory.costs (a cashier's till). */
  costPriceMinor: z.number().int().nullable(),
  taxRateId: z.string().uuid().nullable(),
  isTracked: z.boolean(),
  onHand: z.number(),
  imageVersion: z.number().int().nullable(),
});
export type Sellable = z.infer<typeof sellableSchema>;

export const productParamsSchema = z.object({ productId: z.string().uuid() });
export const barcodeParamsSchema = z.object({ code: z.string().min(1).max(48) });

// ---------------------------------------------------------------- endpoints

export const listProducts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/products',
  summary: 'The catalogue with figures for the active store: search, filter, sort, page',
  tags: ['catalog'],
  access: 'inventory.view',
  query: listProductsQuerySchema,
  status: 200,
  response: pageOf(productListItemSchema).extend({
    /**
     * True when a search matched more than it counts (10,000): `total` is then "at least", and the
     * matches come in name order.
     */
    totalCapped: z.boolean(),
  }),
});

export type ProductPage = z.infer<typeof listProducts.response>;

export const getProduct = defineEndpoint({
  method: 'GET',
  path: '/api/v1/products/:productId',
  summary: 'A product with its variants, barcodes and stock in every store',
  tags: ['catalog'],
  access: 'inventory.view',
  params: productParamsSchema,
  status: 200,
  response: productSchema,
});

export const findByBarcode = defineEndpoint({
  method: 'GET',
  path: '/api/v1/products/barcodes/:code',
  summary: 'The variant carrying this exact barcode, priced for the active store (404 when none)',
  tags: ['catalog'],
  access: 'inventory.view',
  params: barcodeParamsSchema,
  status: 200,
  response: sellableSchema,
});

export const createProduct = defineEndpoint({
  method: 'POST',
  path: '/api/v1/products',
  summary: 'Create a product with its variants (opening stock goes into the active store)',
  tags: ['catalog'],
  access: 'inventory.manage',
  body: createProductBodySchema,
  status: 201,
  response: productSchema,
});

export const updateProduct = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/products/:productId',
  summary: 'Replace a product and its variants (send the version you read)',
  tags: ['catalog'],
  access: 'inventory.manage',
  params: productParamsSchema,
  body: updateProductBodySchema,
  status: 200,
  response: productSchema,
});

export const archiveProduct = defineEndpoint({
  method: 'POST',
  path: '/api/v1/products/:productId/archive',
  summary: 'Archive a product: no longer sold or listed by default; its history stays',
  tags: ['catalog'],
  access: 'inventory.manage',
  params: productParamsSchema,
  body: productVersionBodySchema,
  status: 200,
  response: productSchema,
});

export const unarchiveProduct = defineEndpoint({
  method: 'POST',
  path: '/api/v1/products/:productId/unarchive',
  summary: 'Restore an archived product',
  tags: ['catalog'],
  access: 'inventory.manage',
  params: productParamsSchema,
  body: productVersionBodySchema,
  status: 200,
  response: productSchema,
});

// ---------------------------------------------------------------- image

export const productImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_PRODUCT_IMAGE_BYTES = 1024 * 1024;

export const putProductImage = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/products/:productId/image',
  summary: 'Upload the product image (JPEG, PNG or WebP, at most 1 MB; the bytes must match the type)',
  tags: ['catalog'],
  access: 'inventory.manage',
  params: productParamsSchema,
  rawBody: { contentTypes: productImageTypes, maxBytes: MAX_PRODUCT_IMAGE_BYTES },
  status: 200,
  response: productSchema,
});

export const deleteProductImage = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/products/:productId/image',
  summary: 'Remove the product image',
  tags: ['catalog'],
  access: 'inventory.manage',
  params: productParamsSchema,
  status: 200,
  response: productSchema,
});

export const getProductImage = defineEndpoint({
  method: 'GET',
  path: '/api/v1/products/:productId/image',
  summary:
    'The product image bytes (send ?v=<imageVersion>: the answer for a version never changes, so browsers cache it)',
  tags: ['catalog'],
  access: 'inventory.view',
  params: productParamsSchema,
  query: z.object({ v: z.coerce.number().int().min(0).optional() }),
  produces: 'image/*',
  status: 200,
  response: z.unknown(),
});

// ---------------------------------------------------------------- import, export, labels

/** The CSV columns, in order, for export and import (one row per variant). */
export const productCsvColumns = [
  'handle',
  'name',
  'sku',
  'category',
  'subcategory',
  'unit',
  'tax_rate',
  'tracked',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'barcodes',
  'cost_price',
  'selling_price',
  'store_price',
  'reorder_level',
  'reorder_quantity',
  'on_hand',
  'archived',
  /** The preferred vendor's name (a vendor contact of the business); blank: none (decision 0030). */
  'preferred_vendor',
  'vendor_item_code',
] as const;
export type ProductCsvColumn = (typeof productCsvColumns)[number];

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;

export const importRowSchema = z.object({
  /** 1-based line in the file (the header is line 1). */
  line: z.number().int(),
  sku: z.string(),
  name: z.string(),
  /** What committing would do with this row. */
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importReportSchema = z.object({
  rows: z.array(importRowSchema),
  summary: z.object({
    total: z.number().int(),
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    errors: z.number().int(),
  }),
  /** True after a commit; a preview writes nothing. */
  committed: z.boolean(),
  /**
   * A preview whose file would take the business past its plan's product limit: the limit in words
   * (the commit would be refused with 409 PLAN_LIMIT_REACHED). Absent or null: within the plan.
   */
  planLimit: z.string().nullable().optional(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const csvUpload = { contentTypes: ['text/csv'] as const, maxBytes: MAX_IMPORT_BYTES };

export const previewProductImport = defineEndpoint({
  method: 'POST',
  path: '/api/v1/products/import/preview',
  summary: 'Check a products CSV: every row with its errors and what committing would do; writes nothing',
  tags: ['catalog'],
  access: 'inventory.manage',
  rawBody: csvUpload,
  status: 200,
  response: importReportSchema,
});

/**
 * Commit. When any row has an error the answer is the problem 422 IMPORT_INVALID carrying the same
 * report in `report` (`{ code: 'IMPORT_INVALID', report: ImportReport }`), and nothing is written.
 */
export const commitProductImport = defineEndpoint({
  method: 'POST',
  path: '/api/v1/products/import',
  summary:
    'Import a products CSV all-or-nothing (upsert by SKU; on_hand sets the active store stock). Any row error: 422 IMPORT_INVALID, nothing written',
  tags: ['catalog'],
  access: 'inventory.manage',
  rawBody: csvUpload,
  status: 200,
  response: importReportSchema,
});

export const exportProducts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/products/export',
  summary:
    'Every product variant as CSV (streamed), with stock of the active store; same columns as import (no cost_price without inventory.costs)',
  tags: ['catalog'],
  access: 'inventory.view',
  query: z.object({ archived: z.enum(['false', 'true', 'all']).default('false') }),
  produces: 'text/csv',
  status: 200,
  response: z.unknown(),
});

export const labelTemplates = ['a4-3x8', 'a4-4x10', 'roll-50x30'] as const;
export type LabelTemplate = (typeof labelTemplates)[number];

export const labelsBodySchema = z.strictObject({
  items: z
    .array(z.strictObject({ variantId: z.string().uuid(), quantity: z.number().int().min(1).max(500) }))
    .min(1, 'Choose at least one product')
    .max(200),
  template: z.enum(labelTemplates).default('a4-3x8'),
});
export type LabelsBody = z.input<typeof labelsBodySchema>;

export const printLabels = defineEndpoint({
  method: 'POST',
  path: '/api/v1/products/labels',
  summary: 'A printable PDF sheet of barcode labels (name, price in the active store, barcode)',
  tags: ['catalog'],
  access: 'inventory.view',
  body: labelsBodySchema,
  produces: 'application/pdf',
  status: 200,
  response: z.unknown(),
});
