/**
 * Staff (spec `settings/users-and-permissions`, `…/staff/create`, `…/staff/{id}`): the people who work
 * in the business, one role across the stores they work in. Adding a person sends an invitation the
 * person accepts or declines (decision 0022): until then the business knows only what it typed and
 * changes nothing of the person. An address with no account gets one, with a default password sent by
 * mail only, replaced at the first sign-in. Deactivated people keep their role and stores for a
 * reactivation but open nothing.
 */
import { z } from 'zod';
import { defineEndpoint, noContent } from '../http/endpoint.js';
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

export const invitationStatuses = ['pending', 'expired', 'accepted', 'declined', 'withdrawn'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];
export const invitationStatusLabels: Record<InvitationStatus, string> = {
  pending: 'Waiting for an answer',
  expired: 'Expired',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/**
 * An invitation as the business sees it: what it typed, the role and stores it offers, and the
 * answer. Whether the address already had an iPos account is never said.
 */
export const staffInvitationSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  role: z.object({ id: z.string().uuid(), name: z.string(), isSystem: z.boolean() }),
  stores: z.array(z.object({ id: z.string().uuid(), name: z.string(), alias: z.string() })),
  status: z.enum(invitationStatuses),
  invitedAt: z.string().datetime({ offset: true }),
  expiresAt: z.string().datetime({ offset: true }),
  respondedAt: z.string().datetime({ offset: true }).nullable(),
  version: z.number().int(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

const invitationParamsSchema = z.object({ invitationId: z.string().uuid() });

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
    'Invite a person with a role in some stores; they accept or decline (the same answer whether or not the address has an account); 409 STAFF_EXISTS, INVITATION_PENDING',
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
    'Mail a new default password to someone of the business who has never signed in, whose account it made and who belongs to no other business (409 INVITATION_ACCEPTED)',
  tags: ['staff'],
  access: 'settings.staff',
  params: staffParamsSchema,
  body: versionBodySchema,
  status: 200,
  response: staffMemberSchema,
});

export const listStaffInvitations = defineEndpoint({
  method: 'GET',
  path: '/api/v1/staff/invitations',
  summary: 'The business’s invitations waiting for an answer, expired or declined in the last 30 days',
  tags: ['staff'],
  access: 'settings.staff',
  status: 200,
  response: z.object({ items: z.array(staffInvitationSchema) }),
});

export const resendStaffInvitationById = defineEndpoint({
  method: 'POST',
  path: '/api/v1/staff/invitations/:invitationId/resend',
  summary: 'Mail a waiting or expired invitation again, valid 14 days from now',
  tags: ['staff'],
  access: 'settings.staff',
  params: invitationParamsSchema,
  body: versionBodySchema,
  status: 200,
  response: staffInvitationSchema,
});

export const withdrawStaffInvitation = defineEndpoint({
  method: 'POST',
  path: '/api/v1/staff/invitations/:invitationId/withdraw',
  summary: 'Withdraw an invitation that has not been answered',
  tags: ['staff'],
  access: 'settings.staff',
  params: invitationParamsSchema,
  body: versionBodySchema,
  status: 200,
  response: staffInvitationSchema,
});

/** An invitation as the invited person sees it, to accept or decline. */
export const myInvitationSchema = z.object({
  id: z.string().uuid(),
  businessName: z.string(),
  roleName: z.string(),
  stores: z.array(z.object({ name: z.string(), alias: z.string() })),
  invitedByName: z.string(),
  invitedAt: z.string().datetime({ offset: true }),
  expiresAt: z.string().datetime({ offset: true }),
});
export type MyInvitation = z.infer<typeof myInvitationSchema>;

export const listMyInvitations = defineEndpoint({
  method: 'GET',
  path: '/api/v1/me/invitations',
  summary: 'Invitations to join a business’s staff waiting for my answer',
  tags: ['staff'],
  access: 'signedIn',
  status: 200,
  response: z.object({ items: z.array(myInvitationSchema) }),
});

export const acceptMyInvitation = defineEndpoint({
  method: 'POST',
  path: '/api/v1/me/invitations/:invitationId/accept',
  summary: 'Join the business with the role and stores offered (410 INVITATION_INVALID when withdrawn or expired)',
  tags: ['staff'],
  access: 'signedIn',
  params: invitationParamsSchema,
  status: 200,
  response: z.object({ businessId: z.string().uuid(), storeIds: z.array(z.string().uuid()) }),
});

export const declineMyInvitation = defineEndpoint({
  method: 'POST',
  path: '/api/v1/me/invitations/:invitationId/decline',
  summary: 'Decline an invitation: the business is told, nothing else changes',
  tags: ['staff'],
  access: 'signedIn',
  params: invitationParamsSchema,
  status: 204,
  response: noContent,
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
