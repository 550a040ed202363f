import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../src/db/client.js';
import {
  backfillStatements,
  rebuildSalesSummaries,
  salesSummaryMismatches,
  SUMMARY_FUNCTIONS,
  summaryFunctionsSql,
} from '../../src/features/reports/sales-summaries.js';
import { createTestServer, type TestServer } from '../support/server.js';
import { registerTenant, type Tenant } from '../support/isolation.js';
import { createTestProduct } from '../support/catalog.js';
import { createTestTaxRate, openTestSession, saleBody, setProductTaxRate } from '../checkout/checkout-support.js';
import { createTestContact, refundBody, refunder, sellOk, voider } from '../transactions/transactions-support.js';
import { seededRandom } from '../../src/lib/seeded-random.js';
import type { PaymentMethod, Sale } from '@ipos/contracts';
import { openReportShop, sellAt } from './reports-support.js';

const tables = [
  'sales_day_totals',
  'sales_day_variants',
  'sales_day_payments',
  'sales_day_taxes',
  'sales_day_customers',
];

/**
 * The check that proves the summaries (`salesSummaryMismatches`, run after every test that sells) is
 * not vacuous, and the rebuild and the migration's backfill give exactly what the sales kept, also
 * after a seeded random sequence of sales (on several days), refunds and voids; the books-balance
 * proof (test/transactions/books-balance.proof.test.ts) checks its own sequences against the raw rows.
 */
/** Every summary row of a business, without its id, in one order. */
async function snapshot(db: Executor, businessId: string) {
  const rows: Record<string, unknown>[] = [];
  for (const table of tables)
    rows.push(
      ...(await queryRows<Record<string, unknown>>(
        db,
        sql`select ${table}::text as t, to_jsonb(x) - 'business_id' as row from ${sql.raw(table)} x
             where business_id = ${businessId} order by (to_jsonb(x) - 'business_id')::text`,
      )),
    );
  return rows;
}

/** The rows with a figure: a void takes its sale out of its day and leaves zeros behind, which a rebuild does not write. */
const withFigures = (rows: Record<string, unknown>[]) =>
  rows.filter((r) =>
    Object.entries(r.row as Record<string, unknown>).some(
      ([column, value]) => /(_minor|_count|quantity)$/.test(column) && Number(value) !== 0,
    ),
  );

describe('report summaries', () => {
  let server: TestServer;
  let shop: Tenant;

  beforeAll(async () => {
    server = await createTestServer();
    shop = await registerTenant(server);
    const token = await shop.token();
    const session = await openTestSession(server, { businessId: shop.businessId, storeId: shop.storeId });
    const product = await createTestProduct(server, {
      businessId: shop.businessId,
      variants: [{ sellingPriceMinor: 1_075, costPriceMinor: 700, stock: { [shop.storeId]: 50 } }],
    });
    await setProductTaxRate(
      server,
      shop.businessId,
      product.id,
      await createTestTaxRate(server, shop.businessId, 750, true),
    );
    const sale = await sellOk(
      server,
      token,
      shop.storeId,
      saleBody(session, [{ variantId: product.variantId, quantity: 3 }], 3_225),
    );
    await sellOk(
      server,
      token,
      shop.storeId,
      saleBody(session, [{ variantId: product.variantId, quantity: 1 }], 1_075, {
        payments: [{ method: 'card', amountMinor: 1_075, reference: 'POS-7' }],
      }),
    );
    const res = await refunder(server)({
      token,
      storeId: shop.storeId,
      saleId: sale.id,
      body: refundBody(session, [{ lineNo: 1, quantity: 1 }]),
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('are exact after sales and a refund, and the check reports a summary row that drifts', async () => {
    const db = server.deps.database.db;
    expect(await salesSummaryMismatches(db, shop.businessId)).toEqual([]);
    const [day] = await queryRows<{ total_minor: number | string; refund_total_minor: number | string }>(
      db,
      sql`select total_minor, refund_total_minor from sales_day_totals where business_id = ${shop.businessId}`,
    );
    expect([Number(day!.total_minor), Number(day!.refund_total_minor)]).toEqual([4_300, 1_075]);

    await db.execute(
      sql`update sales_day_variants set total_minor = total_minor + 1 where business_id = ${shop.businessId}`,
    );
    const drift = await salesSummaryMismatches(db, shop.businessId);
    expect(drift.map((m) => [m.table, m.side])).toEqual([
      ['sales_day_variants', 'summary'],
      ['sales_day_variants', 'raw'],
    ]);
    await db.transaction((tx) => rebuildSalesSummaries(tx, shop.businessId));
    expect(await salesSummaryMismatches(db, shop.businessId)).toEqual([]);
  });

  it('are kept by database functions whose text is the summaries’ own statements', async () => {
    // A migration wrote the functions from summaryFunctionsSql(): when the summaries change, this fails
    // until a new migration replaces them (node scripts/summary-functions-sql.mjs prints the text).
    const bodyOf = (name: string) =>
      summaryFunctionsSql()
        .split('--> statement-breakpoint')
        .find((statement) => statement.includes(`function ${name}(`))!
        .split('$fn$')[1]!;
    const stored = await queryRows<{ name: string; body: string }>(
      server.deps.database.db,
      sql`select proname as name, prosrc as body from pg_proc
           where proname in (${SUMMARY_FUNCTIONS.sale}, ${SUMMARY_FUNCTIONS.refund}) order by proname`,
    );
    expect(stored.map((f) => f.name)).toEqual([SUMMARY_FUNCTIONS.refund, SUMMARY_FUNCTIONS.sale]);
    for (const f of stored) expect(f.body).toBe(bodyOf(f.name));
  });

  it('rebuild and the migration’s backfill give exactly what the sales kept', async () => {
    const db = server.deps.database.db;
    const kept = await snapshot(db, shop.businessId);
    expect(kept.length).toBeGreaterThanOrEqual(tables.length - 1); // no named customer: no customer row

    await db.transaction((tx) => rebuildSalesSummaries(tx, shop.businessId, shop.storeId));
    expect(await snapshot(db, shop.businessId)).toEqual(kept);

    // The backfill fills every business at once: run it in a transaction that empties the tables
    // first and is rolled back after the comparison, so the other tests' data is untouched.
    const backfilled = await db
      .transaction(async (tx) => {
        for (const table of tables) await tx.execute(sql`delete from ${sql.raw(table)}`);
        for (const statement of backfillStatements()) await tx.execute(statement);
        const rows = await snapshot(tx, shop.businessId);
        throw Object.assign(new Error('roll back'), { rows });
      })
      .catch((error: { rows?: Record<string, unknown>[] }) => error.rows);
    expect(backfilled).toEqual(kept);
  });
  for (const seed of [11, 4242])
    it(`after random sales, refunds and voids (seed ${seed}) equal the raw rows and a rebuild`, async () => {
      const random = seededRandom(seed);
      const db = server.deps.database.db;
      const shop = await openReportShop(server);
      const customer = await createTestContact(server, shop.businessId);
      const inclusive = await createTestTaxRate(server, shop.businessId, 750, true);
      const exclusive = await createTestTaxRate(server, shop.businessId, 1_600, false);
      const make = async (price: number, cost: number, unit: 'each' | 'kg', taxRateId?: string) => {
        const p = await createTestProduct(server, {
          businessId: shop.businessId,
          unit,
          variants: [{ sellingPriceMinor: price, costPriceMinor: cost, stock: { [shop.storeId]: 1_000 } }],
        });
        if (taxRateId) await setProductTaxRate(server, shop.businessId, p.id, taxRateId);
        return { ...p, unit };
      };
      const products = [
        await make(999, 613, 'each'),
        await make(1_234, 777, 'each', inclusive),
        await make(250_000, 180_333, 'kg', exclusive),
        await make(33_333, 20_001, 'each', exclusive),
      ];
      const sold: { sale: Sale; refundable: number[]; refunded: boolean; voided: boolean }[] = [];
      let refunds = 0;
      let voids = 0;

      // A few sales moved to other days first (moving rebuilds), then everything on top is kept
      // incrementally, sale by sale, refund by refund and void by void — including the past sales.
      const yesterday = Date.now() - 86_400_000;
      for (let step = 0; step < 28; step++) {
        const roll = random.next();
        const open = sold.filter((s) => !s.voided && s.refundable.some((q) => q > 0));
        if (step < 4 || roll < 0.5 || open.length === 0) {
          const chosen = [...products].sort(() => random.next() - 0.5).slice(0, random.int(1, 3));
          const sale = await sellAt(
            server,
            shop,
            chosen.map((p) => ({
              variantId: p.variantId,
              quantity: p.unit === 'kg' ? random.int(1, 2_500) / 1000 : random.int(1, 4),
              ...(random.next() < 0.3 ? { discount: { type: 'percent' as const, value: random.int(1, 3_000) } } : {}),
            })),
            {
              ...(step < 4
                ? { at: new Date(yesterday - step * 86_400_000 - random.int(0, 80_000_000)).toISOString() }
                : {}),
              ...(random.next() < 0.2 ? { cartDiscount: { type: 'amount' as const, value: random.int(1, 500) } } : {}),
              ...(random.next() < 0.3 ? { customerId: customer.id } : {}),
              pay: (total) => {
                const card = random.next() < 0.5 ? random.int(0, total) : 0;
                return card > 0 && card < total
                  ? [
                      { method: 'card', amountMinor: card, reference: `C${step}` },
                      { method: 'cash', amountMinor: total - card },
                    ]
                  : [
                      {
                        method: card > 0 ? 'card' : 'cash',
                        amountMinor: total,
                        ...(card > 0 ? { reference: 'C' } : {}),
                      },
                    ];
              },
            },
          );
          sold.push({
            sale,
            refundable: sale.lines.map((l) => Math.round(l.quantity * 1000)),
            refunded: false,
            voided: false,
          });
        } else if (roll < 0.82) {
          const target = random.pick(open);
          const lines = target.refundable
            .flatMap((q, i) => (q > 0 ? [i] : []))
            .slice(0, random.int(1, 2))
            .map((i) => {
              const line = target.sale.lines[i]!;
              const left = target.refundable[i]!;
              const weighed = products.find((p) => p.variantId === line.variantId)!.unit === 'kg';
              const th = weighed ? random.int(1, left) : random.int(1, left / 1000) * 1000;
              target.refundable[i] = left - th;
              return { lineNo: line.lineNo, quantity: th / 1000, restock: random.next() < 0.6 };
            });
          const res = await refunder(server)({
            token: shop.token,
            storeId: shop.storeId,
            saleId: target.sale.id,
            body: refundBody(shop.sessionId, lines, {
              method: random.pick<PaymentMethod>(['cash', 'card', 'bank_transfer']),
            }),
          });
          expect(res.statusCode, res.body).toBe(201);
          target.refunded = true;
          refunds += 1;
        } else {
          const candidates = sold.filter((s) => !s.voided && !s.refunded);
          if (candidates.length === 0) continue;
          const target = random.pick(candidates);
          const res = await voider(server)({
            token: shop.token,
            storeId: shop.storeId,
            saleId: target.sale.id,
            body: { reason: 'Mistake' },
          });
          expect(res.statusCode, res.body).toBe(200);
          target.voided = true;
          voids += 1;
        }
      }
      expect(sold.length).toBeGreaterThan(8);
      expect(refunds).toBeGreaterThan(0);
      expect(voids).toBeGreaterThan(0);

      // Equal to the raw rows…
      expect(await salesSummaryMismatches(db, shop.businessId)).toEqual([]);
      // …and to what a rebuild from the raw rows writes, row for row, over several days.
      const kept = await snapshot(db, shop.businessId);
      const days = new Set(kept.map((r) => (r.row as { day?: string }).day));
      expect(days.size).toBeGreaterThan(2);
      expect(kept.some((r) => r.t === 'sales_day_customers')).toBe(true);
      await db.transaction((tx) => rebuildSalesSummaries(tx, shop.businessId));
      expect(await snapshot(db, shop.businessId)).toEqual(withFigures(kept));
    });
});
