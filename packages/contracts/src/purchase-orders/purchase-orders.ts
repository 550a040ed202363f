import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { pageOf, pageQuerySchema } from '../http/pagination.js';
import { entityEventsSchema } from '../audit/entity-events.js';
import { documentEmailBodySchema, documentEmailedSchema } from '../documents/document-mail.js';
import { moneyMinorSchema, positiveQuantitySchema } from '../catalog/quantities.js';
import { productUnits } from '../catalog/products.js';
import { checkDayRange, isoDateSchema } from '../stores/store-time.js';

/**
 * Purchase orders (`purchase-order` section): what a store orders from a vendor, receives in one or
 * more deliveries (each a `purchase_receipt` movement per line, and the variant's cost moves to the
 * weighted average), closes (by itself when everything arrived, or short by a manager), cancels
 * (nothing received yet) or recalls (received goods back to the vendor: `vendor_return` movements).
 * The rules are `purchaseOrderRefusal` (transitions.ts). Numbers: `LEK-PO000007`.
 */

/** The spec's status numbers (`purchaseOrderStatuses`). */
export const purchaseOrderStatusSchema = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
]);

const personSchema = z.object({ id: z.string().uuid(), name: z.string() });

export const purchaseOrderParamsSchema = z.object({ orderId: z.string().uuid() });

// ---------------------------------------------------------------- create and edit

export const purchaseOrderLineInputSchema = z.strictObject({
  variantId: z.string().uuid(),
  quantity: positiveQuantitySchema,
  /** What the vendor charges per unit; defaults on screen to the variant's cost price. */
  unitCostMinor: moneyMinorSchema,
});
export type PurchaseOrderLineInput = z.infer<typeof purchaseOrderLineInputSchema>;

const orderFieldsShape = {
  /** A vendor contact of the business (not archived). */
  vendorId: z.string().uuid(),
  expectedOn: isoDateSchema.optional(),
  notes: z.string().trim().max(1000, 'Use at most 1000 characters').optional(),
  lines: z.array(purchaseOrderLineInputSchema).min(1, 'Add at least one product').max(500),
};

function noRepeatedVariants(body: { lines: { variantId: string }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  body.lines.forEach((line, i) => {
    if (seen.has(line.variantId))
      ctx.addIssue({
        code: 'custom',
        path: ['lines', i, 'variantId'],
        message: 'This product is already a line: change its quantity',
      });
    seen.add(line.variantId);
  });
}

export const createPurchaseOrderBodySchema = z.strictObject(orderFieldsShape).superRefine(noRepeatedVariants);
export type CreatePurchaseOrderBody = z.input<typeof createPurchaseOrderBodySchema>;

/** Replaces the details and lines of an OPEN order with nothing received (`version` from the last read). */
export const updatePurchaseOrderBodySchema = z
  .strictObject({ ...orderFieldsShape, version: z.number().int().min(1) })
  .superRefine(noRepeatedVariants);
export type UpdatePurchaseOrderBody = z.input<typeof updatePurchaseOrderBodySchema>;

// ---------------------------------------------------------------- the order as read

export const purchaseOrderLineSchema = z.object({
  lineNo: z.number().int(),
  productId: z.string().uuid(),
  variantId: z.string().uuid(),
  name: z.string(),
  sku: z.string(),
  /** The vendor's own code for the item, when the order's vendor is the product's preferred vendor. */
  vendorItemCode: z.string().nullable(),
  unit: z.enum(productUnits),
  quantityOrdered: z.number(),
  quantityReceived: z.number(),
  quantityReturned: z.number(),
  unitCostMinor: z.number().int(),
  /** quantityOrdered × unitCostMinor, rounded. */
  orderedMinor: z.number().int(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;

export const purchaseOrderReceiptSchema = z.object({
  id: z.string().uuid(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  receivedAt: z.string(),
  by: personSchema,
  lines: z.array(z.object({ lineNo: z.number().int(), quantity: z.number(), unitCostMinor: z.number().int() })),
  /** Σ quantity × unit cost of this delivery. */
  valueMinor: z.number().int(),
});
export type PurchaseOrderReceipt = z.infer<typeof purchaseOrderReceiptSchema>;

export const purchaseOrderReturnSchema = z.object({
  id: z.string().uuid(),
  reason: z.string(),
  returnedAt: z.string(),
  by: personSchema,
  lines: z.array(z.object({ lineNo: z.number().int(), quantity: z.number(), unitCostMinor: z.number().int() })),
  valueMinor: z.number().int(),
});
export type PurchaseOrderReturn = z.infer<typeof purchaseOrderReturnSchema>;

export const purchaseOrderSummarySchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  status: purchaseOrderStatusSchema,
  vendor: personSchema,
  expectedOn: z.string().nullable(),
  createdAt: z.string(),
  lineCount: z.number().int(),
  orderedMinor: z.number().int(),
  /** Σ received × the receipts' unit costs. */
  receivedMinor: z.number().int(),
  /** Σ returned × the order lines' unit costs. */
  returnedMinor: z.number().int(),
});
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummarySchema>;

/** A row of the order list: the summary with the units ordered and received across its lines. */
export const purchaseOrderListItemSchema = purchaseOrderSummarySchema.extend({
  /** Σ quantity ordered over the lines (up to 3 decimals, mixed units summed as numbers). */
  quantityOrdered: z.number(),
  /** Σ quantity received over the lines. */
  quantityReceived: z.number(),
});
export type PurchaseOrderListItem = z.infer<typeof purchaseOrderListItemSchema>;

export const purchaseOrderSchema = purchaseOrderSummarySchema.extend({
  storeId: z.string().uuid(),
  vendor: personSchema.extend({
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    taxId: z.string().nullable(),
  }),
  notes: z.string().nullable(),
  lines: z.array(purchaseOrderLineSchema),
  receipts: z.array(purchaseOrderReceiptSchema),
  returns: z.array(purchaseOrderReturnSchema),
  createdBy: personSchema.nullable(),
  sentAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedBy: personSchema.nullable(),
  /** Why it was closed short; null when closed because everything arrived. */
  closeReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: personSchema.nullable(),
  cancelReason: z.string().nullable(),
  version: z.number().int(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

// ---------------------------------------------------------------- endpoints

export const listPurchaseOrdersQuerySchema = pageQuerySchema
  .extend({
    status: z.coerce.number().int().min(0).max(4).optional(),
    vendorId: z.string().uuid().optional(),
    /** Created from and to (inclusive), days in the store's time zone. */
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    /** A whole number (`LEK-PO000007`) or its digits. */
    number: z.string().trim().max(40).optional(),
  })
  .superRefine(checkDayRange);
export type ListPurchaseOrdersQuery = z.input<typeof listPurchaseOrdersQuerySchema>;

export const listPurchaseOrders = defineEndpoint({
  method: 'GET',
  path: '/api/v1/purchase-orders',
  summary: 'Purchase orders of the active store, newest first: filter by status, vendor, dates, number',
  tags: ['purchase-orders'],
  access: 'purchase-orders.view',
  query: listPurchaseOrdersQuerySchema,
  status: 200,
  response: pageOf(purchaseOrderListItemSchema),
});

export const getPurchaseOrder = defineEndpoint({
  method: 'GET',
  path: '/api/v1/purchase-orders/:orderId',
  summary: 'One purchase order with its lines (ordered, received, returned), receipts and returns',
  tags: ['purchase-orders'],
  access: 'purchase-orders.view',
  params: purchaseOrderParamsSchema,
  status: 200,
  response: purchaseOrderSchema,
});

export const listPurchaseOrderEvents = defineEndpoint({
  method: 'GET',
  path: '/api/v1/purchase-orders/:orderId/events',
  summary: "The order's timeline (its audit trail), oldest first",
  tags: ['purchase-orders'],
  access: 'purchase-orders.view',
  params: purchaseOrderParamsSchema,
  status: 200,
  response: entityEventsSchema,
});

export const createPurchaseOrder = defineEndpoint({
  method: 'POST',
  path: '/api/v1/purchase-orders',
  summary: 'Order from a vendor for the active store (OPEN, numbered LEK-PO000007)',
  tags: ['purchase-orders'],
  access: 'purchase-orders.manage',
  body: createPurchaseOrderBodySchema,
  status: 201,
  response: purchaseOrderSchema,
});

export const updatePurchaseOrder = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/purchase-orders/:orderId',
  summary: 'Change an OPEN order with nothing received (409 VERSION_CONFLICT on a stale version)',
  tags: ['purchase-orders'],
  access: 'purchase-orders.manage',
  params: purchaseOrderParamsSchema,
  body: updatePurchaseOrderBodySchema,
  status: 200,
  response: purchaseOrderSchema,
});

export const receivePurchaseOrderBodySchema = z.strictObject({
  /** From the client, so a retried receipt is the same one. */
  id: z.string().uuid(),
  lines: z
    .array(
      z.strictObject({
        lineNo: z.number().int().min(1),
        /** At most ordered − received (409 RECEIVE_EXCEEDS_ORDER names every line over). */
        quantity: positiveQuantitySchema,
        /** When the vendor charged another price than ordered; the order line's cost otherwise. */
        unitCostMinor: moneyMinorSchema.optional(),
      }),
    )
    .min(1, 'Enter what arrived')
    .max(500),
  /** The vendor's delivery note or invoice number. */
  reference: z.string().trim().max(80).optional(),
  note: z.string().trim().max(500).optional(),
});
export type ReceivePurchaseOrderBody = z.input<typeof receivePurchaseOrderBodySchema>;

export const receivePurchaseOrder = defineEndpoint({
  method: 'POST',
  path: '/api/v1/purchase-orders/:orderId/receipts',
  summary:
    'Receive a delivery (Idempotency-Key required): purchase_receipt movements, cost by moving average; CLOSED when all arrived',
  tags: ['purchase-orders'],
  access: 'purchase-orders.receive',
  idempotent: true,
  params: purchaseOrderParamsSchema,
  body: receivePurchaseOrderBodySchema,
  status: 201,
  response: purchaseOrderSchema,
});

export const recallPurchaseOrderBodySchema = z.strictObject({
  id: z.string().uuid(),
  lines: z
    .array(
      z.strictObject({
        lineNo: z.number().int().min(1),
        /** At most received − returned (409 RECALL_EXCEEDS_RECEIVED names every line over). */
        quantity: positiveQuantitySchema,
      }),
    )
    .min(1, 'Choose what goes back')
    .max(500),
  reason: z.string().trim().min(1, 'Say why').max(200, 'Use at most 200 characters'),
});
export type RecallPurchaseOrderBody = z.input<typeof recallPurchaseOrderBodySchema>;

export const recallPurchaseOrder = defineEndpoint({
  method: 'POST',
  path: '/api/v1/purchase-orders/:orderId/returns',
  summary:
    'Return received goods to the vendor (Idempotency-Key required): vendor_return movements; PARTIALLY or FULLY RECALLED',
  tags: ['purchase-orders'],
  access: 'purchase-orders.manage',
  idempotent: true,
  params: purchaseOrderParamsSchema,
  body: recallPurchaseOrderBodySchema,
  status: 201,
  response: purchaseOrderSchema,
});

export const closePurchaseOrderBodySchema = z.strictObject({
  version: z.number().int().min(1),
  reason: z.string().trim().min(1, 'Say why it closes short').max(200, 'Use at most 200 characters'),
});
export type ClosePurchaseOrderBody = z.input<typeof closePurchaseOrderBodySchema>;

export const closePurchaseOrder = defineEndpoint({
  method: 'POST',
  path: '/api/v1/purchase-orders/:orderId/close',
  summary: 'Close an OPEN order short (something received, the rest no longer expected)',
  tags: ['purchase-orders'],
  access: 'purchase-orders.manage',
  params: purchaseOrderParamsSchema,
  body: closePurchaseOrderBodySchema,
  status: 200,
  response: purchaseOrderSchema,
});

export const cancelPurchaseOrderBodySchema = z.strictObject({
  version: z.number().int().min(1),
  reason: z.string().trim().min(1, 'Say why').max(200, 'Use at most 200 characters'),
});
export type CancelPurchaseOrderBody = z.input<typeof cancelPurchaseOrderBodySchema>;

export const cancelPurchaseOrder = defineEndpoint({
  method: 'POST',
  path: '/api/v1/purchase-orders/:orderId/cancel',
  summary: 'Cancel an OPEN order with nothing received',
  tags: ['purchase-orders'],
  access: 'purchase-orders.manage',
  params: purchaseOrderParamsSchema,
  body: cancelPurchaseOrderBodySchema,
  status: 200,
  response: purchaseOrderSchema,
});

export const purchaseOrderPdf = defineEndpoint({
  method: 'GET',
  path: '/api/v1/purchase-orders/:orderId/pdf',
  summary: 'The order as a PDF for the vendor (store, vendor, lines, quantities, costs, total)',
  tags: ['purchase-orders'],
  access: 'purchase-orders.view',
  params: purchaseOrderParamsSchema,
  produces: 'application/pdf',
  status: 200,
  response: z.unknown(),
});

/** The vendor's email unless another is given. */
export const sendPurchaseOrderBodySchema = documentEmailBodySchema;
export type SendPurchaseOrderBody = z.input<typeof sendPurchaseOrderBodySchema>;

export const sendPurchaseOrder = defineEndpoint({
  method: 'POST',
  path: '/api/v1/purchase-orders/:orderId/send',
  summary: 'Email the order PDF to the vendor (422 when neither the vendor nor the request has an email)',
  tags: ['purchase-orders'],
  access: 'purchase-orders.manage',
  params: purchaseOrderParamsSchema,
  body: sendPurchaseOrderBodySchema,
  status: 200,
  response: documentEmailedSchema,
});

export const reorderSuggestionSchema = z.object({
  productId: z.string().uuid(),
  variantId: z.string().uuid(),
  name: z.string(),
  sku: z.string(),
  /** The preferred vendor's code for it, or null. */
  vendorItemCode: z.string().nullable(),
  unit: z.enum(productUnits),
  onHand: z.number(),
  reorderLevel: z.number(),
  reorderQuantity: z.number().nullable(),
  /** On order already: Σ ordered − received on OPEN orders of this store. */
  onOrder: z.number(),
  /**
   * The restock report's suggestion (`restockSuggestion`): the reorder level plus the last 30 days'
   * sales, less what is on hand and already on order, raised to the store's reorder quantity; a
   * variant whose need is covered is left out.
   */
  suggestedQuantity: z.number(),
  /** What to order at (`reorderUnitCost`): the last cost from the preferred vendor, else the cost price. */
  unitCostMinor: z.number().int(),
});
export type ReorderSuggestion = z.infer<typeof reorderSuggestionSchema>;

export const listReorderSuggestionsQuerySchema = z.strictObject({
  /** The order's vendor: only products whose preferred vendor it is (decision 0030). */
  vendorId: z.string().uuid(),
});
export type ListReorderSuggestionsQuery = z.input<typeof listReorderSuggestionsQuerySchema>;

export const listReorderSuggestions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/purchase-orders/reorder-suggestions',
  summary:
    "Tracked variants of the active store at or below their reorder level whose preferred vendor is the given vendor, with suggested quantities (400 for a vendor that is not the business's)",
  tags: ['purchase-orders'],
  access: 'purchase-orders.manage',
  query: listReorderSuggestionsQuerySchema,
  status: 200,
  response: z.object({ items: z.array(reorderSuggestionSchema) }),
});

/** The unit cost a reorder is placed at: the preferred vendor's last price when known, else today's cost. */
export const reorderUnitCost = (variant: { lastCostMinor: number | null; costPriceMinor: number }) =>
  variant.lastCostMinor ?? variant.costPriceMinor;

export const createRestockOrdersBodySchema = z.strictObject({
  /** Only these vendors' orders (each a vendor of the business); absent: every vendor with something to order. */
  vendorIds: z.array(z.string().uuid()).min(1).max(100).optional(),
});
export type CreateRestockOrdersBody = z.input<typeof createRestockOrdersBodySchema>;

export const restockOrdersSchema = z.object({
  /** One new OPEN order per preferred vendor, in vendor name order; empty when nothing needs ordering. */
  orders: z.array(purchaseOrderSummarySchema),
  /** What needs ordering but has no (active) preferred vendor: left out, for a person to order by hand. */
  withoutVendor: z.array(reorderSuggestionSchema),
});
export type RestockOrders = z.infer<typeof restockOrdersSchema>;

export const createRestockOrders = defineEndpoint({
  method: 'POST',
  path: '/api/v1/purchase-orders/restock-orders',
  summary:
    'Order every reorder suggestion of the active store from its preferred vendor in one step (Idempotency-Key required): one OPEN order per vendor, all or nothing; products without a preferred vendor are listed, not ordered',
  tags: ['purchase-orders'],
  access: 'purchase-orders.manage',
  idempotent: true,
  body: createRestockOrdersBodySchema,
  status: 201,
  response: restockOrdersSchema,
});
