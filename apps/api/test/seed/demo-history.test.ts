import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  getPurchaseOrderReport,
  getWasteReport,
  lineValueMinor,
  mulDivRound,
  parseThousandths,
  storeDay,
  type PurchaseOrderReport,
  type WasteReport,
} from '@ipos/contracts';
import { queryRows } from '../../src/db/client.js';
import { ledgerMismatches } from '../../src/features/inventory/stock-ledger.js';
import { salesSummaryMismatches } from '../../src/features/reports/sales-summaries.js';
import { sessionSummaries } from '../../src/features/checkout/registers.repository.js';
import { demoProducts } from '../../src/seed/demo-products.js';
import { HISTORY_DAYS } from '../../src/seed/demo-history.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { getReportOk } from '../reports/reports-support.js';
import { demoIds } from '../support/isolation.js';

type Num = number | string;
const n = (v: Num | null) => Number(v ?? 0);

/**
 * The demo seed's ninety days of trading, read back from the seeded test database:
 * the books balance, the figures are the pricing's, the numbers are gapless, the shelves end where
 * the catalogue says, and the history looks like a shop's.
 */
describe('demo history', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(server.deps.database.db, query);

  // Migrates and seeds its own database with the history (the shared test template leaves it out).
  beforeAll(async () => {
    server = await createTestServer({ SEED_DEMO_HISTORY: 'true' }, { emptyDatabase: true });
    demo = await demoIds(server);
  }, 240_000);
  afterAll(() => server.close());

  it('keeps the ledger: every on-hand figure is the sum of its movements, none ever below zero', async () => {
    expect(await ledgerMismatches(server.deps.database.db, demo.businessId)).toEqual([]);
    const [negative] = await rows<{ n: Num }>(
      sql`select count(*) as n from stock_movements where business_id = ${demo.businessId} and on_hand_after < 0`,
    );
    expect(n(negative!.n)).toBe(0);
    // Each movement's on_hand_after is the running sum of its variant's movements in time order.
    const [broken] = await rows<{ n: Num }>(sql`
      select count(*) as n from (
        select on_hand_after, sum(delta) over (partition by store_id, variant_id order by occurred_at, id) as running
          from stock_movements where business_id = ${demo.businessId}) m
       where m.on_hand_after <> m.running`);
    expect(n(broken!.n)).toBe(0);
    // The opening stock comes before the first sale.
    const [order] = await rows<{ opening: Date | string; first_sale: Date | string }>(sql`
      select (select max(occurred_at) from stock_movements where business_id = ${demo.businessId} and reason = 'adjustment') as opening,
             (select min(completed_at) from sales where business_id = ${demo.businessId}) as first_sale`);
    expect(new Date(order!.opening).getTime()).toBeLessThan(new Date(order!.first_sale).getTime());
  });

  it('summarises the history for reports exactly: every summary row is the sum of the sales and refunds it covers', async () => {
    const db = server.deps.database.db;
    expect(await salesSummaryMismatches(db, demo.businessId)).toEqual([]);
    const [row] = await queryRows<{ days: number | string }>(
      db,
      sql`select count(distinct day) as days from sales_day_totals where business_id = ${demo.businessId}`,
    );
    expect(Number(row!.days)).toBeGreaterThanOrEqual(80);
  });

  it('leaves today’s shelves as the catalogue has them (low and out-of-stock lines included)', async () => {
    // The history's own movements (opening stock, sales, refunds, voids of the till): the purchase
    // orders, waste and invoices seeded after it (today) move stock on top of these.
    // Summed per variant and store first, then named: the history holds tens of thousands of
    // movements, and joining each to its names before grouping took seconds on the embedded database.
    const levels = await rows<{ name: string; option_values: string[]; alias: string; on_hand: Num }>(sql`
      select p.name, v.option_values, s.alias, m.on_hand
        from (select variant_id, store_id, sum(delta) as on_hand
                from stock_movements
               where business_id = ${demo.businessId}
                 and reason in ('adjustment', 'sale', 'refund', 'void') and ref_type is distinct from 'invoice'
               group by variant_id, store_id) m
        join product_variants v on v.business_id = ${demo.businessId} and v.id = m.variant_id
        join products p on p.business_id = v.business_id and p.id = v.product_id
        join stores s on s.business_id = ${demo.businessId} and s.id = m.store_id
       where p.is_tracked`);
    const actual = new Map(
      levels.map((l) => [`${l.alias} ${l.name} ${l.option_values.join('/')}`, parseThousandths(l.on_hand) / 1000]),
    );
    let checked = 0;
    for (const product of demoProducts.filter((p) => p.tracked))
      for (const size of product.sizes ?? [{ size: '', lekki: product.lekki, ikeja: product.ikeja }]) {
        for (const [alias, quantity] of [
          ['LEK', size.lekki],
          ['IKJ', size.ikeja],
        ] as const) {
          const key = `${alias} ${product.name} ${size.size}`;
          expect(actual.get(key) ?? 0, key).toBe(quantity);
          checked += 1;
        }
      }
    expect(checked).toBeGreaterThan(300);
  });

  it('prices every line as the sale API does, and every sale is the sum of its lines, paid exactly', async () => {
    const lines = await rows<{
      sale_id: string;
      quantity: Num;
      unit_price_minor: Num;
      gross_minor: Num;
      line_discount_minor: Num;
      cart_discount_minor: Num;
      tax_rate_basis_points: number;
      tax_inclusive: boolean;
      tax_minor: Num;
      total_minor: Num;
      unit_cost_minor: Num;
      store_price: Num | null;
      variant_price: Num;
      cost_price_minor: Num;
    }>(sql`
      select l.sale_id, l.quantity, l.unit_price_minor, l.gross_minor, l.line_discount_minor, l.cart_discount_minor,
             l.tax_rate_basis_points, l.tax_inclusive, l.tax_minor, l.total_minor, l.unit_cost_minor,
             sl.selling_price_minor as store_price, v.selling_price_minor as variant_price, v.cost_price_minor
        from sale_lines l
        join sales s on s.business_id = l.business_id and s.id = l.sale_id
        join product_variants v on v.business_id = l.business_id and v.id = l.variant_id
        left join stock_levels sl on sl.business_id = l.business_id and sl.store_id = s.store_id and sl.variant_id = l.variant_id
       where l.business_id = ${demo.businessId}`);
    expect(lines.length).toBeGreaterThan(5000);
    const bad = lines.filter((l) => {
      const q = parseThousandths(l.quantity);
      const discounted = n(l.gross_minor) - n(l.line_discount_minor) - n(l.cart_discount_minor);
      const r = l.tax_rate_basis_points;
      return (
        n(l.unit_price_minor) !== n(l.store_price ?? l.variant_price) ||
        n(l.unit_cost_minor) !== n(l.cost_price_minor) ||
        n(l.gross_minor) !== lineValueMinor(q, n(l.unit_price_minor)) ||
        !l.tax_inclusive ||
        n(l.total_minor) !== discounted ||
        n(l.tax_minor) !== mulDivRound(discounted, r, 10_000 + r)
      );
    });
    expect(bad).toEqual([]);

    const [mismatch] = await rows<{ totals: Num; payments: Num; change: Num }>(sql`
      with t as (
        select s.id, s.subtotal_minor, s.discount_minor, s.tax_minor, s.total_minor, s.paid_minor, s.change_minor,
               (select sum(gross_minor) from sale_lines l where l.business_id = s.business_id and l.sale_id = s.id) as gross,
               (select sum(line_discount_minor + cart_discount_minor) from sale_lines l where l.business_id = s.business_id and l.sale_id = s.id) as disc,
               (select sum(tax_minor) from sale_lines l where l.business_id = s.business_id and l.sale_id = s.id) as tax,
               (select sum(total_minor) from sale_lines l where l.business_id = s.business_id and l.sale_id = s.id) as total,
               (select sum(amount_minor) from sale_payments p where p.business_id = s.business_id and p.sale_id = s.id) as paid,
               (select sum(coalesce(tendered_minor, amount_minor)) from sale_payments p where p.business_id = s.business_id and p.sale_id = s.id) as tendered
          from sales s where s.business_id = ${demo.businessId})
      select count(*) filter (where subtotal_minor <> gross or discount_minor <> disc or tax_minor <> tax or total_minor <> total) as totals,
             count(*) filter (where paid <> total_minor) as payments,
             count(*) filter (where paid_minor <> tendered or change_minor <> tendered - total_minor) as change
        from t`);
    expect({ totals: n(mismatch!.totals), payments: n(mismatch!.payments), change: n(mismatch!.change) }).toEqual({
      totals: 0,
      payments: 0,
      change: 0,
    });
  });

  it('closes each day’s till at what its sales and refunds say, and numbers documents without gaps', async () => {
    const sessions = await rows<{
      id: string;
      status: string;
      expected_cash_minor: Num;
      counted_cash_minor: Num;
      cash_refunds: Num;
    }>(sql`
      select r.id, r.status, r.expected_cash_minor, r.counted_cash_minor,
             (select coalesce(sum(f.total_minor), 0) from refunds f
               where f.business_id = r.business_id and f.session_id = r.id and f.method = 'cash') as cash_refunds
        from register_sessions r where r.business_id = ${demo.businessId}`);
    expect(sessions).toHaveLength(2 * HISTORY_DAYS);
    expect(sessions.every((s) => s.status === 'closed')).toBe(true);
    const figures = await sessionSummaries(
      server.deps.database.db,
      demo.businessId,
      sessions.map((s) => s.id),
    );
    let withVariance = 0;
    for (const s of sessions) {
      const f = figures.get(s.id)!;
      expect(f.salesCount, s.id).toBeGreaterThanOrEqual(15);
      expect(f.salesCount, s.id).toBeLessThanOrEqual(60);
      expect(n(s.expected_cash_minor), s.id).toBe(
        f.openingFloatMinor + f.byMethod.cash + f.cashInMinor - f.cashOutMinor - n(s.cash_refunds),
      );
      if (n(s.counted_cash_minor) !== n(s.expected_cash_minor)) withVariance += 1;
    }
    expect(withVariance).toBeGreaterThan(10);
    expect(withVariance).toBeLessThan(sessions.length / 2);

    const counters = await rows<{ alias: string; kind: string; last_value: number; used: Num; highest: Num }>(sql`
      select s.alias, c.kind, c.last_value,
             case c.kind when 'sale' then (select count(*) from sales x where x.business_id = c.business_id and x.store_id = c.store_id)
                         else (select count(*) from refunds x where x.business_id = c.business_id and x.store_id = c.store_id) end as used,
             case c.kind when 'sale' then (select max(substring(x.number from '[0-9]+$')::int) from sales x where x.business_id = c.business_id and x.store_id = c.store_id)
                         else (select max(substring(x.number from '[0-9]+$')::int) from refunds x where x.business_id = c.business_id and x.store_id = c.store_id) end as highest
        from document_counters c join stores s on s.business_id = c.business_id and s.id = c.store_id
       where c.business_id = ${demo.businessId} and c.kind in ('sale', 'refund')
       order by s.alias, c.kind`);
    expect(counters.map((c) => `${c.alias} ${c.kind}`)).toEqual(['IKJ refund', 'IKJ sale', 'LEK refund', 'LEK sale']);
    for (const c of counters) {
      expect(n(c.used), `${c.alias} ${c.kind}`).toBe(c.last_value);
      expect(n(c.highest), `${c.alias} ${c.kind}`).toBe(c.last_value);
    }
  });

  it('leaves the audit trail its services would: every session, sale, refund and void by its person at its time', async () => {
    const [trail] = await rows<{ unmatched: Num; sales: Num; completed: Num; refunds: Num; refunded: Num }>(sql`
      select
        (select count(*) from sales s where s.business_id = ${demo.businessId} and not exists (
           select 1 from audit_events a where a.business_id = s.business_id and a.entity = 'sale'
              and a.entity_id = s.id::text and a.action = 'sale.completed'
              and a.occurred_at = s.completed_at and a.actor_account_id = s.cashier_account_id)) as unmatched,
        (select count(*) from sales where business_id = ${demo.businessId}) as sales,
        (select count(*) from audit_events where business_id = ${demo.businessId} and action = 'sale.completed') as completed,
        (select count(*) from refunds where business_id = ${demo.businessId}) as refunds,
        (select count(*) from audit_events where business_id = ${demo.businessId} and action = 'sale.refunded') as refunded`);
    expect(n(trail!.unmatched)).toBe(0);
    expect(n(trail!.completed)).toBe(n(trail!.sales));
    expect(n(trail!.refunded)).toBe(n(trail!.refunds));
    const [voids] = await rows<{ voided: Num; events: Num; sessions: Num; sessionEvents: Num }>(sql`
      select (select count(*) from sales where business_id = ${demo.businessId} and status = 'voided') as voided,
             (select count(*) from audit_events where business_id = ${demo.businessId} and action = 'sale.voided') as events,
             (select count(*) from register_sessions where business_id = ${demo.businessId}) as sessions,
             (select count(*) from audit_events where business_id = ${demo.businessId}
               and action in ('register_session.opened', 'register_session.closed')) as "sessionEvents"`);
    expect(n(voids!.voided)).toBeGreaterThan(0);
    expect(n(voids!.events)).toBe(n(voids!.voided));
    expect(n(voids!.sessionEvents)).toBe(2 * n(voids!.sessions));
  });

  it('refunds never more than was sold, at the line’s own price; voids give the stock back', async () => {
    const [checks] = await rows<{
      over: Num;
      amount: Num;
      header: Num;
      restocked: Num;
      written_off: Num;
      void_net: Num;
    }>(sql`
      select
        (select count(*) from refund_lines rl join sale_lines l on l.business_id = rl.business_id and l.sale_id = rl.sale_id and l.line_no = rl.line_no
          where rl.business_id = ${demo.businessId} and rl.quantity > l.quantity) as over,
        (select count(*) from refund_lines rl join sale_lines l on l.business_id = rl.business_id and l.sale_id = rl.sale_id and l.line_no = rl.line_no
          where rl.business_id = ${demo.businessId}
            and rl.total_minor <> round(l.total_minor * rl.quantity / l.quantity)) as amount,
        (select count(*) from refunds r where r.business_id = ${demo.businessId}
            and r.total_minor <> (select sum(total_minor) from refund_lines rl where rl.business_id = r.business_id and rl.refund_id = r.id)) as header,
        (select count(*) from refund_lines where business_id = ${demo.businessId} and restocked) as restocked,
        (select count(*) from refund_lines where business_id = ${demo.businessId} and not restocked) as written_off,
        (select count(*) from sales s where s.business_id = ${demo.businessId} and s.status = 'voided'
            and (select coalesce(sum(delta), 0) from stock_movements m where m.business_id = s.business_id and m.ref_type = 'sale' and m.ref_id = s.id) <> 0) as void_net`);
    expect({
      over: n(checks!.over),
      amount: n(checks!.amount),
      header: n(checks!.header),
      voidNet: n(checks!.void_net),
    }).toEqual({
      over: 0,
      amount: 0,
      header: 0,
      voidNet: 0,
    });
    expect(n(checks!.restocked)).toBeGreaterThan(0);
    expect(n(checks!.written_off)).toBeGreaterThan(0);
  });

  it('looks like a shop’s 90 days: both stores daily, all payment methods and splits, customers, discounts, decimals, voids', async () => {
    const today = storeDay('Africa/Lagos');
    const [shape] = await rows<Record<string, Num>>(sql`
      select
        (select count(*) from sales where business_id = ${demo.businessId}) as sales,
        (select count(*) from sales where business_id = ${demo.businessId} and status = 'voided') as voided,
        (select count(*) from sales where business_id = ${demo.businessId} and customer_id is not null) as with_customer,
        (select count(distinct customer_id) from sales where business_id = ${demo.businessId}) as customers,
        (select count(*) from refunds where business_id = ${demo.businessId}) as refunds,
        (select count(distinct method) from sale_payments where business_id = ${demo.businessId}) as methods,
        (select count(*) from (select sale_id from sale_payments where business_id = ${demo.businessId} group by sale_id having count(*) > 1) x) as splits,
        (select count(*) from sale_payments where business_id = ${demo.businessId} and method = 'mobile_money' and (provider is null or phone is null)) as mobile_without_phone,
        (select count(*) from sale_payments where business_id = ${demo.businessId} and method = 'cash' and tendered_minor > amount_minor) as with_change,
        (select count(*) from sale_lines where business_id = ${demo.businessId} and quantity <> trunc(quantity)) as weighed,
        (select count(*) from sales s join stores st on st.business_id = s.business_id and st.id = s.store_id
          where s.business_id = ${demo.businessId} and s.discount_minor > 0 and st.alias = 'LEK') as discounted_lekki,
        (select count(*) from sales s join stores st on st.business_id = s.business_id and st.id = s.store_id
          where s.business_id = ${demo.businessId} and s.discount_minor > 0 and st.alias = 'IKJ') as discounted_ikeja,
        (select count(*) from sales where business_id = ${demo.businessId}
          and completed_at >= (${today}::date)::timestamp at time zone 'Africa/Lagos') as today,
        (select count(*) from contacts where business_id = ${demo.businessId} and kind = 'customer') as customer_contacts,
        (select count(*) from contacts where business_id = ${demo.businessId} and kind = 'vendor') as vendor_contacts`);
    const f = (name: string) => n(shape![name] ?? 0);
    expect(f('sales')).toBeGreaterThan(2 * HISTORY_DAYS * 25);
    expect(f('voided')).toBeGreaterThan(0);
    expect(f('with_customer') / f('sales')).toBeGreaterThan(0.15);
    expect(f('with_customer') / f('sales')).toBeLessThan(0.25);
    expect(f('customers')).toBeGreaterThanOrEqual(25);
    expect(f('refunds') / f('sales')).toBeGreaterThan(0.008);
    expect(f('refunds') / f('sales')).toBeLessThan(0.025);
    expect(f('methods')).toBe(4);
    expect(f('splits')).toBeGreaterThan(100);
    expect(f('mobile_without_phone')).toBe(0);
    expect(f('with_change')).toBeGreaterThan(100);
    expect(f('weighed')).toBeGreaterThan(100);
    expect(f('discounted_lekki')).toBeGreaterThan(0);
    // Dayo (IPOS_BASIC) may not discount.
    expect(f('discounted_ikeja')).toBe(0);
    // Today starts empty: the history ends yesterday.
    expect(f('today')).toBe(0);
    // The 30 regulars of the till, and the 3 businesses that buy on invoice (demo-invoices.ts).
    expect(f('customer_contacts')).toBe(33);
    expect(f('vendor_contacts')).toBe(8);
    // Saturdays sell more than Sundays.
    const byWeekday = await rows<{ dow: number; avg: Num }>(sql`
      select extract(dow from (completed_at at time zone 'Africa/Lagos'))::int as dow,
             count(*)::numeric / count(distinct (completed_at at time zone 'Africa/Lagos')::date) as avg
        from sales where business_id = ${demo.businessId} group by 1`);
    const avg = new Map(byWeekday.map((d) => [d.dow, Number(d.avg)]));
    expect(avg.get(6)!).toBeGreaterThan(avg.get(0)! * 1.5);
    // Receipt fields.
    const [receipt] = await rows<{ tax_id: string; receipt_footer: string; names: string }>(sql`
      select b.tax_id, b.receipt_footer, (select string_agg(display_name, ', ' order by display_name) from stores s where s.business_id = b.id) as names
        from businesses b where b.id = ${demo.businessId}`);
    expect(receipt).toMatchObject({ tax_id: 'TIN 12345678-0001', names: 'Demo Mart Ikeja, Demo Mart Lekki' });
    expect(receipt!.receipt_footer).toContain('returned within 7 days');
  });

  it('spreads purchasing, waste and transfers over the ninety days: orders delivered 1–7 days after they were placed', async () => {
    const today = storeDay('Africa/Lagos');
    const dayOf = (column: string) => sql.raw(`(${column} at time zone 'Africa/Lagos')::date`);
    const [spread] = await rows<Record<string, Num>>(sql`
      select
        (select count(distinct ${dayOf('created_at')}) from purchase_orders where business_id = ${demo.businessId}) as order_days,
        (select ${today}::date - min(${dayOf('created_at')}) from purchase_orders where business_id = ${demo.businessId}) as oldest_order,
        (select ${today}::date - max(${dayOf('created_at')}) from purchase_orders where business_id = ${demo.businessId}) as newest_order,
        (select count(distinct ${dayOf('recorded_at')}) from waste_records where business_id = ${demo.businessId}) as waste_days,
        (select ${today}::date - min(${dayOf('recorded_at')}) from waste_records where business_id = ${demo.businessId}) as oldest_waste,
        (select ${today}::date - max(${dayOf('recorded_at')}) from waste_records where business_id = ${demo.businessId}) as newest_waste`);
    const f = (name: string) => n(spread![name] ?? 0);
    expect(f('order_days')).toBeGreaterThanOrEqual(10);
    expect(f('oldest_order')).toBeGreaterThan(60);
    expect(f('oldest_order')).toBeLessThanOrEqual(HISTORY_DAYS);
    expect(f('newest_order')).toBeGreaterThanOrEqual(1);
    expect(f('waste_days')).toBeGreaterThanOrEqual(15);
    expect(f('oldest_waste')).toBeGreaterThan(60);
    expect(f('oldest_waste')).toBeLessThanOrEqual(HISTORY_DAYS);
    expect(f('newest_waste')).toBeGreaterThanOrEqual(1);

    // Every delivery 1–7 store days after its order; returns, closes and cancels after the order's steps.
    const deliveries = await rows<{ days: Num; after_created: boolean }>(sql`
      select ${dayOf('r.received_at')} - ${dayOf('o.created_at')} as days, r.received_at > o.created_at as after_created
        from purchase_order_receipts r join purchase_orders o on o.business_id = r.business_id and o.id = r.order_id
       where r.business_id = ${demo.businessId}`);
    expect(deliveries.length).toBeGreaterThanOrEqual(8);
    for (const d of deliveries) {
      expect(n(d.days)).toBeGreaterThanOrEqual(1);
      expect(n(d.days)).toBeLessThanOrEqual(7);
      expect(d.after_created).toBe(true);
    }
    const [late] = await rows<{ n: Num }>(sql`
      select count(*) as n from purchase_orders o where o.business_id = ${demo.businessId} and (
        o.closed_at < o.created_at or o.cancelled_at < o.created_at or o.updated_at < o.created_at
        or exists (select 1 from purchase_order_returns x where x.business_id = o.business_id and x.order_id = o.id
                    and x.returned_at <= (select max(received_at) from purchase_order_receipts r
                                            where r.business_id = o.business_id and r.order_id = o.id))
        or o.closed_at < (select max(received_at) from purchase_order_receipts r
                           where r.business_id = o.business_id and r.order_id = o.id))`);
    expect(n(late!.n)).toBe(0);
    const [decided] = await rows<{ decided: Num; bad: Num }>(sql`
      select count(*) filter (where decided_at is not null) as decided,
             count(*) filter (where decided_at <= recorded_at) as bad
        from waste_records where business_id = ${demo.businessId}`);
    expect(n(decided!.decided)).toBeGreaterThan(0);
    expect(n(decided!.bad)).toBe(0);

    // Transfers between the stores: over the period, received a day later at most, one still on the road.
    const transfers = await rows<{ sent_days: Num; transit_days: Num | null; status: string; to_alias: string }>(sql`
      select ${today}::date - ${dayOf('t.sent_at')} as sent_days,
             ${dayOf('t.received_at')} - ${dayOf('t.sent_at')} as transit_days, t.status, s.alias as to_alias
        from stock_transfers t join stores s on s.business_id = t.business_id and s.id = t.to_store_id
       where t.business_id = ${demo.businessId}`);
    expect(transfers.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...transfers.map((t) => n(t.sent_days)))).toBeGreaterThan(60);
    expect(Math.min(...transfers.map((t) => n(t.sent_days)))).toBeGreaterThanOrEqual(1);
    for (const t of transfers.filter((x) => x.status === 'received')) {
      expect(n(t.transit_days)).toBeGreaterThanOrEqual(0);
      expect(n(t.transit_days)).toBeLessThanOrEqual(2);
    }
    expect(transfers.filter((t) => t.status === 'in_transit').map((t) => t.to_alias)).toEqual(['IKJ']);

    // Each document's movements and audit events carry its own time.
    const [mismatched] = await rows<Record<string, Num>>(sql`
      select
        (select count(*) from stock_movements m where m.business_id = ${demo.businessId} and m.reason = 'purchase_receipt'
          and not exists (select 1 from purchase_order_receipts r where r.business_id = m.business_id
                           and r.order_id = m.ref_id and r.received_at = m.occurred_at)) as receipts,
        (select count(*) from stock_movements m where m.business_id = ${demo.businessId} and m.reason = 'vendor_return'
          and not exists (select 1 from purchase_order_returns r where r.business_id = m.business_id
                           and r.order_id = m.ref_id and r.returned_at = m.occurred_at)) as returns,
        (select count(*) from stock_movements m where m.business_id = ${demo.businessId} and m.reason = 'waste'
          and not exists (select 1 from waste_records w where w.business_id = m.business_id and w.id = m.ref_id
                           and coalesce(w.decided_at, w.recorded_at) = m.occurred_at)) as waste,
        (select count(*) from stock_movements m where m.business_id = ${demo.businessId} and m.ref_type = 'stock_transfer'
          and not exists (select 1 from stock_transfers t where t.business_id = m.business_id and t.id = m.ref_id
                           and (case m.reason when 'transfer_out' then t.sent_at else t.received_at end) = m.occurred_at)) as transfers,
        (select count(*) from stock_transfers t where t.business_id = ${demo.businessId}
          and not exists (select 1 from audit_events a where a.business_id = t.business_id and a.entity_id = t.id::text
                           and a.action = 'stock_transfer.sent' and a.occurred_at = t.sent_at)) as transfer_audit,
        (select count(*) from purchase_orders o where o.business_id = ${demo.businessId}
          and not exists (select 1 from audit_events a where a.business_id = o.business_id and a.entity_id = o.id::text
                           and a.action = 'purchase_order.created' and a.occurred_at = o.created_at)) as order_audit,
        (select count(*) from waste_records w where w.business_id = ${demo.businessId}
          and not exists (select 1 from audit_events a where a.business_id = w.business_id and a.entity_id = w.id::text
                           and a.action = 'waste.recorded' and a.occurred_at = w.recorded_at)) as waste_audit,
        (select count(*) from audit_events a where a.business_id = ${demo.businessId}
          and a.entity in ('purchase_order', 'waste', 'stock_transfer') and a.occurred_at >= (${today}::date)::timestamp at time zone 'Africa/Lagos') as today_audit`);
    expect(Object.fromEntries(Object.entries(mismatched!).map(([k, v]) => [k, n(v)]))).toEqual({
      receipts: 0,
      returns: 0,
      waste: 0,
      transfers: 0,
      transfer_audit: 0,
      order_audit: 0,
      waste_audit: 0,
      today_audit: 0,
    });
  });

  it('reports sane purchasing and waste: no waste today, waste a small share of sales, lead times of days', async () => {
    const today = storeDay('Africa/Lagos');
    const as = { token: await server.tokenFor(DEMO.owner), storeId: demo.lekkiId };
    const todays = await getReportOk<WasteReport>(server, getWasteReport, as, {
      from: today,
      to: today,
      storeId: 'all',
    });
    expect(todays.summary.recordsCount).toBe(0);
    const week = await getReportOk<WasteReport>(server, getWasteReport, as, {
      from: addDays(today, -6),
      to: today,
      storeId: 'all',
    });
    expect(week.summary.recordsCount).toBeGreaterThan(0);
    expect(week.summary.shareOfSalesBasisPoints).not.toBeNull();
    expect(week.summary.shareOfSalesBasisPoints!).toBeLessThan(2_000);
    const quarter = await getReportOk<WasteReport>(server, getWasteReport, as, {
      from: addDays(today, -HISTORY_DAYS),
      to: today,
      storeId: 'all',
    });
    expect(quarter.summary.shareOfSalesBasisPoints!).toBeLessThan(500);
    const buying = await getReportOk<PurchaseOrderReport>(server, getPurchaseOrderReport, as, {
      from: addDays(today, -HISTORY_DAYS),
      to: today,
      storeId: 'all',
    });
    expect(buying.summary.receiptsCount).toBeGreaterThanOrEqual(8);
    expect(buying.summary.averageLeadTimeDays).not.toBeNull();
    expect(buying.summary.averageLeadTimeDays!).toBeGreaterThanOrEqual(1);
    expect(buying.summary.averageLeadTimeDays!).toBeLessThanOrEqual(7);
    for (const vendor of buying.byVendor)
      if (vendor.averageLeadTimeDays !== null) {
        expect(vendor.averageLeadTimeDays, vendor.name).toBeGreaterThanOrEqual(1);
        expect(vendor.averageLeadTimeDays, vendor.name).toBeLessThanOrEqual(7);
      }
  });
});
