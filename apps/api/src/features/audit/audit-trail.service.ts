import { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  auditSectionLabel,
  csvLine,
  formatStoreDateTime,
  storeDay,
  type AuditEvent,
  type exportAuditEventsQuerySchema,
  type listAuditEventsQuerySchema,
} from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import { iso, accountNames } from '../../lib/records.js';
import { auditActorIds, auditPage, type AuditFilters, type AuditRow } from './audit-trail.repository.js';

type ListQuery = z.output<typeof listAuditEventsQuerySchema>;
type ExportQuery = z.output<typeof exportAuditEventsQuerySchema>;

async function filtersOf(db: Executor, store: StoreAccess, query: ExportQuery): Promise<AuditFilters> {
  return { ...query, businessId: store.businessId, timeZone: store.timeZone };
}

async function toEvents(db: Executor, rows: AuditRow[]): Promise<AuditEvent[]> {
  const names = await accountNames(
    db,
    rows.map((r) => r.actor_account_id),
  );
  return rows.map((r) => ({
    id: r.id,
    occurredAt: iso(r.occurred_at),
    action: r.action,
    section: r.entity,
    recordId: r.entity_id,
    store: r.store_id ? { id: r.store_id, name: r.store_name ?? 'A removed store' } : null,
    actor: r.actor_account_id ? { id: r.actor_account_id, name: names.get(r.actor_account_id) ?? 'Unknown' } : null,
    before: r.before ?? null,
    after: r.after ?? null,
    requestId: r.request_id,
    ip: r.ip,
  }));
}

/** GET /audit-events: a keyset page of the business's trail, newest first. */
export async function listAuditEvents(db: Executor, store: StoreAccess, query: ListQuery) {
  const filters = await filtersOf(db, store, query);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await auditPage(db, filters, { after, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await toEvents(db, page),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursor_at, last.id) : null,
  };
}

const EXPORT_PAGE = 1_000;
export const auditCsvColumns = ['When', 'Person', 'Action', 'Section', 'Record', 'Store', 'Before', 'After', 'Request'];

/** `audit-trail-2026-11-26.csv`: the export's file, named by the active store's today. */
export async function exportFileName(db: Executor, store: StoreAccess, now: Date): Promise<string> {
  return `audit-trail-${storeDay(store.timeZone, now)}.csv`;
}

/**
 * The filtered trail as CSV, newest first, written page by page (1,000 events at a time) while the
 * client reads: memory stays flat over millions of events. Times on the active store's clock. Every
 * cell is text (names, before and after as JSON), guarded against formulas by the writer.
 */
export async function exportAuditEvents(db: Executor, store: StoreAccess, query: ExportQuery): Promise<Readable> {
  const filters = await filtersOf(db, store, query);
  async function* lines() {
    yield `\uFEFF${csvLine(auditCsvColumns)}`;
    let after: { at: string; id: string } | undefined;
    for (;;) {
      const rows = await auditPage(db, filters, { after, limit: EXPORT_PAGE });
      if (rows.length === 0) return;
      const events = await toEvents(db, rows);
      yield events
        .map((e) =>
          csvLine([
            formatStoreDateTime(e.occurredAt, filters.timeZone),
            e.actor?.name ?? 'System',
            e.action,
            auditSectionLabel(e.section),
            e.recordId,
            e.store?.name ?? '',
            e.before ? JSON.stringify(e.before) : '',
            e.after ? JSON.stringify(e.after) : '',
            e.requestId ?? '',
          ]),
        )
        .join('');
      const last = rows.at(-1)!;
      after = { at: last.cursor_at, id: last.id };
      if (rows.length < EXPORT_PAGE) return;
    }
  }
  return Readable.from(lines());
}

/** GET /audit-events/people: who appears in the trail, by name. */
export async function listAuditPeople(db: Executor, store: StoreAccess) {
  const ids = await auditActorIds(db, store.businessId);
  const names = await accountNames(db, ids);
  return {
    items: ids.map((id) => ({ id, name: names.get(id) ?? 'Unknown' })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}
