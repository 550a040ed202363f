// What the checkout benches share: the bench catalogue seeded in SQL, deterministic five-line carts
// priced by the contracts' own engine, a driver that runs jobs on N clients and times each, the API
// client, and the books checked after a run.
import { importTypeScript } from '../scripts/lib.mjs';
import { percentile } from './lib.mjs';

export const LINES = 5;
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 200);

// The one pricing engine, from the contracts' TypeScript source, so the benches price exactly as the
// till and the server do (no second copy).
const { priceCart } = await importTypeScript('packages/contracts/src/checkout/pricing.ts');

/** Runs `count` jobs on `concurrency` clients; each job's latency and the wall time. */
export async function drive(count, concurrency, job) {
  const times = [];
  const failures = new Map();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t = performance.now();
        try {
          await job(i);
          times.push(performance.now() - t);
        } catch (error) {
          const why = String(error?.message ?? error).slice(0, 160);
          failures.set(why, (failures.get(why) ?? 0) + 1);
        }
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const sorted = times.sort((a, b) => a - b);
  return {
    ok: sorted.length,
    times: sorted,
    failures,
    perSecond: sorted.length / wall,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
  };
}

/** A deterministic 5-line cart: distinct variants, 1–3 of each; priced with the contracts' priceCart. */
export function cartOf(catalogue, i) {
  const picked = new Set();
  let k = (i * 7919) % catalogue.length;
  while (picked.size < LINES) {
    picked.add(k);
    k = (k + 1 + ((i * 31) % 17)) % catalogue.length;
  }
  const lines = [...picked].map((index, j) => ({ item: catalogue[index], quantity: 1 + ((i + j) % 3) }));
  const priced = priceCart(
    lines.map(({ item, quantity }) => ({
      quantityThousandths: quantity * 1000,
      unitPriceMinor: item.priceMinor,
      taxRateBasisPoints: item.taxRateBasisPoints,
      taxInclusive: item.taxInclusive,
    })),
  );
  return { lines, priced };
}

/** The body of POST /api/v1/sales for cart `i`: cash, the exact amount, the total the till expects. */
export function saleRequest(catalogue, i, sessionId, id) {
  const { lines, priced } = cartOf(catalogue, i);
  return {
    id,
    sessionId,
    lines: lines.map(({ item, quantity }) => ({ variantId: item.variantId, quantity })),
    payments: [{ method: 'cash', amountMinor: priced.totalMinor, tenderedMinor: priced.totalMinor }],
    expectedTotalMinor: priced.totalMinor,
  };
}

/** A thin query interface over a pg pool, with one transaction per call (as over PGlite in checkout.mjs). */
export function poolTarget(pool) {
  return {
    query: async (text, params) => (await pool.query(text, params)).rows,
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({ query: async (text, params) => (await client.query(text, params)).rows });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** `products` bench products in SQL: a variant each, half taxed at the business VAT, a million in Lekki on the ledger. */
export async function seedCatalogue(db, businessId, storeId, products = PRODUCTS) {
  const [vat] = await db.query(
    `select id, rate_basis_points, is_inclusive from tax_rates where business_id = $1 and name = 'VAT'`,
    [businessId],
  );
  const id = (prefix, g) => `${prefix}-0000-7000-8000-' || lpad(to_hex(${g}), 12, '0')`;
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into products (business_id, id, name, unit, search_text, tax_rate_id)
       select $1::uuid, ('${id('c0000000', 'g')})::uuid, 'Bench Item ' || lpad(g::text, 4, '0'), 'each',
              'bench item ' || lpad(g::text, 4, '0') || ' bench-' || lpad(g::text, 4, '0'),
              case when g % 2 = 0 then $2::uuid end
         from generate_series(1, ${products}) g`,
      [businessId, vat?.id ?? null],
    );
    await tx.query(
      `insert into product_variants (business_id, id, product_id, sku, cost_price_minor, selling_price_minor)
       select $1::uuid, ('${id('c1000000', 'g')})::uuid, ('${id('c0000000', 'g')})::uuid,
              'BENCH-' || lpad(g::text, 4, '0'), ((g * 37) % 500 + 10) * 100, ((g * 37) % 500 + 10) * 125 + g % 7
         from generate_series(1, ${products}) g`,
      [businessId],
    );
    await tx.query(
      `insert into stock_levels (business_id, store_id, variant_id, product_id, on_hand)
       select $1::uuid, $2::uuid, ('${id('c1000000', 'g')})::uuid, ('${id('c0000000', 'g')})::uuid, 1000000
         from generate_series(1, ${products}) g`,
      [businessId, storeId],
    );
    await tx.query(
      `insert into stock_movements (business_id, id, store_id, product_id, variant_id, delta, on_hand_after, reason, note)
       select business_id, ('${id('c2000000', 'row_number() over ()')})::uuid, store_id, product_id, variant_id,
              on_hand, on_hand, 'adjustment', 'bench seed'
         from stock_levels where business_id = $1 and store_id = $2 and variant_id::text like 'c1000000-%'`,
      [businessId, storeId],
    );
  });
  await db.query('analyze');
  const rows = await db.query(
    `select v.id as variant_id, v.product_id, p.name, v.sku, v.selling_price_minor, v.cost_price_minor,
            coalesce(t.rate_basis_points, 0) as rate, coalesce(t.is_inclusive, true) as inclusive
       from product_variants v
       join products p on p.business_id = v.business_id and p.id = v.product_id
       left join tax_rates t on t.business_id = p.business_id and t.id = p.tax_rate_id
      where v.business_id = $1 and v.sku like 'BENCH-%' order by v.sku`,
    [businessId],
  );
  return rows.map((r) => ({
    variantId: r.variant_id,
    productId: r.product_id,
    name: r.name,
    sku: r.sku,
    priceMinor: Number(r.selling_price_minor),
    costMinor: Number(r.cost_price_minor),
    taxRateId: Number(r.rate) > 0 ? vat.id : null,
    taxRateBasisPoints: Number(r.rate),
    taxInclusive: r.inclusive,
  }));
}

/** Books after the run: the bench variants' on hand equals their ledger; sales and their payments. */
export async function books(db, businessId) {
  const [ledger] = await db.query(
    `select count(*) as mismatches from stock_levels l
      where l.business_id = $1 and l.variant_id::text like 'c1000000-%'
        and l.on_hand <> (select coalesce(sum(m.delta), 0) from stock_movements m
                           where m.business_id = l.business_id and m.store_id = l.store_id
                             and m.variant_id = l.variant_id)`,
    [businessId],
  );
  const [sales] = await db.query(
    `select count(*) as sales, coalesce(sum(s.total_minor), 0) as total,
            (select coalesce(sum(amount_minor), 0) from sale_payments p where p.business_id = $1) as paid
       from sales s where s.business_id = $1`,
    [businessId],
  );
  return {
    ledgerMismatches: Number(ledger.mismatches),
    sales: Number(sales.sales),
    balanced: String(sales.total) === String(sales.paid),
  };
}

/** POST with these headers; the answer's JSON, or an error naming the status and problem code. */
export function apiPoster(base, headers) {
  return async (url, body, extra = {}) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { ...headers, ...extra },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) {
      let code = '';
      try {
        code = JSON.parse(text).code ?? '';
      } catch {
        // not JSON
      }
      throw new Error(`${url}: ${res.status} ${code}`);
    }
    return JSON.parse(text);
  };
}
