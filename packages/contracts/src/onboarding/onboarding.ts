import { z } from 'zod';
import { defineEndpoint, noContent } from '../http/endpoint.js';
import { countryCodeSchema, currencyCodes, businessNameSchema } from '../businesses/currencies.js';
import { passwordSchema } from '../accounts/credentials.js';

export const emailSchema = z.string().trim().toLowerCase().email('Enter a valid email address').max(254);

export const registerBodySchema = z.strictObject({
  ownerName: z.string().trim().min(1, 'Enter your name').max(120),
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a valid phone number'),
  password: passwordSchema,
  businessName: businessNameSchema,
  country: countryCodeSchema,
  currency: z.enum(currencyCodes),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** How long a sign-up link works: the address is proved within a day or the form is sent again. */
export const SIGN_UP_LINK_TTL_HOURS = 24;

export const register = defineEndpoint({
  method: 'POST',
  path: '/api/v1/onboarding/register',
  summary:
    'Sign up: mail a single-use link valid 24 hours that finishes the sign-up (or, for an address with an account, a note saying so); always 202 so emails cannot be probed',
  tags: ['onboarding'],
  access: 'public',
  body: registerBodySchema,
  status: 202,
  response: noContent,
});

export const verifyEmailBodySchema = z.strictObject({ token: z.string().min(16).max(200) });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

export const verifiedSignUpSchema = z.object({
  accountId: z.string().uuid(),
  businessId: z.string().uuid(),
  storeId: z.string().uuid(),
  /** What the Welcome page names: the address proved and the business made. */
  email: z.string(),
  businessName: z.string(),
});
export type VerifiedSignUp = z.infer<typeof verifiedSignUpSchema>;

export const verifyEmail = defineEndpoint({
  method: 'POST',
  path: '/api/v1/onboarding/verify-email',
  summary:
    'Finish a sign-up with the token of the mailed link: the owner account, the business, its first store and an IPOS_ADMIN membership',
  tags: ['onboarding'],
  access: 'public',
  body: verifyEmailBodySchema,
  status: 201,
  response: verifiedSignUpSchema,
});

export const forgotPassword = defineEndpoint({
  method: 'POST',
  path: '/api/v1/onboarding/forgot-password',
  summary: 'Mail a single-use reset link valid 30 minutes; always 202 so emails cannot be probed',
  tags: ['onboarding'],
  access: 'public',
  body: z.strictObject({ email: emailSchema }),
  status: 202,
  response: noContent,
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/v1/onboarding/reset-password',
  summary: 'Set a new password with the token from the mailed link',
  tags: ['onboarding'],
  access: 'public',
  body: z.strictObject({ token: z.string().min(16).max(200), newPassword: passwordSchema }),
  status: 204,
  response: noContent,
});
