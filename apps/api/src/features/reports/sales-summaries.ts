import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows, type Executor } from '../../db/client.js';
import { writesInOneStatement } from '../../db/json-rows.js';

/**
 * The sales summaries (db/schema/report-summaries.ts; decision 0014): what a report reads instead
 * of the raw sales, refunds and their lines.
 *
 * Every summary row is defined by one SELECT over the raw rows (`parts` below). The same SELECT, with
 * a filter, serves three purposes, so they cannot drift apart:
 *  - **keeping** them: a sale, refund or void adds its own rows' contribution (`sign` −1 for a void)
 *    in its transaction, through a database function of those upserts (`summaryFunctionsSql`);
 *  - **rebuilding** them for a business or a store (the demo history, a store's time-zone change);
 *  - **proving** them: `salesSummaryMismatches` compares every table with the SELECT over everything.
 */

/**
 * A contribution's source: one sale or refund, named by the arguments of the database function that
 * adds it, or every completed one of a business (or store).
 */
export type Source =
  /** Every business when `businessId` is left out (the migration that created the tables). */
  | { kind: 'all'; businessId?: string | undefined; storeId?: string | undefined }
  /** The arguments of the database function that adds a sale or a refund (see summaryFunctionsSql). */
  | { kind: 'arguments'; of: 'sale' | 'refund' };

interface SummaryTable {
  name: string;
  /** The primary key after (business_id, store_id, day). */
  keys: string[];
  /** Columns stored beside the key that the key decides (variant → product). */
  extras?: string[];
  measures: string[];
  /** SELECTs of (business_id, store_id, day, ...keys, ...extras, ...measures), signed. */
  parts: (sign: SQL, sales: SQL | null, refunds: SQL | null) => SQL[];
}

/** The tax-rate key of untaxed lines. */
const untaxed = sql.raw(`'00000000-0000-0000-0000-000000000000'::uuid`);

const saleDay = sql.raw(`(s.completed_at at time zone st.time_zone)::date`);
const refundDay = sql.raw(`(r.created_at at time zone st.time_zone)::date`);
const salesFrom = sql.raw(`sales s join stores st on st.business_id = s.business_id and st.id = s.store_id`);
const refundsFrom = sql.raw(`refunds r join stores st on st.business_id = r.business_id and st.id = r.store_id`);
const linesOfSale = sql.raw(`join sale_lines l on l.business_id = s.business_id and l.sale_id = s.id`);
const linesOfRefund = sql.raw(`join refund_lines rl on rl.business_id = r.business_id and rl.refund_id = r.id
  join sale_lines l on l.business_id = rl.business_id and l.sale_id = rl.sale_id and l.line_no = rl.line_no`);
/** The cost of a line's goods: quantity × unit cost, rounded half away from zero per line. */
const lineCost = sql.raw(`round(l.quantity * l.unit_cost_minor)`);
const refundCost = sql.raw(`case when rl.restocked then round(rl.quantity * l.unit_cost_minor) else 0 end`);

const tables: SummaryTable[] = [
  {
    name: 'sales_day_totals',
    keys: ['account_id'],
    measures: [
      'sales_count',
      'gross_minor',
      'discount_minor',
      'tax_minor',
      'total_minor',
      'cost_minor',
      'refunds_count',
      'refund_total_minor',
      'refund_tax_minor',
      'refund_cost_minor',
    ],
    parts: (sign, sales, refunds) => [
      ...(sales
        ? [
            sql`select s.business_id, s.store_id, ${saleDay}, s.cashier_account_id,
                  ${sign} * count(distinct s.id), ${sign} * sum(l.gross_minor),
                  ${sign} * sum(l.line_discount_minor + l.cart_discount_minor), ${sign} * sum(l.tax_minor),
                  ${sign} * sum(l.total_minor), ${sign} * sum(${lineCost}), 0, 0, 0, 0
                from ${salesFrom} ${linesOfSale} where ${sales}
                group by 1, 2, 3, 4`,
          ]
        : []),
      ...(refunds
        ? [
            sql`select r.business_id, r.store_id, ${refundDay}, r.refunded_by, 0, 0, 0, 0, 0, 0,
                  count(distinct r.id), sum(rl.total_minor), sum(rl.tax_minor), sum(${refundCost})
                from ${refundsFrom} ${linesOfRefund} where ${refunds}
                group by 1, 2, 3, 4`,
          ]
        : []),
    ],
  },
  {
    name: 'sales_day_variants',
    keys: ['variant_id'],
    extras: ['product_id'],
    measures: [
      'quantity',
      'gross_minor',
      'discount_minor',
      'tax_minor',
      'total_minor',
      'cost_minor',
      'refund_quantity',
      'refund_total_minor',
      'refund_tax_minor',
      'refund_cost_minor',
    ],
    parts: (sign, sales, refunds) => [
      ...(sales
        ? [
            sql`select s.business_id, s.store_id, ${saleDay}, l.variant_id, l.product_id,
                  ${sign} * sum(l.quantity), ${sign} * sum(l.gross_minor),
                  ${sign} * sum(l.line_discount_minor + l.cart_discount_minor), ${sign} * sum(l.tax_minor),
                  ${sign} * sum(l.total_minor), ${sign} * sum(${lineCost}), 0, 0, 0, 0
                from ${salesFrom} ${linesOfSale} where ${sales}
                group by 1, 2, 3, 4, 5`,
          ]
        : []),
      ...(refunds
        ? [
            sql`select r.business_id, r.store_id, ${refundDay}, rl.variant_id, rl.product_id, 0, 0, 0, 0, 0, 0,
                  sum(rl.quantity), sum(rl.total_minor), sum(rl.tax_minor), sum(${refundCost})
                from ${refundsFrom} ${linesOfRefund} where ${refunds}
                group by 1, 2, 3, 4, 5`,
          ]
        : []),
    ],
  },
  {
    name: 'sales_day_payments',
    keys: ['method'],
    measures: ['payments_count', 'amount_minor', 'refunds_count', 'refund_minor'],
    parts: (sign, sales, refunds) => [
      ...(sales
        ? [
            sql`select s.business_id, s.store_id, ${saleDay}, p.method, ${sign} * count(*), ${sign} * sum(p.amount_minor), 0, 0
                from ${salesFrom} join sale_payments p on p.business_id = s.business_id and p.sale_id = s.id
                where ${sales}
                group by 1, 2, 3, 4`,
          ]
        : []),
      ...(refunds
        ? [
            sql`select r.business_id, r.store_id, ${refundDay}, r.method, 0, 0, count(*), sum(r.total_minor)
                from ${refundsFrom} where ${refunds}
                group by 1, 2, 3, 4`,
          ]
        : []),
    ],
  },
  {
    name: 'sales_day_taxes',
    keys: ['tax_rate_id', 'basis_points', 'inclusive'],
    measures: ['taxable_minor', 'tax_minor', 'refund_taxable_minor', 'refund_tax_minor'],
    parts: (sign, sales, refunds) => [
      ...(sales
        ? [
            sql`select s.business_id, s.store_id, ${saleDay}, coalesce(l.tax_rate_id, ${untaxed}),
                  l.tax_rate_basis_points, l.tax_inclusive,
                  ${sign} * sum(l.total_minor - l.tax_minor), ${sign} * sum(l.tax_minor), 0, 0
                from ${salesFrom} ${linesOfSale} where ${sales}
                group by 1, 2, 3, 4, 5, 6`,
          ]
        : []),
      ...(refunds
        ? [
            sql`select r.business_id, r.store_id, ${refundDay}, coalesce(l.tax_rate_id, ${untaxed}),
                  l.tax_rate_basis_points, l.tax_inclusive, 0, 0,
                  sum(rl.total_minor - rl.tax_minor), sum(rl.tax_minor)
                from ${refundsFrom} ${linesOfRefund} where ${refunds}
                group by 1, 2, 3, 4, 5, 6`,
          ]
        : []),
    ],
  },
  {
    name: 'sales_day_customers',
    keys: ['customer_id'],
    measures: ['sales_count', 'total_minor', 'refund_total_minor'],
    parts: (sign, sales, refunds) => [
      ...(sales
        ? [
            sql`select s.business_id, s.store_id, ${saleDay}, s.customer_id, ${sign} * count(*), ${sign} * sum(s.total_minor), 0
                from ${salesFrom} where ${sales} and s.customer_id is not null
                group by 1, 2, 3, 4`,
          ]
        : []),
      ...(refunds
        ? [
            sql`select r.business_id, r.store_id, ${refundDay}, s.customer_id, 0, 0, sum(r.total_minor)
                from ${refundsFrom} join sales s on s.business_id = r.business_id and s.id = r.sale_id
                where ${refunds} and s.customer_id is not null
                group by 1, 2, 3, 4`,
          ]
        : []),
    ],
  },
];

/** The filters of a source: on the sales (alias s) and on the refunds (alias r); null leaves a part out. */
function filters(source: Source): { sign: SQL; sales: SQL | null; refunds: SQL | null } {
  switch (source.kind) {
    case 'arguments':
      return source.of === 'sale'
        ? {
            sign: sql.raw('p_sign'),
            sales: sql.raw('s.business_id = p_business_id and s.id = p_sale_id'),
            refunds: null,
          }
        : { sign: sql.raw('1'), sales: null, refunds: sql.raw('r.business_id = p_business_id and r.id = p_refund_id') };
    case 'all': {
      const scope = (alias: string) => {
        const a = sql.raw(alias);
        return sql.join(
          [
            sql`true`,
            ...(source.businessId ? [sql`${a}.business_id = ${source.businessId}`] : []),
            ...(source.storeId ? [sql`${a}.store_id = ${source.storeId}`] : []),
          ],
          sql` and `,
        );
      };
      return { sign: sql.raw('1'), sales: sql`${scope('s')} and s.status = 'completed'`, refunds: scope('r') };
    }
  }
}

const ident = (names: string[]) => sql.raw(names.join(', '));

/** Every row of one table for a source: the parts summed by key (a sale and its refunds may share a key). */
function contributions(table: SummaryTable, source: Source): SQL {
  const { sign, sales, refunds } = filters(source);
  const groups = ['business_id', 'store_id', 'day', ...table.keys, ...(table.extras ?? [])];
  const columns = [...groups, ...table.measures];
  const parts = sql.join(
    table.parts(sign, sales, refunds).map((part) => sql`(${part})`),
    sql` union all `,
  );
  const sums = sql.raw(table.measures.map((m) => `sum(${m}) as ${m}`).join(', '));
  return sql`select ${ident(groups)}, ${sums} from (${parts}) as c (${ident(columns)})
    group by ${ident(groups)} order by ${ident(['business_id', 'store_id', 'day', ...table.keys])}`;
}

/** One table's upsert of a source's contribution: added to the rows already there. */
function upsertOf(table: SummaryTable, source: Source): SQL {
  const groups = ['business_id', 'store_id', 'day', ...table.keys, ...(table.extras ?? [])];
  const conflict = ['business_id', 'store_id', 'day', ...table.keys];
  const updates = sql.raw(table.measures.map((m) => `${m} = t.${m} + excluded.${m}`).join(', '));
  return sql`insert into ${sql.raw(table.name)} as t (${ident([...groups, ...table.measures])})
        ${contributions(table, source)}
        on conflict (${ident(conflict)}) do update set ${updates}`;
}

async function upsert(tx: Executor, table: SummaryTable, source: Source) {
  await tx.execute(upsertOf(table, source));
}

/**
 * The database functions that add one sale (`p_sign` −1 takes a voided one out) or one refund to every
 * table: the upserts of `upsertOf` for the function's arguments, one per table in the tables' order (so
 * concurrent sales lock shared rows in one order). A sale or a refund calls its function: one round
 * trip instead of one per table, and PL/pgSQL plans each statement once per connection where a
 * statement sent on its own is planned every time (the embedded database cannot keep prepared
 * statements). bench/checkout.mjs calls the same function in its raw SQL loop.
 *
 * A migration creates them from this text: `sales-summaries.test.ts` fails when the functions in the
 * database differ from it, and `node scripts/summary-functions-sql.mjs` prints it for a new migration.
 */
export function summaryFunctionsSql(): string {
  const dialect = new PgDialect();
  const body = (of: 'sale' | 'refund') =>
    tables
      .map((table) => {
        const { sql: text, params } = dialect.sqlToQuery(upsertOf(table, { kind: 'arguments', of }));
        if (params.length > 0) throw new Error('A summary function takes no bound parameters');
        return `  ${text.replace(/\s+/g, ' ').trim()};`;
      })
      .join('\n');
  const fn = (name: string, args: string, of: 'sale' | 'refund') =>
    `create or replace function ${name}(${args}) returns void language plpgsql as $fn$\nbegin\n${body(of)}\nend\n$fn$;`;
  return [
    fn(SUMMARY_FUNCTIONS.sale, 'p_business_id uuid, p_sale_id uuid, p_sign integer', 'sale'),
    fn(SUMMARY_FUNCTIONS.refund, 'p_business_id uuid, p_refund_id uuid', 'refund'),
  ].join('\n--> statement-breakpoint\n');
}

export const SUMMARY_FUNCTIONS = {
  sale: 'ipos_add_sale_to_summaries',
  refund: 'ipos_add_refund_to_summaries',
} as const;

/** A sale's contribution (sign −1 takes it back out) to every table, in one statement. */
export function addSaleToSummariesStatement(businessId: string, saleId: string, sign: 1 | -1): SQL {
  return sql`select ${sql.raw(SUMMARY_FUNCTIONS.sale)}(${businessId}::uuid, ${saleId}::uuid, ${sign}::integer)`;
}

/**
 * Adds a completed sale to the summaries (in its transaction, after its lines and payments), with
 * `alongside` (its audit event) written in the same statement: one trip for both.
 */
export async function addSaleToSummaries(tx: Executor, businessId: string, saleId: string, alongside: [SQL, ...SQL[]]) {
  await tx.execute(
    writesInOneStatement({ writes: alongside, then: addSaleToSummariesStatement(businessId, saleId, 1) }),
  );
}

/** Takes a voided sale back out of its day (in the void's transaction). */
export async function removeSaleFromSummaries(tx: Executor, businessId: string, saleId: string) {
  await tx.execute(addSaleToSummariesStatement(businessId, saleId, -1));
}

/** Adds a refund to the summaries of the day it was paid out (in its transaction, after its lines). */
export async function addRefundToSummaries(tx: Executor, businessId: string, refundId: string) {
  await tx.execute(sql`select ${sql.raw(SUMMARY_FUNCTIONS.refund)}(${businessId}::uuid, ${refundId}::uuid)`);
}

/**
 * The statements that fill the summaries of every business from the raw rows: the migration that
 * created the tables ran them once (drizzle/0008_report_summaries.sql).
 */
export function backfillStatements(): SQL[] {
  return tables.map(
    (table) =>
      sql`insert into ${sql.raw(table.name)} as t (${ident(['business_id', 'store_id', 'day', ...table.keys, ...(table.extras ?? []), ...table.measures])}) ${contributions(table, { kind: 'all' })}`,
  );
}

/** Recomputes the summaries of a business (or one of its stores) from the raw rows. */
export async function rebuildSalesSummaries(tx: Executor, businessId: string, storeId?: string) {
  for (const table of tables) {
    await tx.execute(
      sql`delete from ${sql.raw(table.name)} where business_id = ${businessId}${
        storeId ? sql` and store_id = ${storeId}` : sql``
      }`,
    );
    await upsert(tx, table, { kind: 'all', businessId, storeId });
  }
}

/**
 * Every summary row of a business that differs from the raw rows (rows whose measures are all zero
 * count as absent on both sides: a voided sale leaves zeros behind). Empty means the summaries are
 * exact; tests call it after every change, as they do `ledgerMismatches`.
 */
export async function salesSummaryMismatches(db: Executor, businessId: string) {
  const mismatches: { table: string; row: string; side: 'summary' | 'raw' }[] = [];
  for (const table of tables) {
    const columns = ['store_id', 'day', ...table.keys, ...(table.extras ?? []), ...table.measures];
    const text = sql.raw(columns.map((c) => `${c}::text as ${c}`).join(', '));
    const nonZero = sql.raw(table.measures.map((m) => `${m} <> 0`).join(' or '));
    const read = async (from: SQL) =>
      (await queryRows<Record<string, string>>(db, sql`select ${text} from (${from}) as x where ${nonZero}`)).map(
        (row) => columns.map((c) => normalise(row[c])).join('|'),
      );
    const stored = await read(sql`select * from ${sql.raw(table.name)} where business_id = ${businessId}`);
    const raw = await read(contributions(table, { kind: 'all', businessId }));
    for (const [side, rows, other] of [
      ['summary', stored, raw],
      ['raw', raw, stored],
    ] as const) {
      const left = new Map<string, number>();
      for (const key of other) left.set(key, (left.get(key) ?? 0) + 1);
      for (const key of rows) {
        const n = left.get(key) ?? 0;
        if (n > 0) left.set(key, n - 1);
        else mismatches.push({ table: table.name, row: key, side });
      }
    }
  }
  return mismatches;
}

/** Numeric text from either driver in one form: "2.500" and "2.5" are the same quantity. */
function normalise(value: string | undefined): string {
  if (value === undefined) return '';
  return /^-?\d+\.\d+$/.test(value) ? value.replace(/\.?0+$/, '') : value;
}
