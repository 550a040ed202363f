import type { CreateSaleBody, Sale } from '@ipos/contracts';
import { isApiError } from '../../../lib/api-client';
import { answerWasLost } from '../../../lib/attempt';

/** How long a sale waits for the server's answer before it completes on the device. */
export const SALE_ANSWER_TIMEOUT_MS = 5_000;

/** One sending of a queued sale: its body and key, to the store that sold it. */
export interface SaleRequest {
  body: CreateSaleBody;
  idempotencyKey: string;
  storeId: string;
}

/** Sends a sale (POST /api/v1/sales); resolves with the recorded sale, rejects as the API client does. */
export type SendSale = (request: SaleRequest, signal: AbortSignal) => Promise<Sale>;

/** What came of sending a sale. */
export type SaleAnswer =
  | { kind: 'recorded'; sale: Sale }
  /** No answer, or one that a later try may change (offline, 5xx, timeout, 408, 429, signed out). */
  | { kind: 'no-answer'; status: number; message: string; error: unknown }
  /** A refusal that sending the same sale again cannot fix. */
  | { kind: 'refused'; status: number; code: string; message: string; error: unknown };

/**
 * Statuses the server refuses with for now only: a timeout on its side, too many requests, and no
 * valid sign-in (the next person signing in sends it). `lib/attempt.ts` keeps the attempt for every
 * other lost answer.
 */
const LATER = new Set([401, 408, 429]);

/** The answer a failed sending stands for. */
export function answerOf(error: unknown): SaleAnswer {
  if (!isApiError(error)) {
    const timedOut = error instanceof DOMException && error.name === 'AbortError';
    const message = timedOut ? 'No answer in time' : 'Could not reach the server';
    return { kind: 'no-answer', status: 0, message, error };
  }
  if (answerWasLost(error) || LATER.has(error.status))
    return { kind: 'no-answer', status: error.status, message: error.message, error };
  return { kind: 'refused', status: error.status, code: error.code, message: error.message, error };
}

/** Sends a sale and waits at most `timeoutMs` for the answer (then aborts it: no answer). */
export async function sendWithin(send: SendSale, request: SaleRequest, timeoutMs: number): Promise<SaleAnswer> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new DOMException('No answer in time', 'AbortError'));
    }, timeoutMs);
  });
  try {
    const sale = await Promise.race([send(request, controller.signal), timeout]);
    return { kind: 'recorded', sale };
  } catch (error) {
    return answerOf(error);
  } finally {
    clearTimeout(timer);
  }
}
