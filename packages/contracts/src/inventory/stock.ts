import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { pageOf, pageQuerySchema } from '../http/pagination.js';
import { barcodeSchema } from '../catalog/barcodes.js';
import { nonNegativeQuantitySchema, positiveQuantitySchema, quantitySchema } from '../catalog/quantities.js';

/**
 * Stock per store on the ledger (ARCHITECTURE.md section 4): every change is a movement; on hand is
 * always the sum of the movements. Adjustments, counts and transfers are the inventory documents;
 * sales, refunds, receipts, returns and waste add their movements in later modules.
 */
export const movementReasons = [
  'sale',
  'refund',
  'void',
  'purchase_receipt',
  'vendor_return',
  'waste',
  'adjustment',
  'count',
  'transfer_in',
  'transfer_out',
] as const;
export type MovementReason = (typeof movementReasons)[number];

export const movementReasonLabels: Record<MovementReason, string> = {
  sale: 'Sale',
  refund: 'Refund',
  void: 'Sale voided',
  purchase_receipt: 'Received from vendor',
  vendor_return: 'Returned to vendor',
  waste: 'Waste',
  adjustment: 'Adjustment',
  count: 'Stock count',
  transfer_in: 'Transfer in',
  transfer_out: 'Transfer out',
};

/** Documents a movement can point at (`refType`). */
export const movementRefTypes = [
  'stock_adjustment',
  'stock_count',
  'stock_transfer',
  'sale',
  'refund',
  'purchase_order',
  'waste',
  'invoice',
  'product_import',
] as const;
export type MovementRefType = (typeof movementRefTypes)[number];

/**
 * The page a movement's document opens on: a refund opens its sale; a purchase receipt or vendor
 * return opens its purchase order.
 */
export const movementDocumentKinds = [
  'sale',
  'purchase_order',
  'waste',
  'invoice',
  'stock_adjustment',
  'stock_count',
  'stock_transfer',
] as const;
export type MovementDocumentKind = (typeof movementDocumentKinds)[number];

export const stockMovementSchema = z.object({
  id: z.string().uuid(),
  occurredAt: z.string(),
  storeId: z.string().uuid(),
  storeName: z.string(),
  productId: z.string().uuid(),
  variantId: z.string().uuid(),
  /** The variant's label ("50cl"); empty for a product without options. */
  variantLabel: z.string(),
  sku: z.string(),
  delta: z.number(),
  onHandAfter: z.number(),
  reason: z.enum(movementReasons),
  /** The document behind the movement, with its number, for a link. */
  refType: z.enum(movementRefTypes).nullable(),
  refId: z.string().uuid().nullable(),
  refNumber: z.string().nullable(),
  /** Where the document opens (null when the movement has no document with a page). */
  documentKind: z.enum(movementDocumentKinds).nullable(),
  documentId: z.string().uuid().nullable(),
  note: z.string().nullable(),
  actor: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const listProductMovements = defineEndpoint({
  method: 'GET',
  path: '/api/v1/products/:productId/movements',
  summary: 'The stock ledger of a product, newest first: who, when, why, and the document',
  tags: ['inventory'],
  access: 'inventory.view',
  params: z.object({ productId: z.string().uuid() }),
  query: pageQuerySchema.extend({
    /** One store of the business; every store when absent. */
    storeId: z.string().uuid().optional(),
    variantId: z.string().uuid().optional(),
  }),
  status: 200,
  response: pageOf(stockMovementSchema),
});

// ---------------------------------------------------------------- adjustments

export const stockAdjustmentReasons = [
  'opening_stock',
  'received',
  'correction',
  'damaged',
  'lost',
  'found',
  'returned',
  'other',
] as const;
export type StockAdjustmentReason = (typeof stockAdjustmentReasons)[number];

export const stockAdjustmentReasonLabels: Record<StockAdjustmentReason, string> = {
  opening_stock: 'Opening stock',
  received: 'Received (no purchase order)',
  correction: 'Correction',
  damaged: 'Damaged',
  lost: 'Lost or stolen',
  found: 'Found',
  returned: 'Returned by customer',
  other: 'Other (explain in the note)',
};

const noteSchema = z.string().trim().max(500, 'Use at most 500 characters');

export const createStockAdjustmentBodySchema = z
  .strictObject({
    reasonCode: z.enum(stockAdjustmentReasons, { error: 'Choose a reason' }),
    /** Required when the reason is `other`. */
    note: noteSchema.optional(),
    lines: z
      .array(
        z.strictObject({
          variantId: z.string().uuid(),
          /** Added to on hand (negative removes). Not zero; whole for goods counted in units. */
          delta: quantitySchema.refine((q) => q !== 0, 'Enter a quantity other than zero'),
        }),
      )
      .min(1, 'Add a line')
      .max(500),
  })
  .superRefine((body, ctx) => {
    if (body.reasonCode === 'other' && !body.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say why in the note' });
    const seen = new Set<string>();
    body.lines.forEach((line, i) => {
      if (seen.has(line.variantId))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'variantId'], message: 'This variant is already a line' });
      seen.add(line.variantId);
    });
  });
export type CreateStockAdjustmentBody = z.input<typeof createStockAdjustmentBodySchema>;

export const stockDocumentLineSchema = z.object({
  productId: z.string().uuid(),
  variantId: z.string().uuid(),
  /** Product name with the variant label. */
  name: z.string(),
  sku: z.string(),
  quantity: z.number(),
  /** On hand in the store after this line's movement (null until it moved). */
  onHandAfter: z.number().nullable(),
});

export const stockAdjustmentSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  storeId: z.string().uuid(),
  reasonCode: z.enum(stockAdjustmentReasons),
  note: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  /** `quantity` is the signed delta. */
  lines: z.array(stockDocumentLineSchema),
});
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;

export const createStockAdjustment = defineEndpoint({
  method: 'POST',
  path: '/api/v1/stock-adjustments',
  summary:
    'Adjust stock in the active store with a reason (numbered LEK-ADJ000001). Below zero for a tracked product: 409 INSUFFICIENT_STOCK, unless the store allows negative stock',
  tags: ['inventory'],
  access: 'inventory.adjust',
  body: createStockAdjustmentBodySchema,
  status: 201,
  response: stockAdjustmentSchema,
});

export const getStockAdjustment = defineEndpoint({
  method: 'GET',
  path: '/api/v1/stock-adjustments/:adjustmentId',
  summary: 'One adjustment of the active store',
  tags: ['inventory'],
  access: 'inventory.view',
  params: z.object({ adjustmentId: z.string().uuid() }),
  status: 200,
  response: stockAdjustmentSchema,
});

// ---------------------------------------------------------------- counts

export const stockCountStatuses = ['open', 'posted', 'cancelled'] as const;
export type StockCountStatus = (typeof stockCountStatuses)[number];

export const stockCountLineSchema = z.object({
  productId: z.string().uuid(),
  variantId: z.string().uuid(),
  name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  unit: z.string(),
  /** Null for a role without inventory.costs. */
  costPriceMinor: z.number().int().nullable(),
  /** On hand now while open; on hand when posted once posted. Null while a blind count is not posted. */
  expected: z.number().nullable(),
  /** Null until counted. */
  counted: z.number().nullable(),
  /** counted − expected; null until counted, and while a blind count is not posted. */
  variance: z.number().nullable(),
  /**
   * The variance at cost, rounded to the minor unit; null until counted, while a blind count is not
   * posted, and for a role without inventory.costs.
   */
  varianceValueMinor: z.number().int().nullable(),
});
export type StockCountLine = z.infer<typeof stockCountLineSchema>;

export const stockCountSummarySchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  storeId: z.string().uuid(),
  status: z.enum(stockCountStatuses),
  note: z.string().nullable(),
  /** A blind count hides expected quantities and variances from everyone until it is posted. */
  isBlind: z.boolean(),
  lineCount: z.number().int(),
  countedCount: z.number().int(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  postedAt: z.string().nullable(),
  version: z.number().int(),
});
export type StockCountSummary = z.infer<typeof stockCountSummarySchema>;

export const stockCountSchema = stockCountSummarySchema.extend({
  lines: z.array(stockCountLineSchema),
  /**
   * Sums over the counted lines: surplus and shortage at cost, and their net; null for a role without
   * inventory.costs, and while a blind count is not posted.
   */
  totals: z
    .object({
      surplusValueMinor: z.number().int(),
      shortageValueMinor: z.number().int(),
      netValueMinor: z.number().int(),
    })
    .nullable(),
});
export type StockCount = z.infer<typeof stockCountSchema>;

export const stockCountParamsSchema = z.object({ countId: z.string().uuid() });

export const listStockCounts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/stock-counts',
  summary: 'Stock counts of the active store, newest first',
  tags: ['inventory'],
  access: 'inventory.view',
  query: pageQuerySchema.extend({ status: z.enum(stockCountStatuses).optional() }),
  status: 200,
  response: pageOf(stockCountSummarySchema),
});

export const createStockCount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/stock-counts',
  summary:
    'Start a count in the active store of every tracked, non-archived variant, or of some products or categories (numbered LEK-CNT000001)',
  tags: ['inventory'],
  access: 'inventory.count',
  body: z.strictObject({
    note: noteSchema.optional(),
    /** Blind: nobody sees expected quantities or variances until the count is posted. */
    isBlind: z.boolean().optional(),
    /** Absent or empty: every tracked variant. */
    productIds: z.array(z.string().uuid()).max(5000).optional(),
    /** A top-level category includes its sub-categories. */
    categoryIds: z.array(z.string().uuid()).max(200).optional(),
  }),
  status: 201,
  response: stockCountSchema,
});

/** Repeat the parameter for several; one is a string. */
const idListSchema = (max: number) =>
  z
    .union([z.string().uuid(), z.array(z.string().uuid()).max(max)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional();

export const previewStockCount = defineEndpoint({
  method: 'GET',
  path: '/api/v1/stock-counts/preview',
  summary:
    'What a count would cover before it is started: how many tracked, non-archived variants (and of how many products) of these products or categories, or of the whole catalogue',
  tags: ['inventory'],
  access: 'inventory.count',
  query: z.object({ productId: idListSchema(5000), categoryId: idListSchema(200) }),
  status: 200,
  response: z.object({ variantCount: z.number().int(), productCount: z.number().int() }),
});

export const getStockCount = defineEndpoint({
  method: 'GET',
  path: '/api/v1/stock-counts/:countId',
  summary: 'A count with every line: expected, counted, variance and its value',
  tags: ['inventory'],
  access: 'inventory.view',
  params: stockCountParamsSchema,
  status: 200,
  response: stockCountSchema,
});

export const recordStockCountLines = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/stock-counts/:countId/lines',
  summary: 'Set counted quantities (null clears one); variants not in the count are added to it',
  tags: ['inventory'],
  access: 'inventory.count',
  params: stockCountParamsSchema,
  body: z.strictObject({
    lines: z
      .array(z.strictObject({ variantId: z.string().uuid(), counted: nonNegativeQuantitySchema.nullable() }))
      .min(1)
      .max(5000),
  }),
  status: 200,
  response: stockCountSchema,
});

export const scanStockCount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/stock-counts/:countId/scan',
  summary: 'Add a scanned barcode to the count (quantity 1 unless given); an unknown code is a 404',
  tags: ['inventory'],
  access: 'inventory.count',
  params: stockCountParamsSchema,
  body: z.strictObject({ barcode: barcodeSchema, quantity: positiveQuantitySchema.default(1) }),
  status: 200,
  response: stockCountSchema,
});

export const postStockCount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/stock-counts/:countId/post',
  summary:
    'Post the count: each counted line becomes a `count` movement of its variance; uncounted lines are left as they are',
  tags: ['inventory'],
  access: 'inventory.count',
  params: stockCountParamsSchema,
  body: z.strictObject({ version: z.number().int().min(1) }),
  status: 200,
  response: stockCountSchema,
});

export const cancelStockCount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/stock-counts/:countId/cancel',
  summary: 'Cancel an open count; stock is not touched',
  tags: ['inventory'],
  access: 'inventory.count',
  params: stockCountParamsSchema,
  body: z.strictObject({ version: z.number().int().min(1) }),
  status: 200,
  response: stockCountSchema,
});

// ---------------------------------------------------------------- transfers

export const stockTransferStatuses = ['in_transit', 'received', 'cancelled'] as const;
export type StockTransferStatus = (typeof stockTransferStatuses)[number];

export const stockTransferSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  fromStore: z.object({ id: z.string().uuid(), name: z.string(), alias: z.string() }),
  toStore: z.object({ id: z.string().uuid(), name: z.string(), alias: z.string() }),
  status: z.enum(stockTransferStatuses),
  note: z.string().nullable(),
  sentAt: z.string(),
  sentBy: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  receivedAt: z.string().nullable(),
  receivedBy: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  lines: z.array(stockDocumentLineSchema.omit({ onHandAfter: true })),
  version: z.number().int(),
});
export type StockTransfer = z.infer<typeof stockTransferSchema>;

export const stockTransferParamsSchema = z.object({ transferId: z.string().uuid() });

export const listStockTransfers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/stock-transfers',
  summary: 'Transfers out of or into the active store, newest first',
  tags: ['inventory'],
  access: 'inventory.view',
  query: pageQuerySchema.extend({
    direction: z.enum(['outgoing', 'incoming', 'all']).default('all'),
    status: z.enum(stockTransferStatuses).optional(),
  }),
  status: 200,
  response: pageOf(stockTransferSchema),
});

export const createStockTransfer = defineEndpoint({
  method: 'POST',
  path: '/api/v1/stock-transfers',
  summary:
    'Send stock from the active store to another store of the business: it leaves now (transfer_out) and is in transit until received (numbered LEK-TRF000001)',
  tags: ['inventory'],
  access: 'inventory.transfer',
  body: z
    .strictObject({
      toStoreId: z.string().uuid(),
      note: noteSchema.optional(),
      lines: z
        .array(z.strictObject({ variantId: z.string().uuid(), quantity: positiveQuantitySchema }))
        .min(1, 'Add a line')
        .max(500),
    })
    .superRefine((body, ctx) => {
      const seen = new Set<string>();
      body.lines.forEach((line, i) => {
        if (seen.has(line.variantId))
          ctx.addIssue({ code: 'custom', path: ['lines', i, 'variantId'], message: 'This variant is already a line' });
        seen.add(line.variantId);
      });
    }),
  status: 201,
  response: stockTransferSchema,
});

export const getStockTransfer = defineEndpoint({
  method: 'GET',
  path: '/api/v1/stock-transfers/:transferId',
  summary: 'One transfer out of or into the active store',
  tags: ['inventory'],
  access: 'inventory.view',
  params: stockTransferParamsSchema,
  status: 200,
  response: stockTransferSchema,
});

export const receiveStockTransfer = defineEndpoint({
  method: 'POST',
  path: '/api/v1/stock-transfers/:transferId/receive',
  summary:
    'Receive an in-transit transfer into the active store (its destination): transfer_in movements. A role holding inventory.transfer may receive too',
  tags: ['inventory'],
  access: 'inventory.receive',
  params: stockTransferParamsSchema,
  body: z.strictObject({ version: z.number().int().min(1) }),
  status: 200,
  response: stockTransferSchema,
});

export const cancelStockTransfer = defineEndpoint({
  method: 'POST',
  path: '/api/v1/stock-transfers/:transferId/cancel',
  summary: 'Cancel an in-transit transfer from the sending store: the stock comes back (transfer_in)',
  tags: ['inventory'],
  access: 'inventory.transfer',
  params: stockTransferParamsSchema,
  body: z.strictObject({ version: z.number().int().min(1) }),
  status: 200,
  response: stockTransferSchema,
});
