import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { permissions } from '../access/permissions.js';
import { currencyCodes } from '../businesses/currencies.js';

export const membershipSchema = z.object({
  storeId: z.string().uuid(),
  storeName: z.string(),
  storeAlias: z.string(),
  businessId: z.string().uuid(),
  businessName: z.string(),
  currency: z.enum(currencyCodes),
  roleName: z.string(),
  permissions: z.array(z.enum(permissions)),
});
export type Membership = z.infer<typeof membershipSchema>;

export const meSchema = z.object({
  account: z.object({
    id: z.string().uuid(),
    email: z.string(),
    name: z.string(),
  }),
  /** Owns at least one business (admin mode is open to them). */
  isOwner: z.boolean(),
  businesses: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
  mustChangePassword: z.boolean(),
  hasPin: z.boolean(),
  isPinLocked: z.boolean(),
  memberships: z.array(membershipSchema),
});
export type Me = z.infer<typeof meSchema>;

export const getMe = defineEndpoint({
  method: 'GET',
  path: '/api/v1/me',
  summary: 'The signed-in account, its businesses and its store memberships',
  tags: ['accounts'],
  access: 'signedIn',
  status: 200,
  response: meSchema,
});
