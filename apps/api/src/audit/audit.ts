import { v7 as uuidv7 } from 'uuid';
import type { Executor } from '../db/client.js';
import { auditEvents } from '../db/schema.js';
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
 */
export async function recordAudit(tx: Executor, actor: Actor, entry: AuditEntry) {
  await tx.insert(auditEvents).values({
    id: uuidv7(),
    businessId: entry.businessId,
    storeId: entry.storeId ?? null,
    actorAccountId: actor.accountId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: redact(entry.before),
    after: redact(entry.after),
    requestId: actor.requestId,
    ip: actor.ip,
    // A back-dated actor (the demo seed) records the event at its own time.
    ...(actor.at ? { occurredAt: actor.at } : {}),
  });
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
