/**
 * Admin mode's users (spec `users`, `users/add`): everyone who works in the owner's
 * businesses, with their role and stores in each, and inviting a person into one of them. Inviting
 * someone is the staff feature's own rule (`createStaffMember`): an invitation the person accepts.
 */
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { pageOf, pageQuerySchema } from '../http/pagination.js';
import { businessParamsSchema } from '../businesses/businesses.js';
import { createStaffMemberBodySchema, staffInvitationSchema, staffOptionsSchema, staffStatuses } from './staff.js';

/** A person in one business of the owner (someone in two businesses has two rows). */
export const adminUserSchema = z.object({
  accountId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  businessId: z.string().uuid(),
  businessName: z.string(),
  role: z.object({ id: z.string().uuid(), name: z.string(), isSystem: z.boolean() }),
  stores: z.array(z.object({ id: z.string().uuid(), name: z.string(), alias: z.string() })),
  status: z.enum(staffStatuses),
  isOwner: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const listAdminUsersQuerySchema = pageQuerySchema.extend({
  /** Name, email or phone. */
  search: z.string().trim().max(100).optional(),
  businessId: z.string().uuid().optional(),
  storeId: z.string().uuid().optional(),
  /** A role's name (system roles' are the same in every business; custom roles by their name). */
  role: z.string().trim().max(60).optional(),
  status: z.enum([...staffStatuses, 'all']).default('all'),
});
export type ListAdminUsersQuery = z.input<typeof listAdminUsersQuerySchema>;

export const adminUsersPageSchema = pageOf(adminUserSchema).extend({
  /** Every role name held in the owner's businesses, for the role filter. */
  roleNames: z.array(z.string()),
});

export const listAdminUsers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/users',
  summary: 'Admin mode: everyone across my businesses with their role and stores; search and filters',
  tags: ['staff'],
  access: 'users.manage',
  query: listAdminUsersQuerySchema,
  status: 200,
  response: adminUsersPageSchema,
});

export const getAdminStaffOptions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/businesses/:businessId/staff-options',
  summary: 'Admin mode: the roles and stores of a business I own, to invite someone into',
  tags: ['staff'],
  access: 'users.manage',
  params: businessParamsSchema,
  status: 200,
  response: staffOptionsSchema,
});

export const inviteAdminUser = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/businesses/:businessId/users',
  summary:
    'Admin mode: invite a person into a business I own with a role in some of its stores; they accept or decline (409 STAFF_EXISTS, INVITATION_PENDING)',
  tags: ['staff'],
  access: 'users.manage',
  params: businessParamsSchema,
  body: createStaffMemberBodySchema,
  status: 201,
  response: staffInvitationSchema,
});
