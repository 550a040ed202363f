import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import {
  commitProductImport,
  csvCell,
  exportProducts,
  gtinCheckDigit,
  previewProductImport,
  productCsvColumns,
  storeDay,
  type ImportReport,
} from '@ipos/contracts';
import { queryRows } from '../../src/db/client.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant, type Tenant } from '../support/isolation.js';

describe('products CSV export', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  const header = productCsvColumns.join(',');
  const row = (values: Partial<Record<(typeof productCsvColumns)[number], string>>) =>
    productCsvColumns.map((c) => csvCell(values[c] ?? '')).join(',');
  const ean13 = (body12: string) => `${body12}${gtinCheckDigit(body12)}`;

  const exportAs = async (as: string | null, query: Record<string, string> = {}, storeId?: string) => {
    const headers: Record<string, string> = {
      'x-store-id': storeId ?? (as === DEMO.cashier ? demo.ikejaId : demo.lekkiId),
    };
    if (as) headers.authorization = `Bearer ${await server.tokenFor(as)}`;
    return server.app.inject({ method: 'GET', url: exportProducts.path, query, headers });
  };
  const upload = async (endpoint: typeof previewProductImport, body: string) =>
    server.app.inject({
      method: 'POST',
      url: endpoint.path,
      headers: {
        authorization: `Bearer ${await server.tokenFor(DEMO.manager)}`,
        'x-store-id': demo.lekkiId,
        'content-type': 'text/csv',
      },
      payload: body,
    });
  const parse = (body: string) => {
    expect(body.startsWith('\uFEFF')).toBe(true);
    const result = Papa.parse<Record<string, string>>(body.slice(1), { header: true, skipEmptyLines: true });
    expect(result.errors).toEqual([]);
    return result;
  };

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    other = await registerTenant(server);
    const file = [
      header,
      row({
        name: 'Peak Milk, "Full Cream" 400g',
        sku: 'EXP-PEAK',
        category: 'Groceries',
        unit: 'each',
        tax_rate: 'VAT',
        barcodes: `${ean13('615100000001')}|${ean13('615100000002')}`,
        cost_price: '2100',
        selling_price: '2450.50',
        reorder_level: '6',
        on_hand: '18',
      }),
      row({ name: '=HYPERLINK("http://evil")', sku: 'EXP-EVIL', unit: 'each', selling_price: '1' }),
      row({ name: 'Line one\nline two', sku: 'EXP-NL', unit: 'pack', selling_price: '99.99', tracked: 'no' }),
      row({ name: 'Tomatoes (loose)', sku: 'EXP-TOM', unit: 'kg', selling_price: '1200', on_hand: '3.125' }),
      row({ name: 'Old Stock Biscuit', sku: 'EXP-OLD', unit: 'each', selling_price: '50', archived: 'yes' }),
      row({
        handle: 'exp-shirt',
        name: 'Ankara Shirt',
        sku: 'EXP-SH-M',
        unit: 'each',
        option1_name: 'Size',
        option1_value: 'M',
        selling_price: '8000',
        on_hand: '2',
      }),
      row({
        handle: 'exp-shirt',
        name: 'Ankara Shirt',
        sku: 'EXP-SH-L',
        unit: 'each',
        option1_value: 'L',
        selling_price: '8500',
        store_price: '8200',
        on_hand: '1',
      }),
    ].join('\r\n');
    const res = await upload(commitProductImport, file);
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => server.close());

  it('401 without a token', async () => {
    expect((await exportAs(null)).statusCode).toBe(401);
  });

  it('IPOS_BASIC (inventory.view) may export: a CSV attachment named after the store and the day', async () => {
    const res = await exportAs(DEMO.cashier);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = storeDay('Africa/Lagos');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="products-IKJ-${day}.csv"`);
    // Without inventory.costs the file has no cost_price column (an import of it keeps every cost).
    expect(parse(res.body).meta.fields).toEqual(productCsvColumns.filter((c) => c !== 'cost_price'));
    expect(parse((await exportAs(DEMO.manager)).body).meta.fields).toEqual([...productCsvColumns]);
  });

  it('writes every live variant with the active store’s figures, escaped and guarded against formulas', async () => {
    const res = await exportAs(DEMO.manager);
    const { data } = parse(res.body);
    const bySku = new Map(data.map((r) => [r.sku, r]));
    expect(bySku.get('EXP-PEAK')).toMatchObject({
      name: 'Peak Milk, "Full Cream" 400g',
      category: 'Groceries',
      subcategory: '',
      tax_rate: 'VAT',
      tracked: 'yes',
      barcodes: `${ean13('615100000001')}|${ean13('615100000002')}`,
      cost_price: '2100.00',
      selling_price: '2450.50',
      reorder_level: '6',
      reorder_quantity: '',
      on_hand: '18',
      archived: 'no',
    });
    // Raw text: quotes doubled, the formula behind an apostrophe, the line break inside quotes.
    expect(res.body).toContain('"Peak Milk, ""Full Cream"" 400g"');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.body).toContain('"Line one\nline two"');
    expect(bySku.get('EXP-NL')).toMatchObject({ unit: 'pack', tracked: 'no', on_hand: '', selling_price: '99.99' });
    expect(bySku.get('EXP-TOM')).toMatchObject({ unit: 'kg', on_hand: '3.125' });
    expect(bySku.get('EXP-SH-M')).toMatchObject({ handle: 'exp-sh-m', option1_name: 'Size', option1_value: 'M' });
    expect(bySku.get('EXP-SH-L')).toMatchObject({
      handle: 'exp-sh-m',
      option1_value: 'L',
      store_price: '8200.00',
      on_hand: '1',
    });
    // Archived products only on request.
    expect(bySku.has('EXP-OLD')).toBe(false);
    const archived = parse((await exportAs(DEMO.manager, { archived: 'true' })).body).data;
    expect(archived.map((r) => r.sku)).toContain('EXP-OLD');
    expect(archived.every((r) => r.archived === 'yes')).toBe(true);
    // Another store of the business shows its own stock.
    const ikeja = new Map(parse((await exportAs(DEMO.cashier)).body).data.map((r) => [r.sku, r]));
    expect(ikeja.get('EXP-PEAK')!.on_hand).toBe('0');
  });

  it('export then import of the same file: every row unchanged (the whole catalogue round-trips)', async () => {
    const exported = (await exportAs(DEMO.manager, { archived: 'all' })).body;
    const res = await upload(previewProductImport, exported);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as ImportReport;
    expect(report.rows.filter((r) => r.action !== 'unchanged')).toEqual([]);
    expect(report.summary.unchanged).toBe(report.summary.total);
    expect(report.summary.total).toBeGreaterThan(7);
  });

  it('streams catalogues larger than a page (500 products), in name order, each product once', async () => {
    // 1,200 products straight into the tables (the import would take longer than this test should).
    const db = server.deps.database.db;
    await db.execute(sql`
      insert into products (business_id, id, name, unit, search_text)
      select ${demo.businessId}::uuid, ('00000000-0000-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid,
             'Bulk item ' || lpad(g::text, 5, '0'), 'each', 'bulk item ' || g
      from generate_series(1, 1200) g`);
    await db.execute(sql`
      insert into product_variants (business_id, id, product_id, sku, selling_price_minor)
      select ${demo.businessId}::uuid, ('00000000-0000-7000-9000-' || lpad(to_hex(g), 12, '0'))::uuid,
             ('00000000-0000-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, 'BULK-' || g, 100 * g
      from generate_series(1, 1200) g`);
    const res = await exportAs(DEMO.manager);
    const { data } = parse(res.body);
    const bulk = data.filter((r) => (r.sku ?? '').startsWith('BULK-'));
    expect(bulk).toHaveLength(1200);
    expect(bulk.map((r) => r.name)).toEqual(
      Array.from({ length: 1200 }, (_, i) => `Bulk item ${String(i + 1).padStart(5, '0')}`),
    );
    expect(bulk[1199]).toMatchObject({ sku: 'BULK-1200', selling_price: '1200.00' });
    // No product twice across page boundaries (the order itself follows the database's collation).
    expect(new Set(data.map((r) => r.sku)).size).toBe(data.length);
    const [count] = await queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from product_variants v join products p on p.id = v.product_id
          where v.business_id = ${demo.businessId} and not v.is_archived and not p.is_archived`,
    );
    expect(data).toHaveLength(Number(count!.n));
  });

  it('guards every text cell a spreadsheet would run as a formula, and writes negative stock as a number', async () => {
    const hostile = ['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(A1)', '\tfoo', '\rbar'];
    const skus = hostile.map((_, i) => `EXP-GUARD-${i}`);
    const file = [
      header,
      ...skus.map((sku) => row({ name: sku, sku, unit: 'each', cost_price: '10', selling_price: '15', on_hand: '1' })),
    ].join('\r\n');
    expect((await upload(commitProductImport, file)).statusCode).toBe(200);
    // Straight into the table: the import trims a leading tab or line break, and the export must hold
    // whatever a name can be.
    const db = server.deps.database.db;
    for (const [i, name] of hostile.entries())
      await db.execute(sql`update products set name = ${name}
        where business_id = ${demo.businessId} and id = (select product_id from product_variants where sku = ${skus[i]})`);
    await db.execute(sql`update stock_levels set on_hand = '-2.5'
      where store_id = ${demo.lekkiId} and variant_id = (select id from product_variants where sku = ${skus[0]})`);

    const res = await exportAs(DEMO.manager);
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n');
    for (const [i, name] of hostile.entries()) {
      // The name behind an apostrophe and inside quotes, whatever it holds.
      const line = lines.find((l) => l.includes(`,${skus[i]},`));
      expect(line, JSON.stringify(name)).toBeDefined();
      expect(line!.startsWith(`,"'${name.replace(/"/g, '""')}",${skus[i]},`), line).toBe(true);
    }
    // Money and stock are numbers: plain, a negative one too.
    expect(lines.find((l) => l.includes(`,${skus[0]},`))).toMatch(/,10\.00,15\.00,,,,-2\.5,no,,$/);
  });

  it('another tenant’s export holds only its own products', async () => {
    const res = await exportAs(other.email, {}, other.storeId);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('EXP-PEAK');
    expect(parse(res.body).data).toEqual([]);
  });
});
