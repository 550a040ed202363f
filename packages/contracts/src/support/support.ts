/**
 * Support (spec `dashboard/support`): a message to the support team, stored and
 * mailed to the support address (`SUPPORT_EMAIL`) with the system information the person chose to
 * send. Any signed-in account may write; the business and store are the active store's (`X-Store-Id`,
 * checked like every store request) when the app names one.
 */
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';

export const supportCategories = ['question', 'problem', 'billing', 'suggestion', 'other'] as const;
export type SupportCategory = (typeof supportCategories)[number];

export const supportCategoryLabels: Record<SupportCategory, string> = {
  question: 'A question about using iPos',
  problem: 'Something is not working',
  billing: 'My plan or billing',
  suggestion: 'An idea or suggestion',
  other: 'Something else',
};

const infoText = (max: number) => z.string().trim().max(max).optional();

/** What the app knows about where it runs, shown to the person before it is sent. */
export const supportSystemInfoSchema = z.strictObject({
  appVersion: z.string().trim().min(1).max(40),
  environment: infoText(20),
  page: infoText(300),
  userAgent: infoText(500),
  language: infoText(35),
  timeZone: infoText(60),
  screen: infoText(30),
});
export type SupportSystemInfo = z.infer<typeof supportSystemInfoSchema>;

export const createSupportRequestBodySchema = z.strictObject({
  subject: z.string().trim().min(3, 'Write a short subject').max(150, 'At most 150 characters'),
  category: z.enum(supportCategories, 'Choose what it is about'),
  message: z
    .string()
    .trim()
    .min(10, 'Tell us a little more (at least 10 characters)')
    .max(5000, 'At most 5000 characters'),
  systemInfo: supportSystemInfoSchema,
});
export type CreateSupportRequestBody = z.input<typeof createSupportRequestBodySchema>;

export const supportRequestCreatedSchema = z.object({
  id: z.string().uuid(),
  /** What the person quotes when they write again: `SUP-` and 8 letters of the id. */
  reference: z.string(),
  createdAt: z.string().datetime({ offset: true }),
});
export type SupportRequestCreated = z.infer<typeof supportRequestCreatedSchema>;

export const createSupportRequest = defineEndpoint({
  method: 'POST',
  path: '/api/v1/support/requests',
  summary: 'Send a message to the support team (stored and mailed to the support address)',
  tags: ['support'],
  access: 'signedIn',
  body: createSupportRequestBodySchema,
  status: 201,
  response: supportRequestCreatedSchema,
});
