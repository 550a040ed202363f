import { sql, type SQL } from 'drizzle-orm';
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

/** A document's number as the database writes it (`documentNumberCtes`), for rows numbered in bulk (the demo's history). */
export function formatDocumentNumber(alias: string, kind: DocumentKind, value: number): string {
  return `${alias}-${documentPrefixes[kind]}${String(value).padStart(6, '0')}`;
}

/**
 * The two CTEs that number a store's document, for a statement that writes the document with its
 * number in the same trip (a sale's header, lines and payments): `document_counter` takes the store's
 * next value, gapless (the counter row stays locked until the caller's transaction ends, and a
 * rollback gives the number back, ARCHITECTURE.md section 4), and `document_number` has one row whose
 * `number` is the formatted number, `LEK-S000042` (six digits at least, more past 999,999).
 */
export function documentNumberCtes(scope: { businessId: string; storeId: string }, kind: DocumentKind): SQL {
  return sql`
    document_counter AS (
      insert into document_counters (business_id, store_id, kind, last_value)
      values (${scope.businessId}, ${scope.storeId}, ${kind}, 1)
      on conflict (business_id, store_id, kind) do update set last_value = document_counters.last_value + 1
      returning last_value::text AS value
    ),
    document_number AS (
      select stores.alias || '-' || ${documentPrefixes[kind]} || lpad(c.value, greatest(6, length(c.value)), '0') AS number
      from document_counter c, stores
      where stores.business_id = ${scope.businessId} and stores.id = ${scope.storeId}
    )`;
}

/** The next number of a store's document, gapless (`documentNumberCtes`). */
export async function nextDocumentNumber(
  tx: Executor,
  scope: { businessId: string; storeId: string },
  kind: DocumentKind,
): Promise<string> {
  const [row] = await queryRows<{ number: string }>(
    tx,
    sql`WITH ${documentNumberCtes(scope, kind)} SELECT number FROM document_number`,
  );
  if (!row) throw new Error(`Store ${scope.storeId} not found for a document number`);
  return row.number;
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
