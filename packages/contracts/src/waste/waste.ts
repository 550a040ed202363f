import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { pageQuerySchema } from '../http/pagination.js';
import { entityEventsSchema } from '../audit/entity-events.js';
import { checkDayRange, isoDateSchema } from '../stores/store-time.js';
import { lineValueMinor, moneyMinorSchema, positiveQuantitySchema, toThousandths } from '../catalog/quantities.js';

/**
 * Waste (`waste` section): stock written off, valued at cost, approved by a manager above the
 * store's threshold (ARCHITECTURE.md section 4, decision 0013).
 *
 * - Recording (waste.record) values the quantity at the variant's cost now: value = round(q × cost).
 * - Someone without waste.approve recording more than the store's threshold makes it `pending`: no
 *   stock moves until a waste.approve holder approves it (the `waste` movement is made then, on hand
 *   checked then) or rejects it (never moves stock).
 * - Otherwise it is `recorded` at once with its `waste` movement. A tracked product is never written
 *   off below what is on hand, whatever the store's negative-stock setting (409 INSUFFICIENT_STOCK).
 */
export const wasteReasons = ['expired', 'damaged', 'spoiled', 'theft', 'other'] as const;
export type WasteReason = (typeof wasteReasons)[number];

export const wasteReasonLabels: Record<WasteReason, string> = {
  expired: 'Expired',
  damaged: 'Damaged',
  spoiled: 'Spoiled',
  theft: 'Theft',
  other: 'Other',
};

export const wasteStatuses = ['pending', 'recorded', 'rejected'] as const;
export type WasteStatus = (typeof wasteStatuses)[number];

export const wasteStatusLabels: Record<WasteStatus, string> = {
  pending: 'Waiting for approval',
  recorded: 'Recorded',
  rejected: 'Rejected',
};

/** The store's default approval threshold (₦5,000.00): `stores.waste_approval_threshold_minor`. */
export const DEFAULT_WASTE_APPROVAL_THRESHOLD_MINOR = 500_000;

/** A waste record's value at cost: the quantity times the unit cost, rounded half away from zero. */
export function wasteValueMinor(quantity: number, unitCostMinor: number): number {
  return lineValueMinor(toThousandths(quantity), unitCostMinor);
}

/**
 * Whether a record worth `valueMinor` waits for approval: only when the recorder may not approve
 * waste and the value is strictly above the store's threshold. The form previews with this; the API
 * decides with it.
 */
export function wasteNeedsApproval(args: { valueMinor: number; thresholdMinor: number; canApprove: boolean }) {
  return !args.canApprove && args.valueMinor > args.thresholdMinor;
}

const personSchema = z.object({ id: z.string().uuid(), name: z.string() });

export const wasteParamsSchema = z.object({ wasteId: z.string().uuid() });

export const recordWasteBodySchema = z
  .strictObject({
    /** From the client, so a retried record is the same one. */
    id: z.string().uuid(),
    variantId: z.string().uuid({ error: 'Choose a product' }),
    quantity: positiveQuantitySchema,
    reason: z.enum(wasteReasons, { error: 'Choose a reason' }),
    /** Required when the reason is `other`. */
    note: z.string().trim().max(500, 'Use at most 500 characters').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.reason === 'other' && !body.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say what happened' });
  });
export type RecordWasteBody = z.input<typeof recordWasteBodySchema>;

export const wasteSummarySchema = z.object({
  id: z.string().uuid(),
  /** `LEK-WST000001`. */
  number: z.string(),
  status: z.enum(wasteStatuses),
  reason: z.enum(wasteReasons),
  note: z.string().nullable(),
  productId: z.string().uuid(),
  variantId: z.string().uuid(),
  /** Product name with its variant label, as it was when recorded. */
  name: z.string(),
  sku: z.string(),
  quantity: z.number(),
  /** The product's unit ("each", "kg"). */
  unit: z.string(),
  /** The cost and the value at cost; null for a role without inventory.costs. */
  unitCostMinor: z.number().int().nullable(),
  valueMinor: z.number().int().nullable(),
  hasPhoto: z.boolean(),
  recordedAt: z.string(),
  recordedBy: personSchema,
});
export type WasteSummary = z.infer<typeof wasteSummarySchema>;

export const wasteDetailSchema = wasteSummarySchema.extend({
  isTracked: z.boolean(),
  /** On hand of the variant in the store now. */
  onHand: z.number(),
  decidedAt: z.string().nullable(),
  decidedBy: personSchema.nullable(),
  /** The reason given for a rejection (or the approver's note). */
  decisionNote: z.string().nullable(),
  version: z.number().int(),
  /** Whether the caller may add or replace the photo now (recorder or approver; pending or the day recorded). */
  canChangePhoto: z.boolean(),
});
export type WasteDetail = z.infer<typeof wasteDetailSchema>;

export const recordWaste = defineEndpoint({
  method: 'POST',
  path: '/api/v1/waste',
  summary:
    'Write off stock of one variant in the active store, valued at cost; pending above the store threshold when the recorder may not approve waste',
  tags: ['waste'],
  access: 'waste.record',
  idempotent: true,
  body: recordWasteBodySchema,
  status: 201,
  response: wasteDetailSchema,
});

export const listWasteQuerySchema = pageQuerySchema
  .extend({
    status: z.enum(wasteStatuses).optional(),
    reason: z.enum(wasteReasons).optional(),
    /** First and last day, inclusive, in the store's time zone. */
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    /** Product name, SKU or waste number. */
    q: z.string().trim().max(100).optional(),
  })
  .superRefine(checkDayRange);
export type ListWasteQuery = z.input<typeof listWasteQuerySchema>;

export const wasteTotalsSchema = z.object({
  /** Records in the filtered set. */
  count: z.number().int(),
  /** Value of the filtered set's recorded records; null for a role without inventory.costs. */
  recordedValueMinor: z.number().int().nullable(),
  /** Value of the filtered set's pending records; null for a role without inventory.costs. */
  pendingValueMinor: z.number().int().nullable(),
});

export const listWaste = defineEndpoint({
  method: 'GET',
  path: '/api/v1/waste',
  summary:
    'Waste records of the active store, newest first: by status, reason, days (store time zone) and product, with the totals of the filtered set',
  tags: ['waste'],
  access: 'waste.view',
  query: listWasteQuerySchema,
  status: 200,
  response: z.object({
    items: z.array(wasteSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    totals: wasteTotalsSchema,
    /** Records of the store waiting for approval, whatever the filters. */
    waitingCount: z.number().int(),
    /** The store's approval threshold. */
    thresholdMinor: z.number().int(),
  }),
});

export const getWaste = defineEndpoint({
  method: 'GET',
  path: '/api/v1/waste/:wasteId',
  summary: 'One waste record of the active store, with who recorded and decided it',
  tags: ['waste'],
  access: 'waste.view',
  params: wasteParamsSchema,
  status: 200,
  response: wasteDetailSchema,
});

export const listWasteEvents = defineEndpoint({
  method: 'GET',
  path: '/api/v1/waste/:wasteId/events',
  summary: 'The audit trail of one waste record, oldest first',
  tags: ['waste'],
  access: 'waste.view',
  params: wasteParamsSchema,
  status: 200,
  response: entityEventsSchema,
});

export const approveWasteBodySchema = z.strictObject({
  note: z.string().trim().max(200, 'Use at most 200 characters').optional(),
});

export const approveWaste = defineEndpoint({
  method: 'POST',
  path: '/api/v1/waste/:wasteId/approve',
  summary: 'Approve a pending waste record: its waste movement is made now (on hand checked now)',
  tags: ['waste'],
  access: 'waste.approve',
  idempotent: true,
  params: wasteParamsSchema,
  body: approveWasteBodySchema,
  status: 200,
  response: wasteDetailSchema,
});

export const rejectWasteBodySchema = z.strictObject({
  reason: z.string().trim().min(1, 'Say why').max(200, 'Use at most 200 characters'),
});

export const rejectWaste = defineEndpoint({
  method: 'POST',
  path: '/api/v1/waste/:wasteId/reject',
  summary: 'Reject a pending waste record: it never moves stock',
  tags: ['waste'],
  access: 'waste.approve',
  params: wasteParamsSchema,
  body: rejectWasteBodySchema,
  status: 200,
  response: wasteDetailSchema,
});

export const wastePhotoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_WASTE_PHOTO_BYTES = 5 * 1024 * 1024;

export const putWastePhoto = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/waste/:wasteId/photo',
  summary:
    'Add or replace the photo of a waste record (JPEG, PNG or WebP, at most 5 MB): by its recorder or an approver, while pending or on the day recorded',
  tags: ['waste'],
  access: 'waste.record',
  params: wasteParamsSchema,
  rawBody: { contentTypes: wastePhotoTypes, maxBytes: MAX_WASTE_PHOTO_BYTES },
  status: 200,
  response: wasteDetailSchema,
});

export const getWastePhoto = defineEndpoint({
  method: 'GET',
  path: '/api/v1/waste/:wasteId/photo',
  summary: 'The photo bytes of a waste record',
  tags: ['waste'],
  access: 'waste.view',
  params: wasteParamsSchema,
  produces: 'image/*',
  status: 200,
  response: z.unknown(),
});

export const wasteThresholdBodySchema = z.strictObject({
  /** Waste worth more than this, recorded without waste.approve, waits for approval. */
  thresholdMinor: moneyMinorSchema,
});
export type WasteThresholdBody = z.input<typeof wasteThresholdBodySchema>;

export const setWasteApprovalThreshold = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/stores/current/waste-approval-threshold',
  summary: 'Set the active store’s waste approval threshold',
  tags: ['waste', 'stores'],
  access: 'settings.store',
  body: wasteThresholdBodySchema,
  status: 200,
  response: z.object({ wasteApprovalThresholdMinor: z.number().int() }),
});
