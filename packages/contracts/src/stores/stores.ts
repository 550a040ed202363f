import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { currencyCodes } from '../businesses/currencies.js';
import { permissions } from '../access/permissions.js';

/** The active store of a store-mode session (named by the `x-store-id` header) and what I may do there. */
export const activeStoreSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  alias: z.string(),
  timeZone: z.string(),
  address: z.string().nullable(),
  /** Whether tracked goods may go below zero here (sales, adjustments, transfers out). */
  allowNegativeStock: z.boolean(),
  /** Waste worth more than this, recorded without waste.approve, waits for a manager's approval. */
  wasteApprovalThresholdMinor: z.number().int(),
  business: z.object({
    id: z.string().uuid(),
    name: z.string(),
    currency: z.enum(currencyCodes),
    /** The logo printed on its documents (GET /business-profile/logo?v=); null when it has none. */
    logoVersion: z.number().int().nullable(),
  }),
  /** My role in this store (IPOS_ADMIN when I reach it as the business owner). */
  roleName: z.string(),
  permissions: z.array(z.enum(permissions)),
});
export type ActiveStore = z.infer<typeof activeStoreSchema>;

export const getActiveStore = defineEndpoint({
  method: 'GET',
  path: '/api/v1/stores/current',
  summary: 'Store mode: the active store (x-store-id), its business, and my role and permissions there',
  tags: ['stores'],
  access: 'dashboard.view',
  status: 200,
  response: activeStoreSchema,
});
