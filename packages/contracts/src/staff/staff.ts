/**
 * Staff (spec `settings/users-and-permissions`, `…/staff/create`, `…/staff/{id}`; issue 8 item 3):
 * the people who work in the business, one role across the stores they work in. A new person gets an
 * account with a default password, shown once and mailed, replaced at their first sign-in; someone
 * who already has an account (in another business) is added without one. Deactivated people keep
 * their role and stores for a reactivation but open nothing.
 */
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { pageOf, pageQuerySchema } from '../http/pagination.js';

export const staffStatuses = ['active', 'invited', 'inactive'] as const;
export type StaffStatus = (typeof staffStatuses)[number];
export const staffStatusLabels: Record<StaffStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  inactive: 'Deactivated',
};

export const staffMemberSchema = z.object({
  accountId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.object({ id: z.string().uuid(), name: z.string(), isSystem: z.boolean() }),
  stores: z.array(z.object({ id: z.string().uuid(), name: z.string(), alias: z.string() })),
  /** invited: has not yet replaced the default password; inactive: deactivated in this business. */
  status: z.enum(staffStatuses),
  /** The business's owner: acts as IPOS_ADMIN everywhere by owning it; not changed here. */
  isOwner: z.boolean(),
  hasPin: z.boolean(),
  isPinLocked: z.boolean(),
  invitedAt: z.string().datetime({ offset: true }).nullable(),
  version: z.number().int(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const listStaffQuerySchema = pageQuerySchema.extend({
  /** Name, email or phone. */
  search: z.string().trim().max(100).optional(),
  storeId: z.string().uuid().optional(),
  roleId: z.string().uuid().optional(),
  status: z.enum([...staffStatuses, 'all']).default('all'),
});
export type ListStaffQuery = z.input<typeof listStaffQuerySchema>;

const storeIdsSchema = z
  .array(z.string().uuid())
  .min(1, 'Choose at least one store')
  .max(100)
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

export const createStaffMemberBodySchema = z.strictObject({
  name: z.string().trim().min(2, 'Enter the person’s name').max(100),
  email: z.string().trim().toLowerCase().email('Enter an email address').max(254),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^[+0-9 ()-]*$/, 'Digits, spaces and + ( ) - only')
    .optional()
    .transform((v) => (v ? v : null)),
  roleId: z.string().uuid('Choose a role'),
  storeIds: storeIdsSchema,
});
export type CreateStaffMemberBody = z.input<typeof createStaffMemberBodySchema>;

export const updateStaffMemberBodySchema = z.strictObject({
  version: z.number().int().positive(),
  roleId: z.string().uuid('Choose a role'),
  storeIds: storeIdsSchema,
});
export type UpdateStaffMemberBody = z.input<typeof updateStaffMemberBodySchema>;

const versionBodySchema = z.strictObject({ version: z.number().int().positive() });
const staffParamsSchema = z.object({ accountId: z.string().uuid() });

/** A new or re-sent invitation: the default password, shown this once (null when none was made). */
export const staffInvitationSchema = z.object({
  member: staffMemberSchema,
  defaultPassword: z.string().nullable(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const listStaff = defineEndpoint({
  method: 'GET',
  path: '/api/v1/staff',
  summary: 'The people of the business with their role, stores and status; search and filters',
  tags: ['staff'],
  access: 'settings.staff',
  query: listStaffQuerySchema,
  status: 200,
  response: pageOf(staffMemberSchema),
});

export const getStaffMember = defineEndpoint({
  method: 'GET',
  path: '/api/v1/staff/:accountId',
  summary: 'One person of the business',
  tags: ['staff'],
  access: 'settings.staff',
  params: staffParamsSchema,
  status: 200,
  response: staffMemberSchema,
});

export const createStaffMember = defineEndpoint({
  method: 'POST',
  path: '/api/v1/staff',
  summary:
    'Add a person with a role in some stores: a new account gets a default password (returned once, mailed); 409 STAFF_EXISTS',
  tags: ['staff'],
  access: 'settings.staff',
  body: createStaffMemberBodySchema,
  status: 201,
  response: staffInvitationSchema,
});

export const updateStaffMember = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/staff/:accountId',
  summary:
    'Change a person’s role and stores (409 LAST_ADMIN, STAFF_SELF_LOCKOUT, STAFF_IS_OWNER; a role above yours is refused)',
  tags: ['staff'],
  access: 'settings.staff',
  params: staffParamsSchema,
  body: updateStaffMemberBodySchema,
  status: 200,
  response: staffMemberSchema,
});

export const deactivateStaffMember = defineEndpoint({
  method: 'POST',
  path: '/api/v1/staff/:accountId/deactivate',
  summary: 'Deactivate a person in the business: their next request to its stores is refused',
  tags: ['staff'],
  access: 'settings.staff',
  params: staffParamsSchema,
  body: versionBodySchema,
  status: 200,
  response: staffMemberSchema,
});

export const reactivateStaffMember = defineEndpoint({
  method: 'POST',
  path: '/api/v1/staff/:accountId/reactivate',
  summary: 'Reactivate a person with the role and stores they had',
  tags: ['staff'],
  access: 'settings.staff',
  params: staffParamsSchema,
  body: versionBodySchema,
  status: 200,
  response: staffMemberSchema,
});

export const resendStaffInvitation = defineEndpoint({
  method: 'POST',
  path: '/api/v1/staff/:accountId/invitation',
  summary:
    'A new default password, returned once and mailed, for someone who has not replaced theirs yet (409 INVITATION_ACCEPTED)',
  tags: ['staff'],
  access: 'settings.staff',
  params: staffParamsSchema,
  body: versionBodySchema,
  status: 200,
  response: staffInvitationSchema,
});

/**
 * What the staff screens offer: the business's roles and stores, each saying whether the caller may
 * give it (a role whose every permission they hold; a store where they manage staff).
 */
export const staffOptionsSchema = z.object({
  roles: z.array(z.object({ id: z.string().uuid(), name: z.string(), isSystem: z.boolean(), assignable: z.boolean() })),
  stores: z.array(z.object({ id: z.string().uuid(), name: z.string(), alias: z.string(), manageable: z.boolean() })),
});
export type StaffOptions = z.infer<typeof staffOptionsSchema>;

export const getStaffOptions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/staff/options',
  summary: 'The roles and stores of the business, and which of them the caller may give',
  tags: ['staff'],
  access: 'settings.staff',
  status: 200,
  response: staffOptionsSchema,
});
