import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { pageOf, pageQuerySchema } from '../http/pagination.js';
import { sellableSchema } from '../catalog/products.js';

/**
 * What the register searches as the cashier types, scans or taps a category tile: the VARIANTS of
 * non-archived products (one item per variant, each with its own SKU, barcode and price), priced and
 * stocked for the active store, with the tax the till needs to price the cart with `priceCart`.
 */
export const registerSellableSchema = sellableSchema.extend({
  /** The product's tax rate in basis points (7.5% = 750); 0 when not taxed. */
  taxRateBasisPoints: z.number().int(),
  /** True when the price already includes the tax (ignored when the rate is 0). */
  taxInclusive: z.boolean(),
});
export type RegisterSellable = z.infer<typeof registerSellableSchema>;

export const listSellablesQuerySchema = pageQuerySchema.extend({
  /** Part of the name or SKU (trigram search), or a whole barcode (exact). */
  q: z.string().trim().max(100).optional(),
  /** The tile grid: a top-level category includes its sub-categories. */
  categoryId: z.string().uuid().optional(),
  /** Exactly these variants (repeat the parameter, at most 100): re-pricing a resumed cart. */
  variantId: z
    .union([z.string().uuid(), z.array(z.string().uuid()).max(100, 'At most 100 variants')])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
});
export type ListSellablesQuery = z.input<typeof listSellablesQuerySchema>;

export const listSellables = defineEndpoint({
  method: 'GET',
  path: '/api/v1/sellables',
  summary:
    "The register's search: sellable variants priced for the active store, by part of a name or SKU or a whole barcode, or by category; exact SKU or barcode first, then by name",
  tags: ['checkout'],
  access: 'checkout.sell',
  query: listSellablesQuerySchema,
  status: 200,
  response: pageOf(registerSellableSchema).extend({
    /** True when a search matched more than it counts (10,000 products): `total` is then "at least". */
    totalCapped: z.boolean(),
  }),
});
export type SellablePage = z.infer<typeof listSellables.response>;

/**
 * The same search for documents that name variants away from the till (purchase orders, invoices,
 * waste): anyone who may see the inventory, with the cost price the till does not need to show.
 */
export const listVariants = defineEndpoint({
  method: 'GET',
  path: '/api/v1/variants',
  summary:
    "Variants of the catalogue priced and stocked for the active store, for purchase orders, invoices and waste: the register's search",
  tags: ['catalog'],
  access: 'inventory.view',
  query: listSellablesQuerySchema,
  status: 200,
  response: listSellables.response,
});

// ---------------------------------------------------------------- the catalogue on the device

/**
 * One variant of the store's catalogue as the till keeps it on the device: the register's sellable
 * with every barcode (a scan finds any of them) and its category (the tiles), and whether it is no
 * longer sold. The cost price is never sent: the device's copy is shared by whoever uses the till.
 */
export const catalogueSellableSchema = registerSellableSchema.extend({
  /** Every barcode of the variant, the first one first (`barcode` is that first one). */
  barcodes: z.array(z.string()),
  categoryId: z.string().uuid().nullable(),
  /** The variant or its product is archived: the device forgets it and never offers it again. */
  archived: z.boolean(),
});
export type CatalogueSellable = z.infer<typeof catalogueSellableSchema>;

export const SELLABLE_CHANGES_DEFAULT_LIMIT = 2_000;
export const SELLABLE_CHANGES_MAX_LIMIT = 5_000;

export const sellableChangesQuerySchema = z.object({
  /** Where the last page ended (`nextCursor`); none is the full download. Opaque to the client. */
  cursor: z.string().trim().min(1).max(512).optional(),
  limit: z.coerce.number().int().min(1).max(SELLABLE_CHANGES_MAX_LIMIT).default(SELLABLE_CHANGES_DEFAULT_LIMIT),
});
export type SellableChangesQuery = z.input<typeof sellableChangesQuerySchema>;

export const listSellableChanges = defineEndpoint({
  method: 'GET',
  path: '/api/v1/sellables/changes',
  summary:
    "The store's catalogue for the device, a page at a time: every sellable variant (the full download, without a cursor), then those changed since the cursor (price, store price, tax, on hand, barcodes, category, archived)",
  tags: ['checkout'],
  access: 'checkout.sell',
  query: sellableChangesQuerySchema,
  status: 200,
  response: z.object({
    /** In variant-id order; a delta also carries the archived ones. */
    items: z.array(catalogueSellableSchema),
    /**
     * Ask with this next: the rest of this download while `complete` is false, then (once complete)
     * the changes since this one. The device keeps the last one it has applied.
     */
    nextCursor: z.string(),
    /** True on the last page of this download or delta. */
    complete: z.boolean(),
  }),
});
export type SellableChangesPage = z.infer<typeof listSellableChanges.response>;
