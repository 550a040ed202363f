import type { EntityEvent } from '@ipos/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { auditEvents } from '../db/schema.js';
import { iso, accountNames } from '../lib/records.js';

/**
 * The audit trail of one document (entity `sale`, `purchase_order`, `invoice`, `waste`…), oldest
 * first, with the actors' names: what every document page shows as its timeline. The caller checks
 * first that the document is the tenant's (a 404 otherwise).
 */
export async function entityEvents(
  db: Executor,
  businessId: string,
  entity: string,
  entityId: string,
): Promise<{ items: EntityEvent[] }> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(
      and(eq(auditEvents.businessId, businessId), eq(auditEvents.entity, entity), eq(auditEvents.entityId, entityId)),
    )
    .orderBy(asc(auditEvents.occurredAt), asc(auditEvents.id));
  const names = await accountNames(
    db,
    rows.map((r) => r.actorAccountId),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      occurredAt: iso(r.occurredAt),
      action: r.action,
      actor: r.actorAccountId ? { id: r.actorAccountId, name: names.get(r.actorAccountId) ?? 'Unknown' } : null,
      before: (r.before as Record<string, unknown> | null) ?? null,
      after: (r.after as Record<string, unknown> | null) ?? null,
    })),
  };
}
