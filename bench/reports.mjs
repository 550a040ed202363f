// Reports on years of data ("seed one store with 1,000,000 sale lines over two years and print
// the time of each report for a month, a quarter and a year, on the embedded database and on
// PostgreSQL. Budget: every report ≤ 500 ms for a year on PostgreSQL").
//
// For each database (the embedded one always; PostgreSQL when DATABASE_URL is set, in a scratch
// database created here and dropped after):
//   1. the built server creates, migrates and seeds it (Demo Mart with its 90-day history);
//   2. Lekki gets two years of history in SQL: BENCH_PRODUCTS products (default 2,000) in the demo
//      categories, half at the demo VAT, with stock and reorder levels (some at or below them);
//      BENCH_CUSTOMERS customers; LINES sale lines (default 1,000,000) in 5-line sales spread over DAYS
//      days (default 730) through the shop's day, in four payment methods, a third to a customer, every
//      tenth with a line discount and every 100th with a line refunded; WASTE waste records; PURCHASE_ORDERS
//      purchase orders (received, some returned, the recent ones still open); INVOICES invoices (paid, or
//      issued and partly paid when recent). Sales are written as rows with their payments and refunds but
//      without stock movements: no report reads the ledger;
//   3. the report summaries (decision 0014) are rebuilt from the raw rows by the statements of
//      the migration that created them (`backfillStatements`, bundled from the TypeScript source), then
//      compared with the raw rows by `salesSummaryMismatches` — the proof the tests run after every change;
//   4. the server is started on the database and every report is asked over HTTP with a real bearer token
//      for the last full month, quarter and year (and the restock report, which has no period), RUNS
//      times each after one warm-up (default 5); the sales report's PDF for the year too.
// Prints the median and the max of each, and the year's figure on PostgreSQL against the budget.
// Reports; never fails on time.
//
//   node bench/reports.mjs                      (uses apps/api/dist/main.js, built if stale)
//   DATABASE_URL=postgresql://ipos_ci:ipos_ci@127.0.0.1:5432/ipos_ci node bench/reports.mjs
//   LINES=1000000 DAYS=730 RUNS=5 PORT=3904 IPOS_API_ENTRY=… node bench/reports.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { importTypeScript } from '../scripts/lib.mjs';
import { builtApiEntry, percentile, scratchDatabase, signAccessToken, startServer, stopServer } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LINES = Number(process.env.LINES ?? 1_000_000);
const LINES_PER_SALE = 5;
const SALES = Math.ceil(LINES / LINES_PER_SALE);
const DAYS = Number(process.env.DAYS ?? 730);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 2_000);
const WASTE = Number(process.env.WASTE ?? 20_000);
const PURCHASE_ORDERS = Number(process.env.PURCHASE_ORDERS ?? 2_000);
const INVOICES = Number(process.env.INVOICES ?? 5_000);
const RUNS = Number(process.env.RUNS ?? 5);
const port = Number(process.env.PORT ?? 3904);
const base = `http://127.0.0.1:${port}`;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-bench-reports-'));
process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));

const entry = await builtApiEntry();

// The summaries' own statements (the migration's backfill and the tests' proof), from the TypeScript source.
const { backfillStatements, salesSummaryMismatches } = await importTypeScript(
  'apps/api/src/features/reports/sales-summaries.ts',
);

const startApi = (env) =>
  startServer({ entry, cwd: root, port, env: { WEB_DIST_DIR: fs.mkdtempSync(path.join(scratch, 'web-')), ...env } });

// ---------------------------------------------------------------- two years of history, in SQL

/** A uuid from a prefix and a number: `${prefix}-0000-7000-8000-<12 hex digits>`. */
const uuidOf = (prefix, g) => `('${prefix}-0000-7000-8000-' || lpad(to_hex(${g}), 12, '0'))::uuid`;
const product = (g) => uuidOf('b0000000', g);
const variant = (g) => uuidOf('b1000000', g);
const customer = (g) => uuidOf('b2000000', g);
const saleId = (g) => uuidOf('b3000000', g);
const vendor = (g) => uuidOf('b4000000', g);
/** A bench product's price and cost (minor units): 12.50–624.00 naira, cost 80% of the base. */
const priceOf = (p) => `(((${p}) * 37) % 500 + 10) * 125`;
const costOf = (p) => `(((${p}) * 37) % 500 + 10) * 100`;

async function seedHistory(db, ctx) {
  const { businessId, storeId, accountId, vat, categories, sessionId } = ctx;
  const days = (g) => `((${g}) % ${DAYS})`;
  /** The g-th event's instant: its day back from now, in the shop's opening hours (08:00–20:00 Lagos). */
  const at = (g) =>
    `(date_trunc('day', now() at time zone 'Africa/Lagos') - (${days(g)} || ' days')::interval
        + interval '7 hours' + (((${g})::bigint * 7919) % 43200 || ' seconds')::interval) at time zone 'Africa/Lagos'`;
  const step = async (label, text, params = []) => {
    const t = performance.now();
    await db.query(text, params);
    console.log(`  ${label} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  };

  await step(
    `${PRODUCTS} products in the demo categories`,
    `insert into products (business_id, id, name, unit, search_text, category_id, tax_rate_id)
     select $1::uuid, ${product('g')}, 'Bench Item ' || lpad(g::text, 4, '0'), 'each',
            'bench item ' || lpad(g::text, 4, '0'), ($2::uuid[])[1 + g % cardinality($2::uuid[])],
            case when g % 2 = 0 then $3::uuid end
       from generate_series(1, ${PRODUCTS}) g`,
    [businessId, categories, vat.id],
  );
  await step(
    'their variants',
    `insert into product_variants (business_id, id, product_id, sku, cost_price_minor, selling_price_minor)
     select $1::uuid, ${variant('g')}, ${product('g')}, 'BENCH-' || lpad(g::text, 4, '0'), ${costOf('g')}, ${priceOf('g')}
       from generate_series(1, ${PRODUCTS}) g`,
    [businessId],
  );
  await step(
    'their Lekki stock (on hand 0–49, reorder at 20) on the ledger',
    `insert into stock_levels (business_id, store_id, variant_id, product_id, on_hand, reorder_level, reorder_quantity)
     select $1::uuid, $2::uuid, ${variant('g')}, ${product('g')}, g % 50, 20, 60
       from generate_series(1, ${PRODUCTS}) g`,
    [businessId, storeId],
  );
  await step(
    '  stock_movements',
    `insert into stock_movements (business_id, id, store_id, product_id, variant_id, delta, on_hand_after, reason, note)
     select business_id, gen_random_uuid(), store_id, product_id, variant_id, on_hand, on_hand, 'adjustment', 'bench seed'
       from stock_levels where business_id = $1 and store_id = $2 and variant_id::text like 'b1000000-%' and on_hand > 0`,
    [businessId, storeId],
  );
  await step(
    `${CUSTOMERS} customers`,
    `insert into contacts (business_id, id, kind, name, phone, phone_digits, search_text)
     select $1::uuid, ${customer('g')}, 'customer', 'Bench Customer ' || g, '+23480' || lpad(g::text, 8, '0'),
            '23480' || lpad(g::text, 8, '0'), 'bench customer ' || g
       from generate_series(1, ${CUSTOMERS}) g`,
    [businessId],
  );

  // The lines first, priced in SQL as the till prices them (inclusive VAT; tax = round(total × r / (1 + r))).
  await step(
    `${(SALES * LINES_PER_SALE).toLocaleString('en')} sale lines priced`,
    `create temporary table bench_lines as
     select s, i, p, qty, gross, discount, gross - discount as total, rate,
            case when rate = 0 then 0 else round((gross - discount) * rate / (10000 + rate)) end as tax
       from (select s, i, p, qty, ${priceOf('p')} * qty as gross,
                    case when s % 10 = 0 and i = 1 then floor(${priceOf('p')} * qty * 0.05) else 0 end as discount,
                    case when p % 2 = 0 then ${vat.basisPoints} else 0 end as rate
               from (select s, i, 1 + ((s * 31 + i * 977) % ${PRODUCTS}) as p, 1 + (s + i) % 3 as qty
                       from generate_series(1, ${SALES}) s, generate_series(1, ${LINES_PER_SALE}) i) x) y`,
  );
  await step(
    `${SALES.toLocaleString('en')} sales`,
    `insert into sales (business_id, id, store_id, session_id, number, cashier_account_id, customer_id,
                        subtotal_minor, discount_minor, tax_minor, total_minor, paid_minor, change_minor, completed_at)
     select $1::uuid, ${saleId('s')}, $2::uuid, $3::uuid, 'LEK-B' || lpad(s::text, 7, '0'), $4::uuid,
            case when s % 3 = 0 then ${customer(`1 + (s / 3) % ${CUSTOMERS}`)} end,
            sum(gross), sum(discount), sum(tax), sum(total), sum(total), 0, ${at('s')}
       from bench_lines group by s`,
    [businessId, storeId, sessionId, accountId],
  );
  await step(
    'their lines',
    `insert into sale_lines (business_id, sale_id, line_no, product_id, variant_id, name, sku, quantity,
                             unit_price_minor, gross_minor, line_discount_minor, cart_discount_minor, tax_rate_id,
                             tax_rate_basis_points, tax_inclusive, tax_minor, total_minor, unit_cost_minor)
     select $1::uuid, ${saleId('s')}, i, ${product('p')}, ${variant('p')}, 'Bench Item ' || lpad(p::text, 4, '0'),
            'BENCH-' || lpad(p::text, 4, '0'), qty, ${priceOf('p')}, gross, discount, 0,
            case when rate > 0 then $2::uuid end, rate, true, tax, total, ${costOf('p')}
       from bench_lines`,
    [businessId, vat.id],
  );
  await step(
    'their payments',
    `insert into sale_payments (business_id, sale_id, seq, method, amount_minor, tendered_minor)
     select $1::uuid, ${saleId('s')}, 1, (array['cash', 'card', 'bank_transfer', 'mobile_money'])[1 + s % 4],
            sum(total), sum(total)
       from bench_lines group by s`,
    [businessId],
  );
  await step(
    `${Math.floor(SALES / 100).toLocaleString('en')} refunds of a line`,
    `insert into refunds (business_id, id, store_id, sale_id, number, refunded_by, reason, method, total_minor,
                          tax_minor, created_at)
     select $1::uuid, ${uuidOf('b5000000', 's')}, $2::uuid, ${saleId('s')}, 'LEK-BRF' || lpad(s::text, 7, '0'),
            $3::uuid, 'Bench refund', 'card', total, tax, ${at('s')} + interval '1 hour'
       from bench_lines where s % 100 = 0 and i = 1`,
    [businessId, storeId, accountId],
  );
  await step(
    '  refund_lines',
    `insert into refund_lines (business_id, refund_id, sale_id, line_no, product_id, variant_id, quantity,
                               total_minor, tax_minor, restocked)
     select $1::uuid, ${uuidOf('b5000000', 's')}, ${saleId('s')}, 1, ${product('p')}, ${variant('p')}, qty, total, tax, true
       from bench_lines where s % 100 = 0 and i = 1`,
    [businessId],
  );
  await db.query('drop table bench_lines');

  await step(
    `${WASTE.toLocaleString('en')} waste records`,
    `insert into waste_records (business_id, id, store_id, number, product_id, variant_id, name, sku, quantity,
                                reason, note, unit_cost_minor, value_minor, status, recorded_by, recorded_at)
     select $1::uuid, ${uuidOf('b6000000', 'w')}, $2::uuid, 'LEK-BW' || lpad(w::text, 6, '0'), ${product('p')},
            ${variant('p')}, 'Bench Item ' || lpad(p::text, 4, '0'), 'BENCH-' || lpad(p::text, 4, '0'), 1 + w % 4,
            (array['expired', 'damaged', 'spoiled', 'theft', 'other'])[1 + w % 5],
            case when w % 5 = 4 then 'Bench' end, ${costOf('p')}, ${costOf('p')} * (1 + w % 4),
            case when w % 50 = 0 then 'pending' else 'recorded' end, $3::uuid, ${at('w * 37')}
       from (select w, 1 + (w * 13) % ${PRODUCTS} as p from generate_series(1, ${WASTE}) w) x`,
    [businessId, storeId, accountId],
  );

  // Purchase orders: 5 lines of 50; received in full a few days later unless placed in the last 30 days
  // (still open); every 20th received order returns 5 of its first line.
  await step(
    `${PURCHASE_ORDERS.toLocaleString('en')} purchase orders with receipts and returns`,
    `insert into contacts (business_id, id, kind, name, search_text)
     select $1::uuid, ${vendor('v')}, 'vendor', 'Bench Vendor ' || v, 'bench vendor ' || v
       from generate_series(1, 20) v`,
    [businessId],
  );
  const order = (o) => uuidOf('b7000000', o);
  const orderDays = `(o * 7) % ${DAYS}`;
  await step(
    '  bench_orders',
    `create temporary table bench_orders as
     select o, ${orderDays} < 30 as open, o % 20 = 0 and ${orderDays} >= 30 as returned,
            (date_trunc('day', now()) - (${orderDays} || ' days')::interval + interval '9 hours') as placed
       from generate_series(1, ${PURCHASE_ORDERS}) o`,
  );
  await step(
    '  purchase_orders',
    `insert into purchase_orders (business_id, id, store_id, vendor_id, number, status, ordered_total_minor,
                                  created_by, created_at, updated_at, closed_at)
     select $1::uuid, ${order('o')}, $2::uuid, ${vendor('1 + o % 20')}, 'LEK-BPO' || lpad(o::text, 6, '0'),
            case when open then 0 when returned then 4 else 2 end,
            (select sum(50 * ${costOf(`1 + (o * 11 + l * 101) % ${PRODUCTS}`)}) from generate_series(1, 5) l),
            $3::uuid, placed, placed, case when not open then placed + ((1 + o % 7) || ' days')::interval end
       from bench_orders`,
    [businessId, storeId, accountId],
  );
  await step(
    '  purchase_order_lines',
    `insert into purchase_order_lines (business_id, order_id, line_no, product_id, variant_id, name, sku,
                                       quantity_ordered, quantity_received, quantity_returned, unit_cost_minor)
     select $1::uuid, ${order('o')}, l, ${product('p')}, ${variant('p')}, 'Bench Item ' || lpad(p::text, 4, '0'),
            'BENCH-' || lpad(p::text, 4, '0'), 50, case when open then 0 else 50 end,
            case when returned and l = 1 then 5 else 0 end, ${costOf('p')}
       from (select o, l, open, returned, 1 + (o * 11 + l * 101) % ${PRODUCTS} as p
               from bench_orders, generate_series(1, 5) l) x`,
    [businessId],
  );
  await step(
    '  purchase_order_receipts',
    `insert into purchase_order_receipts (business_id, id, order_id, store_id, received_by, received_at)
     select $1::uuid, ${uuidOf('b8000000', 'o')}, ${order('o')}, $2::uuid, $3::uuid,
            placed + ((1 + o % 7) || ' days')::interval
       from bench_orders where not open`,
    [businessId, storeId, accountId],
  );
  await step(
    '  purchase_order_receipt_lines',
    `insert into purchase_order_receipt_lines (business_id, receipt_id, order_id, line_no, variant_id, quantity, unit_cost_minor)
     select l.business_id, ${uuidOf('b8000000', 'o.o')}, l.order_id, l.line_no, l.variant_id, 50, l.unit_cost_minor
       from bench_orders o join purchase_order_lines l on l.business_id = $1 and l.order_id = ${order('o.o')}
      where not o.open`,
    [businessId],
  );
  await step(
    '  purchase_order_returns',
    `insert into purchase_order_returns (business_id, id, order_id, store_id, reason, returned_by, returned_at)
     select $1::uuid, ${uuidOf('b9000000', 'o')}, ${order('o')}, $2::uuid, 'Damaged on arrival', $3::uuid,
            placed + interval '10 days'
       from bench_orders where returned`,
    [businessId, storeId, accountId],
  );
  await step(
    '  purchase_order_return_lines',
    `insert into purchase_order_return_lines (business_id, return_id, order_id, line_no, variant_id, quantity, unit_cost_minor)
     select l.business_id, ${uuidOf('b9000000', 'o.o')}, l.order_id, 1, l.variant_id, 5, l.unit_cost_minor
       from bench_orders o join purchase_order_lines l on l.business_id = $1 and l.order_id = ${order('o.o')} and l.line_no = 1
      where o.returned`,
    [businessId],
  );
  await db.query('drop table bench_orders');

  // Invoices: 3 product lines each; paid in full unless issued in the last 60 days (then issued, every
  // other one half paid).
  await step(
    `${INVOICES.toLocaleString('en')} invoices with lines and payments`,
    `create temporary table bench_invoices as
     select n, day, day > current_date - 60 as recent, customer, lines.*
       from (select n, current_date - ((n * 3) % ${DAYS}) as day, ${customer(`1 + n % ${CUSTOMERS}`)} as customer
               from generate_series(1, ${INVOICES}) n) i,
            lateral (select sum(${priceOf('p')} * 2) as total,
                            sum(case when p % 2 = 0 then round(${priceOf('p')} * 2 * ${vat.basisPoints}::numeric / (10000 + ${vat.basisPoints})) else 0 end) as tax
                       from (select 1 + (n * 17 + l * 211) % ${PRODUCTS} as p from generate_series(1, 3) l) x) lines`,
  );
  const invoice = (n) => uuidOf('ba000000', n);
  await step(
    '  invoices',
    `insert into invoices (business_id, id, store_id, number, customer_id, status, issue_date, due_date,
                           subtotal_minor, discount_minor, tax_minor, total_minor, paid_minor, created_by,
                           issued_by, issued_at, paid_at)
     select $1::uuid, ${invoice('n')}, $2::uuid, 'LEK-BINV' || lpad(n::text, 6, '0'), customer,
            case when recent then 'issued' else 'paid' end, day, day + 30, total, 0, tax, total,
            case when not recent then total when n % 2 = 0 then floor(total / 2) else 0 end,
            $3::uuid, $3::uuid, day + interval '10 hours', case when not recent then day + interval '20 days' end
       from bench_invoices`,
    [businessId, storeId, accountId],
  );
  await step(
    '  invoice_lines',
    `insert into invoice_lines (business_id, invoice_id, line_no, product_id, variant_id, description, sku, quantity,
                                unit_price_minor, gross_minor, line_discount_minor, cart_discount_minor, tax_rate_id,
                                tax_rate_basis_points, tax_inclusive, tax_minor, total_minor, unit_cost_minor)
     select $1::uuid, ${invoice('n')}, l, ${product('p')}, ${variant('p')}, 'Bench Item ' || lpad(p::text, 4, '0'),
            'BENCH-' || lpad(p::text, 4, '0'), 2, ${priceOf('p')}, ${priceOf('p')} * 2, 0, 0,
            case when p % 2 = 0 then $2::uuid end, case when p % 2 = 0 then ${vat.basisPoints} else 0 end, true,
            case when p % 2 = 0 then round(${priceOf('p')} * 2 * ${vat.basisPoints}::numeric / (10000 + ${vat.basisPoints})) else 0 end,
            ${priceOf('p')} * 2, ${costOf('p')}
       from (select n, l, 1 + (n * 17 + l * 211) % ${PRODUCTS} as p from bench_invoices, generate_series(1, 3) l) x`,
    [businessId, vat.id],
  );
  await step(
    '  invoice_payments',
    `insert into invoice_payments (business_id, id, invoice_id, store_id, method, amount_minor, paid_on, recorded_by)
     select i.business_id, gen_random_uuid(), i.id, i.store_id, 'bank_transfer', i.paid_minor,
            least(i.issue_date + 20, current_date), $2::uuid
       from invoices i where i.business_id = $1 and i.number like 'LEK-BINV%' and i.paid_minor > 0`,
    [businessId, accountId],
  );
  await db.query('drop table bench_invoices');
}

// ---------------------------------------------------------------- one database

/** The last full month, quarter and year before today (Lagos), as report periods. */
function periods() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
  const [y, m] = today.split('-').map(Number);
  const day = (yy, mm, dd) => new Date(Date.UTC(yy, mm - 1, dd)).toISOString().slice(0, 10);
  const monthEnd = day(y, m, 0);
  const quarterStart = Math.floor((m - 1) / 3) * 3 + 1;
  return [
    ['month', { from: day(y, m - 1, 1), to: monthEnd }],
    ['quarter', { from: day(y, quarterStart - 3, 1), to: day(y, quarterStart, 0) }],
    ['year', { from: day(y, m - 12, 1), to: monthEnd }],
  ];
}

const reports = ['sales', 'tax', 'waste', 'customer', 'purchase-order'];

async function benchOn(label, open, serverEnv) {
  console.log(`\n${label}: creating, migrating and seeding…`);
  await stopServer(await startApi(serverEnv));

  const { sql: query, drizzleDb, close } = await open();
  const one = async (text, params = []) => (await query(text, params))[0];
  const business = await one(`select id from businesses where name = 'Demo Mart'`);
  const store = await one(`select id from stores where business_id = $1 and alias = 'LEK'`, [business.id]);
  const manager = await one(`select id from accounts where email = 'manager@demo.ipos.test'`);
  const owner = await one(`select owner_account_id as id from businesses where id = $1`, [business.id]);
  const secrets = await one(`select value from oidc_secrets where name = 'embedded-provider'`);
  const vat = await one(
    `select id, rate_basis_points as "basisPoints" from tax_rates where business_id = $1 and name = 'VAT'`,
    [business.id],
  );
  const categories = (await query(`select id from categories where business_id = $1`, [business.id])).map((r) => r.id);
  const session = await one(
    `insert into register_sessions (business_id, id, store_id, register_name, status, opened_by, opened_at,
                                    opening_float_minor, closed_by, closed_at)
     values ($1, gen_random_uuid(), $2, 'Bench history', 'closed', $3, now() - interval '${DAYS + 1} days', 0, $3, now())
     returning id`,
    [business.id, store.id, manager.id],
  );
  const seeding = performance.now();
  await seedHistory(
    { query },
    {
      businessId: business.id,
      storeId: store.id,
      accountId: manager.id,
      vat,
      categories,
      sessionId: session.id,
    },
  );
  // Statistics first, as the server keeps them (on PGlite, its own analyze of changed tables).
  await query('analyze');
  let t = performance.now();
  for (const table of [
    'sales_day_totals',
    'sales_day_variants',
    'sales_day_payments',
    'sales_day_taxes',
    'sales_day_customers',
  ])
    await query(`delete from ${table}`);
  for (const statement of backfillStatements()) {
    const started = performance.now();
    await drizzleDb.execute(statement);
    console.log(`  a summary table rebuilt (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  await query('analyze');
  const rebuilt = (performance.now() - t) / 1000;
  t = performance.now();
  const mismatches = await salesSummaryMismatches(drizzleDb, business.id);
  const proved = (performance.now() - t) / 1000;
  const [counts] = await query(
    `select (select count(*) from sale_lines where business_id = $1) as lines,
            (select count(*) from sales where business_id = $1) as sales,
            (select count(*) from sales_day_variants where business_id = $1) as summary_rows`,
    [business.id],
  );
  console.log(
    `  seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s: ${Number(counts.lines).toLocaleString('en')} sale lines in ${Number(counts.sales).toLocaleString('en')} sales (with the demo's); summaries rebuilt in ${rebuilt.toFixed(1)} s (${Number(counts.summary_rows).toLocaleString('en')} product-day rows), compared with the raw rows in ${proved.toFixed(1)} s: ${mismatches.length} mismatches`,
  );
  await close();

  const token = await signAccessToken(secrets.value.signingKeys[0], owner.id, port);
  const headers = { authorization: `Bearer ${token}`, 'x-store-id': store.id };
  const get = async (url) => {
    const res = await fetch(`${base}${url}`, { headers });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
    return body;
  };
  const time = async (url) => {
    await get(url); // warm-up
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await get(url);
      times.push(performance.now() - started);
    }
    const sorted = times.sort((a, b) => a - b);
    return { median: percentile(sorted, 50), max: sorted.at(-1) };
  };

  const server = await startApi(serverEnv);
  const figures = [];
  try {
    for (const report of reports)
      for (const [period, range] of periods()) {
        const q = new URLSearchParams(range).toString();
        figures.push({ report, period, ...(await time(`/api/v1/reports/${report}?${q}`)) });
      }
    figures.push({ report: 'restock', period: 'now', ...(await time('/api/v1/reports/restock')) });
    const year = new URLSearchParams(periods()[2][1]).toString();
    figures.push({ report: 'sales PDF', period: 'year', ...(await time(`/api/v1/reports/sales/pdf?${year}`)) });
  } finally {
    await stopServer(server);
  }
  return { label, figures, mismatches: mismatches.length };
}

// ---------------------------------------------------------------- the runs

const drizzleOver = (client, driver) => driver({ client });
const results = [];
const pgliteDir = path.join(scratch, 'embedded');
fs.mkdirSync(pgliteDir);
results.push(
  await benchOn(
    'embedded database (PGlite)',
    async () => {
      const db = await PGlite.create({ dataDir: path.join(pgliteDir, 'pglite'), extensions: { pg_trgm } });
      return {
        sql: async (text, params) => (await db.query(text, params)).rows,
        drizzleDb: drizzleOver(db, drizzlePglite),
        close: () => db.close(),
      };
    },
    { DATA_DIR: pgliteDir, DATABASE_URL: undefined },
  ),
);

if (process.env.DATABASE_URL) {
  const scratchDb = await scratchDatabase(process.env.DATABASE_URL, 'ipos_bench');
  const url = scratchDb.url;
  const pgDir = path.join(scratch, 'postgres');
  fs.mkdirSync(pgDir);
  try {
    results.push(
      await benchOn(
        'PostgreSQL',
        async () => {
          const pool = new pg.Pool({ connectionString: url, max: 2 });
          return {
            sql: async (text, params) => (await pool.query(text, params)).rows,
            drizzleDb: drizzleOver(pool, drizzlePg),
            close: () => pool.end(),
          };
        },
        { DATA_DIR: pgDir, DATABASE_URL: url },
      ),
    );
  } finally {
    await scratchDb.drop();
  }
}

// ---------------------------------------------------------------- the table

const ms = (x) => `${x.toFixed(0)} ms`.padStart(9);
console.log(
  `\nLekki with ${LINES.toLocaleString('en')} bench sale lines over ${DAYS} days, ${WASTE.toLocaleString('en')} waste records, ${PURCHASE_ORDERS.toLocaleString('en')} purchase orders, ${INVOICES.toLocaleString('en')} invoices; each report over HTTP as the owner, median and max of ${RUNS} after a warm-up (node ${process.version}, ${os.cpus().length} cores)`,
);
for (const r of results) {
  const postgres = r.label === 'PostgreSQL';
  console.log(`\n${r.label}${r.mismatches ? ` — ${r.mismatches} SUMMARY MISMATCHES` : ''}`);
  console.log(`${'report'.padEnd(18)}${'period'.padEnd(9)}${'median'.padStart(9)}${'max'.padStart(9)}`);
  for (const f of r.figures) {
    const budget = postgres && f.period === 'year' && f.report !== 'sales PDF';
    console.log(
      `${f.report.padEnd(18)}${f.period.padEnd(9)}${ms(f.median)}${ms(f.max)}${budget ? `   budget ≤ 500 ms: ${f.max <= 500 ? 'within' : 'OVER'}` : ''}`,
    );
  }
}
if (!process.env.DATABASE_URL) console.log('\n(PostgreSQL skipped: set DATABASE_URL to measure the budget there.)');
