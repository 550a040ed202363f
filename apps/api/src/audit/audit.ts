import { v7 as uuidv7 } from 'uuid';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import type { Actor } from '../http/context.js';

export interface AuditEntry {
  businessId: string | null;
  storeId?: string | null;
  action: string;
  entity: string;
  entityId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Fields that never enter the audit trail, whatever a caller passes (exact names, so `shipping` is kept). */
const SECRET_FIELDS =
  /^(password|newPassword|currentPassword|passwordHash|pin|newPin|currentPin|pinHash|token|tokenHash|accessToken|refreshToken|secret|clientSecret)$/i;

function redact(values: Record<string, unknown> | null | undefined) {
  if (!values) return null;
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, SECRET_FIELDS.test(k) ? '[changed]' : v]));
}

/**
 * Writes one audit event. Call it with the transaction of the mutation it describes, so the change
 * and its record commit or fail together. The table is append-only (a trigger refuses UPDATE/DELETE).
 * Every mutation writes one, so the statement is fixed text with no query builder in the way; the
 * JSON goes as text and is cast, so both drivers store the same document.
 */
export async function recordAudit(tx: Executor, actor: Actor, entry: AuditEntry) {
  await tx.execute(auditInsert(actor, entry));
}

/** The INSERT `recordAudit` runs, for a statement that writes the event with the change it records. */
export function auditInsert(actor: Actor, entry: AuditEntry): SQL {
  const before = redact(entry.before);
  const after = redact(entry.after);
  return sql`
    INSERT INTO audit_events
      (id, business_id, store_id, actor_account_id, action, entity, entity_id, before, after, request_id, ip, occurred_at)
    VALUES (
      ${uuidv7()}, ${entry.businessId}, ${entry.storeId ?? null}, ${actor.accountId}, ${entry.action},
      ${entry.entity}, ${entry.entityId}, ${before && JSON.stringify(before)}::text::jsonb,
      ${after && JSON.stringify(after)}::text::jsonb, ${actor.requestId}, ${actor.ip},
      -- A back-dated actor (the demo seed) records the event at its own time.
      coalesce(${actor.at ? actor.at.toISOString() : null}::timestamptz, now())
    )`;
}

/** Only the fields that changed, for compact before/after pairs. */
export function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}
