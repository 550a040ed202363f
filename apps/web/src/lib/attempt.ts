import { useState } from 'react';
import { isApiError } from './api-client';
import { newId } from './ids';

/**
 * One attempt at a request with money or stock effects (a sale, a refund, a payment, a goods receipt,
 * a void, an approval): the record id the client gives it and its Idempotency-Key.
 *
 * The one rule: keep the attempt while retrying after a lost answer (a network failure, a timeout, a
 * 5xx: the server may have done it, and answers the same key with the first response); start a new
 * one after a definite answer (success, or a 4xx: the server refused and kept nothing, so the
 * corrected request is another one). The server has no "still in progress" answer: a concurrent
 * duplicate waits for the first request and gets its response.
 */
export interface Attempt {
  id: string;
  key: string;
}

const newAttempt = (): Attempt => ({ id: newId(), key: newId() });

/** Whether a failed attempt was refused by the server (4xx), so the next try is a new attempt. */
const wasRefused = (error: { status: number }) => error.status >= 400 && error.status < 500;

/** Whether the answer to an attempt was lost (no response, or a 5xx), so a retry keeps the attempt. */
export const answerWasLost = (error: unknown) => !isApiError(error) || !wasRefused(error);

/**
 * The attempts of one action on a page, for requests that may change between tries (a reason edited,
 * another row approved): the same request retried after a lost answer reuses the attempt; another
 * request gets a new one (the server would refuse a reused key with another body,
 * IDEMPOTENCY_KEY_REUSED).
 *
 * A body that carries its attempt's own id (a refund, a payment, a receipt: the record id the client
 * gives it) names that field as `idField`: the body is compared without it, is written with
 * `nextId()` before it is sent (to check it against its contract), and is sent with the id of the
 * attempt `for` gives it.
 */
export class Attempts {
  private current: { attempt: Attempt; request: string } | null = null;
  /** The attempt the next new request goes under, made once `nextId` is asked for. */
  private upcoming: Attempt | null = null;

  constructor(private readonly options: { idField?: string } = {}) {}

  /** The attempt to send `request` under: the pending one when it is the same request, else a new one. */
  for(request: unknown): Attempt {
    const fingerprint = this.fingerprint(request);
    if (this.current?.request !== fingerprint) {
      this.current = { attempt: this.upcoming ?? newAttempt(), request: fingerprint };
      this.upcoming = null;
    }
    return this.current.attempt;
  }

  /** The id a body written now carries: the pending attempt's, else the next attempt's. */
  nextId(): string {
    if (this.current) return this.current.attempt.id;
    this.upcoming ??= newAttempt();
    return this.upcoming.id;
  }

  /** Whether an attempt is under way or waits for its retry (its answer was lost). */
  hasPending(): boolean {
    return this.current !== null;
  }

  /** The server did it (or the action starts over): the next request is a new attempt. */
  succeeded(): void {
    this.current = null;
  }

  /** A refusal ends the attempt; a lost answer keeps it for the retry. */
  failed(error: unknown): void {
    if (!answerWasLost(error)) this.current = null;
  }

  private fingerprint(request: unknown): string {
    const { idField } = this.options;
    if (idField && request !== null && typeof request === 'object' && idField in request) {
      const { [idField]: _id, ...rest } = request as Record<string, unknown>;
      return JSON.stringify(rest);
    }
    return JSON.stringify(request ?? null);
  }
}

/** The `Attempts` of one component, kept across renders. */
export function useAttempts(options?: { idField?: string }): Attempts {
  const [attempts] = useState(() => new Attempts(options));
  return attempts;
}
