import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';

/** Document kinds and the letters of their numbers: `LEK-ADJ000001`. Later modules add theirs. */
export const documentPrefixes = {
  stock_adjustment: 'ADJ',
  stock_count: 'CNT',
  stock_transfer: 'TRF',
  sale: 'S',
  refund: 'RF',
  purchase_order: 'PO',
  invoice: 'INV',
  waste: 'WST',
} as const;
export type DocumentKind = keyof typeof documentPrefixes;

/**
 * The next number of a store's document, gapless: the counter row stays locked until the caller's
 * transaction ends, and a rollback gives the number back (ARCHITECTURE.md section 4).
 */
export async function nextDocumentNumber(
  tx: Executor,
  scope: { businessId: string; storeId: string },
  kind: DocumentKind,
): Promise<string> {
  const [row] = await queryRows<{ last_value: number; alias: string }>(
    tx,
    sql`
    with counter as (
      insert into document_counters (business_id, store_id, kind, last_value)
      values (${scope.businessId}, ${scope.storeId}, ${kind}, 1)
      on conflict (business_id, store_id, kind) do update set last_value = document_counters.last_value + 1
      returning last_value
    )
    select counter.last_value, stores.alias
    from counter, stores
    where stores.business_id = ${scope.businessId} and stores.id = ${scope.storeId}`,
  );
  if (!row) throw new Error(`Store ${scope.storeId} not found for a document number`);
  return `${row.alias}-${documentPrefixes[kind]}${String(row.last_value).padStart(6, '0')}`;
}

/** Business-wide sequences (`business_counters`): `sku` numbers the generated SKUs (decision 0031). */
export type BusinessCounterKind = 'sku';

/**
 * Takes the next `count` values of a business-wide sequence and returns the first: the counter row
 * stays locked until the caller's transaction ends (concurrent takers queue), and a rollback gives the
 * values back.
 */
export async function takeBusinessCounter(
  tx: Executor,
  businessId: string,
  kind: BusinessCounterKind,
  count = 1,
): Promise<number> {
  const [row] = await queryRows<{ last_value: number | string }>(
    tx,
    sql`
    insert into business_counters (business_id, kind, last_value)
    values (${businessId}, ${kind}, ${count})
    on conflict (business_id, kind) do update set last_value = business_counters.last_value + ${count}
    returning last_value`,
  );
  return Number(row!.last_value) - count + 1;
}
