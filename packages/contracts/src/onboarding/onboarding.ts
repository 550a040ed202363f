import { z } from 'zod';
import { defineEndpoint, noContent } from '../http/endpoint.js';
import { countryCodeSchema, currencyCodes, businessNameSchema } from '../identity/currencies.js';
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

export const register = defineEndpoint({
  method: 'POST',
  path: '/api/v1/onboarding/register',
  summary: 'Sign up: the owner account, the business, its first store and an IPOS_ADMIN membership',
  tags: ['onboarding'],
  access: 'public',
  body: registerBodySchema,
  status: 201,
  response: z.object({
    accountId: z.string().uuid(),
    businessId: z.string().uuid(),
    storeId: z.string().uuid(),
  }),
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
