// Checkout throughput and latency ("sales per second and p50/p95/p99 at 32 concurrent clients
// (5-line sales) on the embedded database and on PostgreSQL, printed next to a raw SQL transaction loop
// doing the same writes on the same machine. Budget: p95 ≤ 50 ms on the embedded database").
//
// For each database (the embedded one always; PostgreSQL when DATABASE_URL is set, in a scratch
// database created here and dropped after):
//   1. the built server creates, migrates and seeds it; then BENCH_PRODUCTS products are added in SQL
//      with plenty of Lekki stock on the ledger (one movement each, so on hand = sum of movements);
//   2. raw SQL: CONCURRENCY clients complete SALES sales as one transaction each, doing the writes the
//      sale API does (idempotency key claimed and answered, the stock rows locked in variant order and
//      changed by one guarded update, the 5 movements in one insert, the store's counter, the sale, its 5
//      lines, the payment, the report summaries (the API's own call of their database function) and the audit event);
//   3. the API: the server started on the same database, a register opened through
//      POST /api/v1/register-sessions, then CONCURRENCY clients POST /api/v1/sales (5 lines, cash,
//      exact payment, expectedTotalMinor from the contracts' priceCart, an Idempotency-Key each);
//   4. then through the API too, each priced against a sale's cost: REFUNDS refunds of one unit of a
//      sale's first line (restocked, cash from the register), and RECEIPTS five-line purchase orders
//      received in full (ordered first, untimed), at CONCURRENCY clients and then SERIAL from one.
// Latency is measured per sale from the client's side, queueing included (PGlite runs one transaction
// at a time; the app's pg pool has 10 connections and so has the raw loop's). Reports; never fails on time.
//
//   node bench/checkout.mjs                      (uses apps/api/dist/main.js, built if stale)
//   DATABASE_URL=postgresql://ipos_ci:ipos_ci@127.0.0.1:5432/ipos_ci node bench/checkout.mjs
//   SALES=2000 WARMUP=100 CONCURRENCY=32 BENCH_PRODUCTS=200 PORT=3903 IPOS_API_ENTRY=… node bench/checkout.mjs
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { importTypeScript } from '../scripts/lib.mjs';
import { apiPoster, books, cartOf, drive, LINES, poolTarget, saleRequest, seedCatalogue } from './sale-load.mjs';
import { builtApiEntry, scratchDatabase, signAccessToken, startServer, stopServer } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SALES = Number(process.env.SALES ?? 2000);
const WARMUP = Number(process.env.WARMUP ?? 100);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const SERIAL = Number(process.env.SERIAL ?? 100);
/** A busy shop: a few tills and the back office at once. */
const BUSY_CLIENTS = Number(process.env.BUSY_CLIENTS ?? 8);
const BUSY_SALES = Number(process.env.BUSY_SALES ?? 1000);
/** Refunds and purchase-order receipts: at CONCURRENCY clients, then SERIAL from one. */
const REFUNDS = Number(process.env.REFUNDS ?? 500);
const RECEIPTS = Number(process.env.RECEIPTS ?? 500);
const POOL_SIZE = 10; // as apps/api/src/db/client.ts opens its pg pool
const port = Number(process.env.PORT ?? 3903);
const base = `http://127.0.0.1:${port}`;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-bench-checkout-'));
const cleanups = [];
// The scratch directories go whatever happens (a failed run leaves nothing behind).
process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));

const entry = await builtApiEntry();

// The summaries, as the API adds a sale to them: the call of the summaries' database function, built
// by the API's own source (reports read the summaries); the raw loop runs it so both sides do the same
// writes.
const { addSaleToSummariesStatement } = await importTypeScript('apps/api/src/features/reports/sales-summaries.ts');
const { PgDialect } = await import('drizzle-orm/pg-core');
const dialect = new PgDialect();
/** The summaries statement of one sale, as text and parameters. */
const saleSummaries = (businessId, saleId) => dialect.sqlToQuery(addSaleToSummariesStatement(businessId, saleId, 1));

// ---------------------------------------------------------------- the server

/** The server on its own empty web folder (the bench needs only the API). */
function startApi(env) {
  return startServer({
    entry,
    cwd: root,
    port,
    env: { WEB_DIST_DIR: fs.mkdtempSync(path.join(scratch, 'web-')), ...env },
  });
}

// ---------------------------------------------------------------- figures

// ---------------------------------------------------------------- carts

// ---------------------------------------------------------------- a database to run on

/** A thin query interface over PGlite (in process) or a pg pool, with one-transaction-per-call. */
function pgliteTarget(db) {
  return {
    query: async (text, params) => (await db.query(text, params)).rows,
    transaction: (fn) =>
      db.transaction((tx) => fn({ query: async (text, params) => (await tx.query(text, params)).rows })),
    close: () => db.close(),
  };
}
/** One sale as raw SQL in one transaction: the writes POST /api/v1/sales makes. */
async function rawSale(db, ctx, cart) {
  const saleId = uuidv7();
  const key = `raw-${saleId}`;
  const { lines, priced } = cart;
  await db.transaction(async (tx) => {
    const claimed = await tx.query(
      `insert into idempotency_keys (business_id, key, request_hash) values ($1, $2, $3)
       on conflict do nothing returning key`,
      [ctx.businessId, key, createHash('sha256').update(key).digest('hex')],
    );
    if (claimed.length === 0) throw new Error('key taken');
    // The stock as moveStock takes it: missing rows created, rows locked in variant order (no
    // deadlock), one guarded update (no oversell), one insert of the movements.
    const ordered = lines.map((l, i) => ({ ...l, i })).sort((a, b) => (a.item.variantId < b.item.variantId ? -1 : 1));
    const ids = ordered.map(({ item }) => item.variantId);
    await tx.query(
      `insert into stock_levels (business_id, store_id, variant_id, product_id)
       select $1, $2, v, p from unnest($3::uuid[], $4::uuid[]) as t(v, p) on conflict do nothing`,
      [ctx.businessId, ctx.storeId, ids, ordered.map(({ item }) => item.productId)],
    );
    const locked = await tx.query(
      `select variant_id, on_hand from stock_levels
        where business_id = $1 and store_id = $2 and variant_id = any($3::uuid[]) order by variant_id for update`,
      [ctx.businessId, ctx.storeId, ids],
    );
    const onHand = new Map(locked.map((r) => [r.variant_id, Math.round(Number(r.on_hand) * 1000)]));
    const after = ordered.map(({ item, quantity }) => (onHand.get(item.variantId) ?? 0) - quantity * 1000);
    if (after.some((a) => a < 0)) throw new Error('INSUFFICIENT_STOCK');
    const updated = await tx.query(
      `update stock_levels s set on_hand = s.on_hand + d.delta, updated_at = now()
         from unnest($3::uuid[], $4::numeric[]) as d(variant_id, delta)
        where s.business_id = $1 and s.store_id = $2 and s.variant_id = d.variant_id and s.on_hand + d.delta >= 0
        returning s.variant_id`,
      [ctx.businessId, ctx.storeId, ids, ordered.map(({ quantity }) => String(-quantity))],
    );
    if (updated.length !== ordered.length) throw new Error('INSUFFICIENT_STOCK');
    await tx.query(
      `insert into stock_movements (business_id, id, store_id, product_id, variant_id, delta, on_hand_after,
                                    reason, ref_type, ref_id, actor_account_id)
       select $1, id, $2, p, v, d, a, 'sale', 'sale', $3, $4
         from unnest($5::uuid[], $6::uuid[], $7::uuid[], $8::numeric[], $9::numeric[]) as t(id, p, v, d, a)`,
      [
        ctx.businessId,
        ctx.storeId,
        saleId,
        ctx.accountId,
        ordered.map(() => uuidv7()),
        ordered.map(({ item }) => item.productId),
        ids,
        ordered.map(({ quantity }) => String(-quantity)),
        after.map((a) => String(a / 1000)),
      ],
    );
    const [counter] = await tx.query(
      `with counter as (
         insert into document_counters (business_id, store_id, kind, last_value) values ($1, $2, 'sale', 1)
         on conflict (business_id, store_id, kind) do update set last_value = document_counters.last_value + 1
         returning last_value)
       select counter.last_value, stores.alias from counter, stores where stores.business_id = $1 and stores.id = $2`,
      [ctx.businessId, ctx.storeId],
    );
    const number = `${counter.alias}-S${String(counter.last_value).padStart(6, '0')}`;
    await tx.query(
      `insert into sales (business_id, id, store_id, session_id, number, cashier_account_id, subtotal_minor,
                          discount_minor, tax_minor, total_minor, paid_minor, change_minor)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, 0)`,
      [
        ctx.businessId,
        saleId,
        ctx.storeId,
        ctx.sessionId,
        number,
        ctx.accountId,
        priced.subtotalMinor,
        priced.discountMinor,
        priced.taxMinor,
        priced.totalMinor,
      ],
    );
    const values = [];
    const params = [ctx.businessId, saleId];
    lines.forEach(({ item, quantity }, i) => {
      const p = priced.lines[i];
      const at = params.length;
      params.push(
        i + 1,
        item.productId,
        item.variantId,
        item.name,
        item.sku,
        String(quantity),
        item.priceMinor,
        p.grossMinor,
        p.lineDiscountMinor,
        p.cartDiscountMinor,
        item.taxRateId,
        item.taxRateBasisPoints,
        item.taxInclusive,
        p.taxMinor,
        p.totalMinor,
        item.costMinor,
      );
      values.push(`($1, $2, ${Array.from({ length: 16 }, (_, k) => `$${at + k + 1}`).join(', ')})`);
    });
    await tx.query(
      `insert into sale_lines (business_id, sale_id, line_no, product_id, variant_id, name, sku, quantity,
                               unit_price_minor, gross_minor, line_discount_minor, cart_discount_minor, tax_rate_id,
                               tax_rate_basis_points, tax_inclusive, tax_minor, total_minor, unit_cost_minor)
       values ${values.join(', ')}`,
      params,
    );
    await tx.query(
      `insert into sale_payments (business_id, sale_id, seq, method, amount_minor, tendered_minor)
       values ($1, $2, 1, 'cash', $3, $3)`,
      [ctx.businessId, saleId, priced.totalMinor],
    );
    const summaries = saleSummaries(ctx.businessId, saleId);
    await tx.query(summaries.sql, summaries.params);
    const response = JSON.stringify({ id: saleId, number, totalMinor: priced.totalMinor, lines: priced.lines });
    await tx.query(
      `insert into audit_events (business_id, id, actor_account_id, store_id, action, entity, entity_id, after,
                                 request_id, ip)
       values ($1, $2, $3, $4, 'sale.complete', 'sale', $5, $6, $7, '127.0.0.1')`,
      [
        ctx.businessId,
        uuidv7(),
        ctx.accountId,
        ctx.storeId,
        saleId,
        JSON.stringify({ number, totalMinor: priced.totalMinor }),
        key,
      ],
    );
    await tx.query(
      `update idempotency_keys set status_code = 201, response_body = $3 where business_id = $1 and key = $2`,
      [ctx.businessId, key, response],
    );
  });
}

// ---------------------------------------------------------------- refunds and deliveries

/**
 * Refunds and purchase-order receipts through the API, as the till and the back office make them:
 * one unit of a sale's first line back on the shelf, paid in cash from the register (sales made by the
 * API loops); and a five-line order received in full (the orders are made first, untimed).
 */
async function refundsAndReceipts({ post, catalogue, sessionId, soldIds, vendorId }) {
  const key = () => ({ 'idempotency-key': randomBytes(16).toString('hex') });
  const refund = (i) =>
    post(
      `/api/v1/sales/${soldIds[i]}/refunds`,
      { id: uuidv7(), lines: [{ lineNo: 1, quantity: 1, restock: true }], method: 'cash', sessionId, reason: 'Bench' },
      key(),
    );
  const refunds = await drive(REFUNDS, CONCURRENCY, refund);
  const refundsSerial = await drive(SERIAL, 1, (i) => refund(REFUNDS + i));

  const orders = [];
  await drive(RECEIPTS + SERIAL, 4, async (i) => {
    const { lines } = cartOf(catalogue, 7_000_000 + i);
    const order = await post('/api/v1/purchase-orders', {
      vendorId,
      lines: lines.map(({ item, quantity }) => ({
        variantId: item.variantId,
        quantity,
        unitCostMinor: item.costMinor,
      })),
    });
    orders[i] = order;
  });
  const receive = (i) =>
    post(
      `/api/v1/purchase-orders/${orders[i].id}/receipts`,
      { id: uuidv7(), lines: orders[i].lines.map((l) => ({ lineNo: l.lineNo, quantity: l.quantityOrdered })) },
      key(),
    );
  const receipts = await drive(RECEIPTS, CONCURRENCY, receive);
  const receiptsSerial = await drive(SERIAL, 1, (i) => receive(RECEIPTS + i));
  return { refunds, refundsSerial, receipts, receiptsSerial };
}

// ---------------------------------------------------------------- one database, both loops

async function benchOn(label, open, serverEnv) {
  console.log(`\n${label}: creating, migrating and seeding…`);
  await stopServer(await startApi(serverEnv));

  let db = await open();
  const one = async (text, params = []) => (await db.query(text, params))[0];
  const business = await one(`select id from businesses where name = 'Demo Mart'`);
  const store = await one(`select id from stores where business_id = $1 and alias = 'LEK'`, [business.id]);
  const manager = await one(`select id from accounts where email = 'manager@demo.ipos.test'`);
  const vendor = await one(
    `select id from contacts where business_id = $1 and kind = 'vendor' and archived_at is null`,
    [business.id],
  );
  const secrets = await one(`select value from oidc_secrets where name = 'embedded-provider'`);
  const catalogue = await seedCatalogue(db, business.id, store.id);
  // Thousands of sales in one month: on the Business plan, so the plan's monthly limit never refuses one.
  await db.query(`update businesses set plan = 'business' where id = $1`, [business.id]);
  const rawSessionId = uuidv7();
  await db.query(
    `insert into register_sessions (business_id, id, store_id, register_name, opened_by, opening_float_minor)
     values ($1, $2, $3, 'Bench raw', $4, 0)`,
    [business.id, rawSessionId, store.id, manager.id],
  );
  const ctx = { businessId: business.id, storeId: store.id, accountId: manager.id, sessionId: rawSessionId };

  // Raw SQL: the same writes, in process (PGlite) or through a pool of the app's size (PostgreSQL).
  await drive(WARMUP, CONCURRENCY, (i) => rawSale(db, ctx, cartOf(catalogue, 1_000_000 + i)));
  const raw = await drive(SALES, CONCURRENCY, (i) => rawSale(db, ctx, cartOf(catalogue, i)));
  const rawBusy = await drive(BUSY_SALES, BUSY_CLIENTS, (i) => rawSale(db, ctx, cartOf(catalogue, 5_000_000 + i)));
  // One client: the time a sale takes when nothing queues ahead of it.
  const rawSerial = await drive(SERIAL, 1, (i) => rawSale(db, ctx, cartOf(catalogue, 3_000_000 + i)));
  await db.close();

  // The API over HTTP with a real token.
  const token = await signAccessToken(secrets.value.signingKeys[0], manager.id, port);
  const headers = { authorization: `Bearer ${token}`, 'x-store-id': store.id, 'content-type': 'application/json' };
  const post = apiPoster(base, headers);
  const server = await startApi(serverEnv);
  let api;
  let apiBusy;
  let apiSerial;
  let others;
  try {
    const session = await post('/api/v1/register-sessions', { registerName: 'Bench', openingFloatMinor: 0 });
    const soldIds = [];
    const sell = async (i) => {
      const body = saleRequest(catalogue, i, session.id, uuidv7());
      const sale = await post('/api/v1/sales', body, { 'idempotency-key': randomBytes(16).toString('hex') });
      if (sale.totalMinor !== body.expectedTotalMinor) throw new Error('the server priced it differently');
      soldIds.push(sale.id);
    };
    await drive(WARMUP, CONCURRENCY, (i) => sell(2_000_000 + i));
    api = await drive(SALES, CONCURRENCY, sell);
    apiBusy = await drive(BUSY_SALES, BUSY_CLIENTS, (i) => sell(6_000_000 + i));
    apiSerial = await drive(SERIAL, 1, (i) => sell(4_000_000 + i));
    others = await refundsAndReceipts({ post, catalogue, sessionId: session.id, soldIds, vendorId: vendor.id });
  } finally {
    await stopServer(server);
  }

  db = await open();
  const after = await books(db, business.id);
  await db.close();
  return { label, raw, api, rawBusy, apiBusy, rawSerial, apiSerial, ...others, after };
}

// ---------------------------------------------------------------- the runs

const results = [];
const pgliteDir = path.join(scratch, 'embedded');
fs.mkdirSync(pgliteDir);
results.push(
  await benchOn(
    'embedded database (PGlite)',
    async () => {
      const db = await PGlite.create({ dataDir: path.join(pgliteDir, 'pglite'), extensions: { pg_trgm } });
      await db.exec('SET random_page_cost = 1.1');
      return pgliteTarget(db);
    },
    { DATA_DIR: pgliteDir, DATABASE_URL: undefined },
  ),
);

if (process.env.DATABASE_URL) {
  const scratchDb = await scratchDatabase(process.env.DATABASE_URL, 'ipos_bench');
  cleanups.push(scratchDb.drop);
  const url = new URL(scratchDb.url);
  const pgDir = path.join(scratch, 'postgres');
  fs.mkdirSync(pgDir);
  try {
    results.push(
      await benchOn(
        'PostgreSQL',
        async () => poolTarget(new pg.Pool({ connectionString: url.toString(), max: POOL_SIZE })),
        { DATA_DIR: pgDir, DATABASE_URL: url.toString() },
      ),
    );
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

// ---------------------------------------------------------------- the table

const ms = (x) => (x === undefined ? '—' : `${x.toFixed(1)} ms`).padStart(10);
const row = (what, fig, budget) =>
  `${what.padEnd(40)}${fig.perSecond.toFixed(0).padStart(8)}${ms(fig.p50)}${ms(fig.p95)}${ms(fig.p99)}${ms(fig.max)}   ${
    budget ? `${budget.padEnd(10)}${fig.p95 <= 50 ? 'within' : 'OVER'}` : ''
  }`;
console.log(
  `\n${SALES} sales of ${LINES} lines per loop at ${CONCURRENCY} concurrent clients (then ${BUSY_SALES} at ${BUSY_CLIENTS}, then ${SERIAL} from 1 client), after ${WARMUP} warm-up sales (node ${process.version}, ${os.cpus().length} cores; the clients run on the same machine). The SQL loop makes the sale API's writes, report summaries included (the API's own call of their function).`,
);
console.log(
  `${''.padEnd(40)}${'sales/s'.padStart(8)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}${'max'.padStart(10)}   budget (p95)`,
);
for (const r of results) {
  const embedded = r.label.startsWith('embedded');
  const db = embedded ? 'PGlite' : 'PostgreSQL';
  console.log(row(`API  POST /api/v1/sales — ${embedded ? 'PGlite' : 'PostgreSQL'}`, r.api, embedded ? '≤ 50 ms' : ''));
  console.log(row(`SQL  the same writes — ${embedded ? 'PGlite' : 'PostgreSQL'}`, r.raw));
  console.log(row(`API  ${BUSY_CLIENTS} clients — ${embedded ? 'PGlite' : 'PostgreSQL'}`, r.apiBusy));
  console.log(row(`SQL  ${BUSY_CLIENTS} clients — ${embedded ? 'PGlite' : 'PostgreSQL'}`, r.rawBusy));
  console.log(row(`API  1 client — ${embedded ? 'PGlite' : 'PostgreSQL'}`, r.apiSerial));
  console.log(row(`SQL  1 client — ${embedded ? 'PGlite' : 'PostgreSQL'}`, r.rawSerial));
  console.log(
    `${''.padEnd(40)}API/raw at ${CONCURRENCY} clients: ${(r.api.perSecond / r.raw.perSecond).toFixed(2)}× the throughput, ${(r.api.p95 / r.raw.p95).toFixed(2)}× the p95`,
  );
  console.log(row(`API  refund, ${CONCURRENCY} clients — ${db}`, r.refunds));
  console.log(row(`API  refund, 1 client — ${db}`, r.refundsSerial));
  console.log(row(`API  PO receipt, ${CONCURRENCY} clients — ${db}`, r.receipts));
  console.log(row(`API  PO receipt, 1 client — ${db}`, r.receiptsSerial));
  const cost = (fig) => (r.apiSerial.p50 > 0 ? (fig.p50 / r.apiSerial.p50).toFixed(2) : '—');
  console.log(
    `${''.padEnd(40)}cost against a sale (1-client p50): refund ${cost(r.refundsSerial)}×, PO receipt of ${LINES} lines ${cost(r.receiptsSerial)}× (budget ≤ 2×)`,
  );
  for (const [what, fig] of [
    ['API', r.api],
    ['SQL', r.raw],
    ['refund', r.refunds],
    ['PO receipt', r.receipts],
  ])
    for (const [why, n] of fig.failures) console.log(`  ${what} failures: ${n} × ${why}`);
  console.log(
    `  books: ${r.after.sales} sales, payments ${r.after.balanced ? 'equal' : 'DIFFER FROM'} totals, ${r.after.ledgerMismatches} ledger mismatches`,
  );
}
