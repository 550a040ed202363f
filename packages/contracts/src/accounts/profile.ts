/**
 * My profile (spec `dashboard/profile`): the signed-in account's own name, phone and
 * email, whatever business it works in. The email changes only once the new address proves itself
 * (a single-use link mailed there); signing out of every device ends every session of the account.
 * The password and the PIN change through `credentials.ts`.
 */
import { z } from 'zod';
import { defineEndpoint, noContent } from '../http/endpoint.js';

export const EMAIL_CHANGE_LINK_TTL_HOURS = 24;
/** The query parameter of `/dashboard/profile` that carries an email-change confirmation token. */
export const CONFIRM_EMAIL_QUERY = 'confirm-email';

export const profileSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  /** A change of email waiting for its confirmation link to be opened. */
  pendingEmail: z.object({ email: z.string(), expiresAt: z.string().datetime({ offset: true }) }).nullable(),
  /** The account signs in with a password here (not only through an external provider). */
  hasPassword: z.boolean(),
  hasPin: z.boolean(),
  /** When every session was last ended by "Sign out of every device". */
  sessionsRevokedAt: z.string().datetime({ offset: true }).nullable(),
  version: z.number().int(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileNameSchema = z.string().trim().min(2, 'Enter your name').max(100, 'At most 100 characters');

export const profilePhoneSchema = z
  .string()
  .trim()
  .max(30, 'At most 30 characters')
  .regex(/^[+0-9 ()-]*$/, 'Digits, spaces and + ( ) - only')
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

export const updateProfileBodySchema = z.strictObject({
  version: z.number().int().positive(),
  name: profileNameSchema,
  phone: profilePhoneSchema,
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const getMyProfile = defineEndpoint({
  method: 'GET',
  path: '/api/v1/me/profile',
  summary: 'My profile: name, phone, email (and a change waiting for confirmation)',
  tags: ['accounts'],
  access: 'signedIn',
  status: 200,
  response: profileSchema,
});

export const updateMyProfile = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/me/profile',
  summary: 'Change my name and phone, at the version read',
  tags: ['accounts'],
  access: 'signedIn',
  body: updateProfileBodySchema,
  status: 200,
  response: profileSchema,
});

export const startEmailChangeBodySchema = z.strictObject({
  newEmail: z.string().trim().toLowerCase().max(254).email('Enter an email address'),
  /** Proves that whoever holds this session knows the password before the account's address moves. */
  currentPassword: z.string().min(1, 'Enter your password').max(128),
});
export type StartEmailChangeBody = z.input<typeof startEmailChangeBodySchema>;

export const startEmailChange = defineEndpoint({
  method: 'POST',
  path: '/api/v1/me/email-change',
  summary: 'Start changing my email: a single-use confirmation link is mailed to the new address',
  tags: ['accounts'],
  access: 'signedIn',
  body: startEmailChangeBodySchema,
  status: 202,
  response: profileSchema,
});

export const cancelEmailChange = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/me/email-change',
  summary: 'Cancel my pending email change (its link stops working)',
  tags: ['accounts'],
  access: 'signedIn',
  status: 204,
  response: noContent,
});

export const confirmEmailChange = defineEndpoint({
  method: 'POST',
  path: '/api/v1/me/email-change/confirm',
  summary: 'Confirm my email change with the token of the link mailed to the new address',
  tags: ['accounts'],
  access: 'signedIn',
  body: z.strictObject({ token: z.string().min(1).max(200) }),
  status: 200,
  response: profileSchema,
});

export const signOutEverywhere = defineEndpoint({
  method: 'POST',
  path: '/api/v1/me/sign-out-everywhere',
  summary:
    'End every session of my account: refresh tokens and provider sessions revoked, access tokens issued before refused',
  tags: ['accounts'],
  access: 'signedIn',
  status: 204,
  response: noContent,
});
