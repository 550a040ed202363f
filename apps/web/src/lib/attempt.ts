import { newId } from './ids';

/**
 * One attempt at a request with money or stock effects (a refund, a payment, a goods receipt): the
 * record id the client gives it and its Idempotency-Key. Keep the attempt while retrying after a lost
 * answer (a network failure, a 5xx: the server may have done it, and replays it); start a new one once
 * the server refused it (a 4xx: nothing was written, and the corrected request is another one).
 */
export interface Attempt {
  id: string;
  key: string;
}

export const newAttempt = (): Attempt => ({ id: newId(), key: newId() });

/** Whether a failed attempt was refused by the server (4xx), so the next try is a new attempt. */
export const wasRefused = (error: { status: number }) => error.status >= 400 && error.status < 500;
