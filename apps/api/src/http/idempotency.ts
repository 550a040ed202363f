import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_HEADER, STORE_HEADER, type Endpoint } from '@ipos/contracts';
import type { z } from 'zod';
import { queryRows, type Executor } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { AppError } from './app-error.js';

/**
 * Idempotent requests (ARCHITECTURE.md section 4): every request with money or stock effects carries
 * an `Idempotency-Key`; the key is claimed in the SAME transaction as the effect, so
 *
 * - a concurrent duplicate waits on the key's unique index until the first transaction ends; if it
 *   committed, the duplicate finds the stored response and answers it byte for byte (nothing re-runs,
 *   no audit); if it rolled back, the key went with it and the duplicate simply proceeds;
 * - the same key with another request (method, path, store or body) is a 422 IDEMPOTENCY_KEY_REUSED;
 * - a missing, blank or over-long key is a 400 IDEMPOTENCY_KEY_REQUIRED (checked by `route` for every
 *   endpoint whose contract says `idempotent: true`).
 *
 * Errors are not stored: a failed request rolled back its key, so a retry runs again.
 */

export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** A response serialized once, inside the transaction, then sent as it is: first time and every replay. */
export class PreparedResponse {
  constructor(
    readonly statusCode: number,
    /** The exact JSON text of the body. */
    readonly body: string,
  ) {}
}

/** What identifies one idempotent request: its key and the hash of what it asked. */
export interface IdempotentRequest {
  key: string;
  requestHash: string;
}

/** The request's Idempotency-Key, or 400 IDEMPOTENCY_KEY_REQUIRED. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = typeof header === 'string' ? header.trim() : '';
  if (!key || key.length > MAX_IDEMPOTENCY_KEY_LENGTH)
    throw new AppError(
      'IDEMPOTENCY_KEY_REQUIRED',
      `Send an Idempotency-Key header (1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters) with this request`,
      {
        errors: [
          {
            field: `headers.${IDEMPOTENCY_HEADER}`,
            message: key ? `At most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters` : 'Required',
          },
        ],
      },
    );
  return key;
}

/** JSON with object keys sorted at every depth, so the same body always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * sha256 of the method, the path (with its query), the active store and the canonical JSON of the
 * validated body. The store is part of it: a key replayed in another store is another request (422),
 * never another store's answer.
 */
export function requestHashOf(parts: { method: string; url: string; storeId?: string | undefined; body: unknown }) {
  return createHash('sha256')
    .update(
      canonicalJson([parts.method.toUpperCase(), parts.url, (parts.storeId ?? '').toLowerCase(), parts.body ?? null]),
    )
    .digest('hex');
}

/** The key and hash of a validated request (its body is the parsed one). */
export function idempotentRequestOf(request: FastifyRequest): IdempotentRequest {
  const store = request.headers[STORE_HEADER];
  return {
    key: idempotencyKeyOf(request),
    requestHash: requestHashOf({
      method: request.method,
      url: request.url,
      storeId: typeof store === 'string' ? store.trim() : undefined,
      body: request.body,
    }),
  };
}

/**
 * Runs `effect` once per key, inside the caller's transaction `tx`: claims the key first (a duplicate
 * waits here for the first to finish), then runs the effect, validates and serializes its result with
 * the endpoint's response schema, and stores status and body with the key before the transaction
 * commits. A duplicate gets the stored response; another request under the same key a 422.
 */
export async function withIdempotency<E extends Pick<Endpoint, 'status' | 'response'>>(
  tx: Executor,
  scope: { businessId: string },
  idempotency: IdempotentRequest,
  endpoint: E,
  effect: () => Promise<z.input<E['response']>>,
): Promise<PreparedResponse> {
  // Claimed and answered on every idempotent write: fixed texts, no query builder in the way.
  const claimed = await queryRows<{ key: string }>(
    tx,
    sql`insert into idempotency_keys (business_id, key, request_hash)
        values (${scope.businessId}, ${idempotency.key}, ${idempotency.requestHash})
        on conflict do nothing returning key`,
  );
  if (claimed.length === 0) {
    const [stored] = await tx
      .select({
        requestHash: idempotencyKeys.requestHash,
        statusCode: idempotencyKeys.statusCode,
        responseBody: idempotencyKeys.responseBody,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.businessId, scope.businessId), eq(idempotencyKeys.key, idempotency.key)));
    if (!stored) throw new Error('The idempotency key conflicted but its row is not visible');
    if (stored.requestHash !== idempotency.requestHash)
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for another request; send a new key for a new request',
      );
    if (stored.statusCode === null || stored.responseBody === null)
      throw new Error('The idempotency key has no stored response');
    return new PreparedResponse(stored.statusCode, stored.responseBody);
  }
  const result = await effect();
  // The same validation and serialization the route's serializer applies to any response.
  const body = JSON.stringify(endpoint.response.parse(result));
  await tx.execute(
    sql`update idempotency_keys set status_code = ${endpoint.status}, response_body = ${body}
        where business_id = ${scope.businessId} and key = ${idempotency.key}`,
  );
  return new PreparedResponse(endpoint.status, body);
}

/** Keys are answered for at least this long (ARCHITECTURE.md section 4 promises 24 hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 48 * 60 * 60 * 1000;

/** Removes keys older than the time they are kept for; returns how many went. Runs hourly in the server. */
export async function purgeExpiredIdempotencyKeys(db: Executor, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
