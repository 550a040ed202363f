import { z } from 'zod';
import { defineEndpoint, noContent } from '../http/endpoint.js';

/** At least 8 characters with a letter and a digit; at most 128 so hashing stays cheap. */
export const passwordSchema = z
  .string()
  .min(8, 'Use at least 8 characters')
  .max(128, 'Use at most 128 characters')
  .regex(/[A-Za-z]/, 'Include a letter')
  .regex(/[0-9]/, 'Include a digit');

/** A PIN is 4 to 6 digits. */
export const pinSchema = z.string().regex(/^[0-9]{4,6}$/, 'A PIN is 4 to 6 digits');
/** Wrong PIN tries in a row that lock the PIN until a full sign-in. */
export const PIN_MAX_ATTEMPTS = 5;

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/v1/me/password',
  summary: 'Change my password',
  tags: ['accounts'],
  access: 'signedIn',
  body: z.strictObject({ currentPassword: z.string().min(1).max(128), newPassword: passwordSchema }),
  status: 204,
  response: noContent,
});

export const replaceDefaultPassword = defineEndpoint({
  method: 'POST',
  path: '/api/v1/me/default-password',
  summary: 'Replace the default password I was given (only while it must be changed)',
  tags: ['accounts'],
  access: 'signedIn',
  body: z.strictObject({ newPassword: passwordSchema }),
  status: 204,
  response: noContent,
});

export const createPin = defineEndpoint({
  method: 'POST',
  path: '/api/v1/me/pin',
  summary: 'Create my PIN (only when I have none)',
  tags: ['accounts'],
  access: 'signedIn',
  body: z.strictObject({ pin: pinSchema }),
  status: 204,
  response: noContent,
});

export const pinVerifiedSchema = z.object({ verified: z.literal(true) });

export const verifyPin = defineEndpoint({
  method: 'POST',
  path: '/api/v1/me/pin/verify',
  summary: 'Verify my PIN (after an inactivity timeout); 5 wrong tries lock it',
  tags: ['accounts'],
  access: 'signedIn',
  body: z.strictObject({ pin: z.string().min(1).max(12) }),
  status: 200,
  response: pinVerifiedSchema,
});

export const changePin = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/me/pin',
  summary: 'Change my PIN, proving the current one',
  tags: ['accounts'],
  access: 'signedIn',
  body: z.strictObject({ currentPin: z.string().min(1).max(12), newPin: pinSchema }),
  status: 204,
  response: noContent,
});

export const resetPin = defineEndpoint({
  method: 'POST',
  path: '/api/v1/me/pin/reset',
  summary: 'Reset my forgotten or locked PIN with my password',
  tags: ['accounts'],
  access: 'signedIn',
  body: z.strictObject({ password: z.string().min(1).max(128), newPin: pinSchema }),
  status: 204,
  response: noContent,
});

export const resetStaffPin = defineEndpoint({
  method: 'POST',
  path: '/api/v1/staff/:accountId/pin/reset',
  summary: "A manager clears a staff member's PIN and its lock; they create a new one at next sign-in",
  tags: ['staff'],
  access: 'staff.pin-reset',
  params: z.object({ accountId: z.string().uuid() }),
  status: 204,
  response: noContent,
});
