import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { cursorInstant, olderThan } from '../../lib/keyset-cursor.js';

/** What narrows the trail; days are taken in `timeZone` (the active store's calendar). */
export interface AuditFilters {
  businessId: string;
  timeZone: string;
  from?: string | undefined;
  to?: string | undefined;
  actorId?: string | undefined;
  /** An action or its beginning (`sale.`). */
  action?: string | undefined;
  section?: string | undefined;
  recordId?: string | undefined;
  storeId?: string | undefined;
}

export interface AuditRow {
  id: string;
  occurred_at: Date | string;
  /** occurred_at in UTC to the microsecond: the keyset position. */
  cursor_at: string;
  action: string;
  entity: string;
  entity_id: string;
  store_id: string | null;
  store_name: string | null;
  actor_account_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  request_id: string | null;
  ip: string | null;
}

const startOfDay = (day: string, timeZone: string) => sql`((${day}::date)::timestamp at time zone ${timeZone})`;

function conditions(f: AuditFilters): SQL {
  const parts: SQL[] = [sql`e.business_id = ${f.businessId}`];
  if (f.from) parts.push(sql`e.occurred_at >= ${startOfDay(f.from, f.timeZone)}`);
  if (f.to) parts.push(sql`e.occurred_at < ${startOfDay(f.to, f.timeZone)} + interval '1 day'`);
  if (f.actorId) parts.push(sql`e.actor_account_id = ${f.actorId}`);
  if (f.action) {
    const escaped = f.action.replace(/[\\%_]/g, (c) => `\\${c}`);
    parts.push(f.action.endsWith('.') ? sql`e.action like ${`${escaped}%`}` : sql`e.action = ${f.action}`);
  }
  if (f.section) parts.push(sql`e.entity = ${f.section}`);
  if (f.recordId) parts.push(sql`e.entity_id = ${f.recordId}`);
  if (f.storeId) parts.push(sql`e.store_id = ${f.storeId}`);
  return sql.join(parts, sql` and `);
}

/**
 * One page of the trail, newest first on (occurred_at, id), after the keyset position if given: the
 * (business, occurred_at, id) index reads it in order, however many events the business has.
 */
export function auditPage(
  db: Executor,
  filters: AuditFilters,
  page: { after?: { at: string; id: string } | undefined; limit: number },
): Promise<AuditRow[]> {
  const after = olderThan(sql`e.occurred_at`, sql`e.id`, page.after);
  return queryRows<AuditRow>(
    db,
    sql`
    select e.id, e.occurred_at, ${cursorInstant(sql`e.occurred_at`)} as cursor_at,
           e.action, e.entity, e.entity_id, e.store_id, s.name as store_name, e.actor_account_id,
           e.before, e.after, e.request_id, e.ip
      from audit_events e
      left join stores s on s.business_id = e.business_id and s.id = e.store_id
     where ${conditions(filters)}${after}
     order by e.occurred_at desc, e.id desc
     limit ${page.limit}`,
  );
}

/**
 * The distinct people of the business's trail, read as a loose index scan (one index probe per
 * person on the (business, actor, …) index) rather than a scan of every event.
 */
export async function auditActorIds(db: Executor, businessId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    with recursive actors(id) as (
      (select actor_account_id from audit_events
        where business_id = ${businessId} and actor_account_id is not null
        order by actor_account_id limit 1)
      union all
      select (select e.actor_account_id from audit_events e
               where e.business_id = ${businessId} and e.actor_account_id > a.id
               order by e.actor_account_id limit 1)
        from actors a where a.id is not null
    )
    select id from actors where id is not null`,
  );
  return rows.map((r) => r.id);
}
