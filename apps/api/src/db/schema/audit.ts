import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// ---------------------------------------------------------------- audit (append-only)

export const auditEvents = pgTable(
  'audit_events',
  {
    /** Null only for actions on an account itself (PIN, password) outside any business. */
    businessId: uuid('business_id'),
    id: uuid('id').notNull().primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorAccountId: uuid('actor_account_id'),
    storeId: uuid('store_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_events_business_idx').on(t.businessId, t.occurredAt, t.id),
    index('audit_events_entity_idx').on(t.businessId, t.entity, t.entityId),
    // The trail's filters by person and by section, newest first, over millions of events.
    index('audit_events_actor_idx').on(t.businessId, t.actorAccountId, t.occurredAt, t.id),
    index('audit_events_section_idx').on(t.businessId, t.entity, t.occurredAt, t.id),
  ],
);
