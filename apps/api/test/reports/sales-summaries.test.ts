import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../src/db/client.js';
import {
  backfillStatements,
  rebuildSalesSummaries,
  salesSummaryMismatches,
} from '../../src/features/reports/sales-summaries.js';
import { createTestServer, type TestServer } from '../support/server.js';
import { registerTenant, type Tenant } from '../support/isolation.js';
import { createTestProduct } from '../support/catalog.js';
import { createTestTaxRate, openTestSession, saleBody, setProductTaxRate } from '../checkout/checkout-support.js';
import { refundBody, refunder, sellOk } from '../transactions/transactions-support.js';

const tables = [
  'sales_day_totals',
  'sales_day_variants',
  'sales_day_payments',
  'sales_day_taxes',
  'sales_day_customers',
];

/**
 * The check that proves the summaries (`salesSummaryMismatches`, run after every test that sells) is
 * not vacuous, and the rebuild and the migration's backfill give exactly what the sales kept. The
 * random sequences are proved in test/transactions/books-balance.proof.test.ts.
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
});
