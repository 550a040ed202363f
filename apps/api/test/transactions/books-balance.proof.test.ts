import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  getSale,
  listSales,
  type CreateSaleBody,
  type PaymentMethod,
  type Sale,
  type SaleDetail,
} from '@ipos/contracts';
import { queryRows } from '../../src/db/client.js';
import { ledgerMismatches } from '../../src/features/inventory/stock-ledger.js';
import { salesSummaryMismatches } from '../../src/features/reports/sales-summaries.js';
import { createTestServer, type TestServer } from '../support/server.js';
import { registerTenant, type Tenant } from '../support/isolation.js';
import { createTestProduct, onHand, type TestProduct } from '../support/catalog.js';
import { caller } from '../inventory/helpers.js';
import { createTestTaxRate, openTestSession, seller, setProductTaxRate } from '../checkout/checkout-support.js';
import { newId } from '../../src/lib/ids.js';
import { seededRandom } from '../../src/lib/seeded-random.js';
import { refundBody, refunder, summaryOf, voider } from './transactions-support.js';

const STOCK = 500;

/**
 * THE PROOF "books balance": after a random mix of sales (split payments, discounts, weighed goods,
 * inclusive and exclusive tax), partial refunds (restocked or not, several methods) and voids, through
 * the API:
 * - every variant's on hand equals its ledger, and equals opening − sold (not voided) + restocked;
 * - for every completed sale, its payments (net of change) equal its total;
 * - sum of totals of non-voided sales − sum of refunds = the list's net = Σ sessions (sales − refunds);
 * - the report summaries kept along the way equal the raw sales and refunds (decision 0014).
 */
describe('proof: the books balance after random sales, refunds and voids', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  for (const seed of [7, 2026, 31337]) {
    it(`balances for seed ${seed}`, async () => {
      const random = seededRandom(seed);
      const shop: Tenant = await registerTenant(server);
      const token = await shop.token();
      const scope = { businessId: shop.businessId, storeId: shop.storeId };
      const sessions = [await openTestSession(server, scope), await openTestSession(server, scope)];
      const inclusive = await createTestTaxRate(server, shop.businessId, 750, true);
      const exclusive = await createTestTaxRate(server, shop.businessId, 1600, false);
      const make = (price: number, unit: 'each' | 'kg' = 'each') =>
        createTestProduct(server, {
          businessId: shop.businessId,
          unit,
          variants: [{ sellingPriceMinor: price, costPriceMinor: 100, stock: { [shop.storeId]: STOCK } }],
        });
      const products: (TestProduct & { unit: 'each' | 'kg' })[] = [
        { ...(await make(999)), unit: 'each' },
        { ...(await make(1_234)), unit: 'each' },
        { ...(await make(250_000, 'kg')), unit: 'kg' },
        { ...(await make(33_333)), unit: 'each' },
      ];
      await setProductTaxRate(server, shop.businessId, products[1]!.id, inclusive);
      await setProductTaxRate(server, shop.businessId, products[3]!.id, exclusive);

      const sell = seller(server);
      const refund = refunder(server);
      const voidIt = voider(server);
      const call = caller(server, shop.email);
      // The model: what each variant should hold in thousandths, and what each sale still has to refund.
      const expectedTh = new Map(products.map((p) => [p.variantId, STOCK * 1000]));
      const sold: { sale: Sale; refundable: number[]; refunded: boolean; voided: boolean }[] = [];
      let refundsMade = 0;
      let voidsMade = 0;

      for (let step = 0; step < 30; step++) {
        const roll = random.next();
        const open = sold.filter((s) => !s.voided && s.refundable.some((q) => q > 0));
        if (roll < 0.55 || open.length === 0) {
          // A sale of 1 to 3 products, sometimes discounted, paid in one to three ways.
          const chosen = [...products].sort(() => random.next() - 0.5).slice(0, random.int(1, 3));
          const lines: CreateSaleBody['lines'] = chosen.map((p) => ({
            variantId: p.variantId,
            quantity: p.unit === 'kg' ? random.int(100, 2_500) / 1000 : random.int(1, 4),
            ...(random.next() < 0.3 ? { discount: { type: 'percent' as const, value: random.int(1, 3_000) } } : {}),
          }));
          const draft: CreateSaleBody = {
            id: newId(),
            sessionId: random.pick(sessions),
            lines,
            ...(random.next() < 0.2 ? { cartDiscount: { type: 'amount' as const, value: random.int(1, 500) } } : {}),
            payments: [{ method: 'cash', amountMinor: 1 }],
            expectedTotalMinor: 0,
          };
          // The server prices the sale; its figures come back with 409 PRICE_CHANGED.
          const priced = await sell({ token, storeId: shop.storeId, body: draft });
          expect(priced.statusCode, priced.body).toBe(409);
          const total = (priced.json() as { priceChanged: { totalMinor: number } }).priceChanged.totalMinor;
          const card = random.next() < 0.5 ? random.int(0, total) : 0;
          const momo = random.next() < 0.3 ? random.int(0, total - card) : 0;
          const cash = total - card - momo;
          const payments: CreateSaleBody['payments'] = [];
          if (card > 0) payments.push({ method: 'card', amountMinor: card, reference: `C${step}` });
          if (momo > 0) payments.push({ method: 'mobile_money', amountMinor: momo, provider: 'mtn_momo' });
          if (cash > 0 || payments.length === 0)
            payments.push({ method: 'cash', amountMinor: cash, tenderedMinor: cash + random.int(0, 2) * 500 });
          const res = await sell({
            token,
            storeId: shop.storeId,
            body: { ...draft, payments, expectedTotalMinor: total },
          });
          expect(res.statusCode, res.body).toBe(201);
          const sale = res.json() as Sale;
          for (const line of sale.lines)
            expectedTh.set(line.variantId, expectedTh.get(line.variantId)! - Math.round(line.quantity * 1000));
          sold.push({
            sale,
            refundable: sale.lines.map((l) => Math.round(l.quantity * 1000)),
            refunded: false,
            voided: false,
          });
        } else if (roll < 0.85) {
          // A partial refund of one or two lines, restocked or not.
          const target = random.pick(open);
          const lineIndexes = target.refundable.flatMap((q, i) => (q > 0 ? [i] : [])).slice(0, random.int(1, 2));
          const lines = lineIndexes.map((i) => {
            const line = target.sale.lines[i]!;
            const left = target.refundable[i]!;
            const th =
              products.find((p) => p.variantId === line.variantId)!.unit === 'kg'
                ? random.int(1, left)
                : random.int(1, left / 1000) * 1000;
            return { lineNo: line.lineNo, quantity: th / 1000, restock: random.next() < 0.7, th, i };
          });
          const method = random.pick<PaymentMethod>(['cash', 'card', 'bank_transfer']);
          const res = await refund({
            token,
            storeId: shop.storeId,
            saleId: target.sale.id,
            body: refundBody(random.pick(sessions), lines, { method }),
          });
          expect(res.statusCode, res.body).toBe(201);
          refundsMade += 1;
          target.refunded = true;
          for (const l of lines) {
            target.refundable[l.i] = target.refundable[l.i]! - l.th;
            if (l.restock) {
              const variantId = target.sale.lines[l.i]!.variantId;
              expectedTh.set(variantId, expectedTh.get(variantId)! + l.th);
            }
          }
        } else {
          // A void of a sale without refunds (both sessions stay open).
          const candidates = sold.filter((s) => !s.voided && !s.refunded);
          if (candidates.length === 0) continue;
          const target = random.pick(candidates);
          const res = await voidIt({
            token,
            storeId: shop.storeId,
            saleId: target.sale.id,
            body: { reason: 'Mistake' },
          });
          expect(res.statusCode, res.body).toBe(200);
          voidsMade += 1;
          target.voided = true;
          for (const line of target.sale.lines)
            expectedTh.set(line.variantId, expectedTh.get(line.variantId)! + Math.round(line.quantity * 1000));
        }
      }
      // The mix really mixed.
      expect(sold.length).toBeGreaterThan(5);
      expect(refundsMade).toBeGreaterThan(0);
      expect(voidsMade).toBeGreaterThan(0);

      // Stock: the ledger holds, and on hand is exactly what the model says.
      expect(await ledgerMismatches(server.deps.database.db, shop.businessId)).toEqual([]);
      // The report summaries, kept sale by sale, refund by refund and void by void, equal the raw rows.
      expect(await salesSummaryMismatches(server.deps.database.db, shop.businessId)).toEqual([]);
      for (const p of products)
        expect(await onHand(server, shop.businessId, shop.storeId, p.variantId)).toBe(
          expectedTh.get(p.variantId)! / 1000,
        );

      // Money per completed sale: payments (net of change) = total; paid − change = total.
      const perSale = await queryRows<{ id: string; total: string; payments: string; paid: string; change: string }>(
        server.deps.database.db,
        sql`select s.id, s.total_minor::text as total, s.paid_minor::text as paid, s.change_minor::text as change,
                   (select coalesce(sum(p.amount_minor), 0) from sale_payments p
                     where p.business_id = s.business_id and p.sale_id = s.id)::text as payments
            from sales s where s.business_id = ${shop.businessId} and s.status = 'completed'`,
      );
      for (const row of perSale) {
        expect(Number(row.payments), row.id).toBe(Number(row.total));
        expect(Number(row.paid) - Number(row.change), row.id).toBe(Number(row.total));
      }
      // No line refunded beyond its total; a fully refunded line returned exactly its total.
      const details = await Promise.all(
        sold.map(
          async (s) =>
            (await call(getSale, { storeId: shop.storeId, params: { saleId: s.sale.id } })).json() as SaleDetail,
        ),
      );
      for (const d of details)
        for (const line of d.lines) {
          const back = d.refunds.flatMap((r) => r.lines).filter((l) => l.lineNo === line.lineNo);
          const money = back.reduce((sum, l) => sum + l.totalMinor, 0);
          expect(money).toBeLessThanOrEqual(line.totalMinor);
          if (line.refundedQuantity === line.quantity) expect(money).toBe(line.totalMinor);
        }

      // The net three ways: the records, the transactions list, the register sessions.
      const salesNet = sold.filter((s) => !s.voided).reduce((sum, s) => sum + s.sale.totalMinor, 0);
      const refundsTotal = details.reduce((sum, d) => sum + d.refundedMinor, 0);
      const listed = await call(listSales, { storeId: shop.storeId, query: { limit: '1' } });
      expect(listed.statusCode).toBe(200);
      const totals = (
        listed.json() as { totals: { count: number; totalMinor: number; refundedMinor: number; netMinor: number } }
      ).totals;
      expect(totals).toEqual({
        count: sold.length,
        totalMinor: salesNet,
        refundedMinor: refundsTotal,
        netMinor: salesNet - refundsTotal,
      });
      const summaries = await Promise.all(sessions.map((id) => summaryOf(server, scope, id)));
      const sessionNet = summaries.reduce((sum, f) => sum + f.salesTotalMinor - f.refundsTotalMinor, 0);
      expect(sessionNet).toBe(salesNet - refundsTotal);
      // And the drawers: float + cash taken − cash paid back, per the records.
      const [cash] = await queryRows<{ taken: string; back: string }>(
        server.deps.database.db,
        sql`select (select coalesce(sum(p.amount_minor), 0) from sale_payments p join sales s
                      on s.business_id = p.business_id and s.id = p.sale_id
                    where s.business_id = ${shop.businessId} and s.status = 'completed' and p.method = 'cash')::text as taken,
                   (select coalesce(sum(total_minor), 0) from refunds
                    where business_id = ${shop.businessId} and method = 'cash')::text as back`,
      );
      const expectedCash = summaries.reduce((sum, f) => sum + f.expectedCashMinor, 0);
      expect(expectedCash).toBe(2 * 1_000_000 + Number(cash!.taken) - Number(cash!.back));
    });
  }
});
