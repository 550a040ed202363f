// Inventory search at scale (budgets: search p95 ≤ 50 ms, barcode p95 ≤ 20 ms on the
// embedded database). Creates a data directory (first start migrates and seeds the demo), adds 100,000
// products with variants, EAN-13 barcodes and Lekki stock in bulk SQL, times the same queries in raw SQL
// on PGlite, then starts the built server on that directory and times the API over HTTP with a real
// bearer token. Reports; never fails on time.
//
//   node bench/inventory-search.mjs                     (uses apps/api/dist/main.js, built if stale)
//   IPOS_API_ENTRY=apps/api/dist-x/main.js PRODUCTS=100000 REQUESTS=200 PORT=3902 node bench/inventory-search.mjs
import { builtApiEntry, percentile, startServer, stopServer } from './lib.mjs';
import { brands, items, seedProducts } from './catalogue-seed.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { importJWK, SignJWT } from 'jose';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PRODUCTS = Number(process.env.PRODUCTS ?? 100_000);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const port = Number(process.env.PORT ?? 3902);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-bench-search-'));
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-bench-web-'));
const base = `http://127.0.0.1:${port}`;
// The scratch directories go whatever happens (a failed run leaves nothing behind).
process.on('exit', () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(webDist, { recursive: true, force: true });
});

const entry = await builtApiEntry();

// ---------------------------------------------------------------- the server

const startApi = () => startServer({ entry, cwd: root, port, env: { DATA_DIR: dataDir, WEB_DIST_DIR: webDist } });

// ---------------------------------------------------------------- figures

function summarize(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) };
}
async function timeEach(items, run) {
  const times = [];
  for (const item of items) {
    const started = performance.now();
    await run(item);
    times.push(performance.now() - started);
  }
  return summarize(times);
}

// ---------------------------------------------------------------- 1. a migrated, seeded directory

let t = performance.now();
await stopServer(await startApi());
console.log(`data directory created, migrated and seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);

// ---------------------------------------------------------------- 2. 100,000 products in bulk SQL

const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
// As the app opens it (apps/api/src/db/client.ts): random reads cost about what sequential ones do.
await db.exec('SET random_page_cost = 1.1');
const one = async (text, params = []) => (await db.query(text, params)).rows[0];
const business = await one(`select id from businesses where name = 'Demo Mart'`);
const store = await one(`select id from stores where business_id = $1 and alias = 'LEK'`, [business.id]);
const manager = await one(`select id from accounts where email = 'manager@demo.ipos.test'`);
const secrets = await one(`select value from oidc_secrets where name = 'embedded-provider'`);

t = performance.now();
await seedProducts(db, { businessId: business.id, storeId: store.id, count: PRODUCTS });
console.log(
  `${PRODUCTS.toLocaleString('en')} products with variants, barcodes and stock inserted in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);

// What is searched: 3–6 letter pieces of words shoppers type, SKU pieces, and existing barcodes.
const words = [...new Set([...brands, ...items].flatMap((w) => w.toLowerCase().split(/[\s-]+/)))].filter(
  (w) => w.length >= 3,
);
const terms = Array.from({ length: REQUESTS }, (_, i) => {
  if (i % 10 === 9)
    return `bn-${String((i * 977) % PRODUCTS)
      .padStart(6, '0')
      .slice(0, 4)}`;
  const word = words[(i * 7) % words.length];
  const length = Math.min(word.length, 3 + (i % 4));
  const start = (i * 3) % (word.length - length + 1);
  return word.slice(start, start + length);
});
const codes = (
  await db.query(
    `select code from product_barcodes where business_id = $1 and code like '615%' order by md5(code) limit ${REQUESTS}`,
    [business.id],
  )
).rows.map((r) => r.code);

// ---------------------------------------------------------------- 3. the same queries in raw SQL

// The inventory list's queries as the API runs them (products.repository.ts listProductRows, a name
// search in name order, page 1 of 25): the matches counted up to 10,000 and the page chosen in one
// scan; past 10,000 matches the page comes from the name index; then the page's figures.
const CAP = 10_000;
const matchesSql = `
  with m as materialized (
    select p.id, lower(p.name) as n from products p
     where p.business_id = $1 and p.is_archived = false and p.search_text like $2 limit ${CAP + 1})
  select (select count(*) from m) as total, page.id
    from (select 1) one
    left join lateral (
      select m.id from m
       order by (m.id = (select v.product_id from product_variants v
                          where v.business_id = $1 and upper(v.sku) = $3 limit 1)) is true desc,
                m.n like $4 desc, m.n, m.id
       limit 25) page on true`;
const denseSql = `
  select p.id from products p where p.business_id = $1 and p.is_archived = false and p.search_text like $2
   order by lower(p.name), p.id limit 25`;
const pageSql = `
  select p.id, p.name, c.name, f.sku, f.on_hand, f.price_minor, f.stock_value_minor
    from products p
    cross join lateral (
      select count(*)::int as variant_count, coalesce(sum(l.on_hand), 0) as on_hand,
             coalesce(sum(round(coalesce(l.on_hand, 0) * v.cost_price_minor)), 0) as stock_value_minor,
             min(coalesce(l.selling_price_minor, v.selling_price_minor)) as price_minor,
             (array_agg(v.sku order by v.position, v.id))[1] as sku
        from product_variants v
        left join stock_levels l on l.business_id = v.business_id and l.store_id = $2 and l.variant_id = v.id
       where v.business_id = p.business_id and v.product_id = p.id and not v.is_archived) f
    left join categories c on c.business_id = p.business_id and c.id = p.category_id
   where p.business_id = $1 and p.id = any($3::uuid[])`;
const barcodeSql = `
  select p.id, v.id, p.name, v.sku, coalesce(l.selling_price_minor, v.selling_price_minor), l.on_hand
    from product_barcodes b
    join product_variants v on v.business_id = b.business_id and v.id = b.variant_id
    join products p on p.business_id = b.business_id and p.id = b.product_id
    left join stock_levels l on l.business_id = b.business_id and l.store_id = $2 and l.variant_id = b.variant_id
   where b.business_id = $1 and b.code = $3 and not v.is_archived and not p.is_archived`;
const like = (q) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function searchPage(q) {
  const matches = (await db.query(matchesSql, [business.id, like(q), q.toUpperCase(), like(q).slice(1)])).rows;
  let ids = matches.flatMap((m) => (m.id ? [m.id] : []));
  if (Number(matches[0]?.total ?? 0) > CAP)
    ids = (await db.query(denseSql, [business.id, like(q)])).rows.map((r) => r.id);
  return db.query(pageSql, [business.id, store.id, ids]);
}
const rawSearch = await timeEach(terms, searchPage);
const rawBarcode = await timeEach(codes, (code) => db.query(barcodeSql, [business.id, store.id, code]));
const explain = async (text, params) =>
  (await db.query(`explain analyze ${text}`, params)).rows.map((r) => r['QUERY PLAN']);
const planTerm = terms[0];
const plans = {
  matches: await explain(matchesSql, [business.id, like(planTerm), planTerm.toUpperCase(), like(planTerm).slice(1)]),
};
await db.close();

// ---------------------------------------------------------------- 4. the API over HTTP, with a real token

const jwk = secrets.value.signingKeys[0];
const key = await importJWK(jwk, 'RS256');
const token = await new SignJWT({ scope: 'openid email roles profile offline_access', client_id: 'ipos_webapp' })
  .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid })
  .setIssuer(`http://localhost:${port}/oidc`)
  .setAudience('urn:ipos:api')
  .setSubject(manager.id)
  .setIssuedAt()
  .setExpirationTime('1h')
  .sign(key);
const headers = { authorization: `Bearer ${token}`, 'x-store-id': store.id };
const get = async (url) => {
  const res = await fetch(`${base}${url}`, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
};

const server = await startApi();
let apiSearch;
let apiBarcode;
let sample;
try {
  for (const q of terms.slice(0, 20)) await get(`/api/v1/products?q=${encodeURIComponent(q)}`); // warm up
  for (const code of codes.slice(0, 20)) await get(`/api/v1/products/barcodes/${code}`);
  sample = await get(`/api/v1/products?q=${encodeURIComponent(terms[0])}&pageSize=25`);
  apiSearch = await timeEach(terms, (q) => get(`/api/v1/products?q=${encodeURIComponent(q)}&pageSize=25`));
  apiBarcode = await timeEach(codes, (code) => get(`/api/v1/products/barcodes/${code}`));
} finally {
  await stopServer(server);
}

// ---------------------------------------------------------------- 5. the table

const ms = (x) => `${x.toFixed(1)} ms`.padStart(10);
const line = (what, fig, budget) =>
  `${what.padEnd(44)}${ms(fig.p50)}${ms(fig.p95)}${ms(fig.max)}   ${budget ? `${budget.padEnd(12)}${fig.p95 <= Number(budget.replace(/\D/g, '')) ? 'within' : 'OVER'}` : ''}`;
console.log(
  `\n${PRODUCTS.toLocaleString('en')} products, ${REQUESTS} requests each, one at a time (node ${process.version}, ${os.cpus().length} cores)`,
);
console.log(`example: q="${terms[0]}" → ${sample.total} matches`);
console.log(`${''.padEnd(44)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'max'.padStart(10)}   budget (p95)`);
console.log(line('API  GET /api/v1/products?q=<3–6 letters>', apiSearch, '≤ 50 ms'));
console.log(line('SQL  the same queries (PGlite, in process)', rawSearch));
console.log(line('API  GET /api/v1/products/barcodes/<code>', apiBarcode, '≤ 20 ms'));
console.log(line('SQL  barcode lookup (PGlite, in process)', rawBarcode));
if (process.env.PLANS !== '0')
  console.log(`\nplan of the matches and page for q="${planTerm}":\n  ${plans.matches.join('\n  ')}`);
