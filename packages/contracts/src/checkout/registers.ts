import { z } from 'zod';
import { defineEndpoint, noContent } from '../http/endpoint.js';
import { pageOf, pageQuerySchema } from '../http/pagination.js';
import { moneyMinorSchema } from '../catalog/quantities.js';

/**
 * Register sessions: a till from opening with a counted float to closing with the cash counted.
 * Selling needs an open session of the active store; a register (by name) has one open session at
 * a time. Expected cash = float + cash sales − change given + cash in − cash out − cash refunds.
 *
 * Who may do what: anyone who sells (checkout.sell) opens a register and closes the session they
 * opened, and reads the close report of their own sessions; cash in and out, closing someone else's
 * session and reading others' closed sessions need checkout.register (403 FORBIDDEN otherwise).
 */
export const registerSessionStatuses = ['open', 'closed'] as const;

export const registerNameSchema = z.string().trim().min(1, 'Name the register').max(40, 'Use at most 40 characters');

const personSchema = z.object({ id: z.string().uuid(), name: z.string() });

export const cashMovementSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(['cash_in', 'cash_out']),
  amountMinor: z.number().int(),
  reason: z.string(),
  occurredAt: z.string(),
  by: personSchema.nullable(),
});
export type CashMovement = z.infer<typeof cashMovementSchema>;

/** The figures of a session: live while open, final once closed. */
export const registerSummarySchema = z.object({
  salesCount: z.number().int(),
  /** Sum of sale totals (completed sales of this session). */
  salesTotalMinor: z.number().int(),
  /** Amount paid per method (cash net of change). */
  byMethod: z.object({
    cash: z.number().int(),
    card: z.number().int(),
    bank_transfer: z.number().int(),
    mobile_money: z.number().int(),
  }),
  refundsTotalMinor: z.number().int(),
  cashRefundsMinor: z.number().int(),
  cashInMinor: z.number().int(),
  cashOutMinor: z.number().int(),
  expectedCashMinor: z.number().int(),
  /** Null while open. */
  countedCashMinor: z.number().int().nullable(),
  /** counted − expected; null while open. */
  varianceMinor: z.number().int().nullable(),
});
export type RegisterSummary = z.infer<typeof registerSummarySchema>;

/**
 * What a till's device last said about the session's sales it still holds (its sale outbox): the
 * newest report of any device that sells on the session.
 */
export const registerDeviceReportSchema = z.object({
  /** Sales made on the device and not yet recorded by the server. */
  pendingSales: z.number().int(),
  /** Sales the server refused, kept on the device with the reason until someone retries them. */
  needsAttention: z.number().int(),
  /** When the device last had every sale it sent answered; null: never. */
  lastSyncedAt: z.string().nullable(),
  /** When the server received the report. */
  reportedAt: z.string(),
});
export type RegisterDeviceReport = z.infer<typeof registerDeviceReportSchema>;

export const registerSessionSchema = z.object({
  id: z.string().uuid(),
  storeId: z.string().uuid(),
  registerName: z.string(),
  status: z.enum(registerSessionStatuses),
  openingFloatMinor: z.number().int(),
  openedAt: z.string(),
  openedBy: personSchema,
  closedAt: z.string().nullable(),
  closedBy: personSchema.nullable(),
  countedDenominations: z.record(z.string(), z.number().int()).nullable(),
  closingNote: z.string().nullable(),
  cashMovements: z.array(cashMovementSchema),
  summary: registerSummarySchema,
  version: z.number().int(),
  /** The newest device report on the session; null (or absent) when no device has reported. */
  deviceReport: registerDeviceReportSchema.nullable().optional(),
});
export type RegisterSession = z.infer<typeof registerSessionSchema>;

export const registerSessionParamsSchema = z.object({ sessionId: z.string().uuid() });

export const listRegisterSessions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/register-sessions',
  summary:
    'Register sessions of the active store, newest first (status filter: open shows the tills open now); without checkout.register, the open ones and my own closed ones',
  tags: ['checkout'],
  access: 'checkout.sell',
  query: pageQuerySchema.extend({ status: z.enum(registerSessionStatuses).optional() }),
  status: 200,
  response: pageOf(registerSessionSchema),
});

export const getRegisterSession = defineEndpoint({
  method: 'GET',
  path: '/api/v1/register-sessions/:sessionId',
  summary:
    'A register session with its cash movements and figures (the close report); once closed, someone else’s session needs checkout.register',
  tags: ['checkout'],
  access: 'checkout.sell',
  params: registerSessionParamsSchema,
  status: 200,
  response: registerSessionSchema,
});

export const openRegisterSession = defineEndpoint({
  method: 'POST',
  path: '/api/v1/register-sessions',
  summary:
    'Open a register in the active store with a counted float (409 REGISTER_ALREADY_OPEN if that register is open)',
  tags: ['checkout'],
  access: 'checkout.sell',
  body: z.strictObject({
    registerName: registerNameSchema.default('Till 1'),
    openingFloatMinor: moneyMinorSchema,
  }),
  status: 201,
  response: registerSessionSchema,
});

export const recordCashMovement = defineEndpoint({
  method: 'POST',
  path: '/api/v1/register-sessions/:sessionId/cash-movements',
  summary: 'Cash in or cash out of an open register, with a reason',
  tags: ['checkout'],
  access: 'checkout.register',
  params: registerSessionParamsSchema,
  body: z.strictObject({
    kind: z.enum(['cash_in', 'cash_out']),
    amountMinor: moneyMinorSchema.refine((v) => v > 0, 'Enter an amount above zero'),
    reason: z.string().trim().min(1, 'Say why').max(200, 'Use at most 200 characters'),
  }),
  status: 201,
  response: registerSessionSchema,
});

export const closeRegisterSession = defineEndpoint({
  method: 'POST',
  path: '/api/v1/register-sessions/:sessionId/close',
  summary:
    'Close a register: the counted cash (or its count by denomination) against the expected cash; the variance is kept. Someone else’s session needs checkout.register',
  tags: ['checkout'],
  access: 'checkout.sell',
  params: registerSessionParamsSchema,
  body: z
    .strictObject({
      countedCashMinor: moneyMinorSchema,
      /** Optional count by denomination: note or coin value in minor units → how many. Must add up to countedCashMinor. */
      countedDenominations: z
        .record(z.string().regex(/^\d+$/, 'A denomination is a whole amount in minor units'), z.number().int().min(0))
        .optional(),
      note: z.string().trim().max(500).optional(),
      version: z.number().int().min(1),
    })
    .superRefine((body, ctx) => {
      if (!body.countedDenominations) return;
      const sum = Object.entries(body.countedDenominations).reduce((s, [value, n]) => s + Number(value) * n, 0);
      if (sum !== body.countedCashMinor)
        ctx.addIssue({
          code: 'custom',
          path: ['countedDenominations'],
          message: 'The notes and coins do not add up to the counted cash',
        });
    }),
  status: 200,
  response: registerSessionSchema,
});

/** A device's own id: made once by the web and kept on the device. */
export const deviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'A device id is 8 to 64 letters, digits, - or _');

export const reportRegisterDevice = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/register-sessions/:sessionId/device-report',
  summary:
    'A till’s device says how many sales of this session it holds unsent or refused, and when it last synced; the newest report shows on the register session',
  tags: ['checkout'],
  access: 'checkout.sell',
  params: registerSessionParamsSchema,
  body: z.strictObject({
    deviceId: deviceIdSchema,
    pendingSales: z.number().int().min(0).max(1_000_000),
    needsAttention: z.number().int().min(0).max(1_000_000),
    lastSyncedAt: z.string().datetime({ offset: true }).nullable(),
  }),
  status: 204,
  response: noContent,
});
