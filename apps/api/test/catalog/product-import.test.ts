import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  commitProductImport,
  csvCell,
  gtinCheckDigit,
  MAX_IMPORT_BYTES,
  parseThousandths,
  previewProductImport,
  productCsvColumns,
  type ImportReport,
} from '@ipos/contracts';
import {
  auditEvents,
  productBarcodes,
  products,
  productVariants,
  stockAdjustments,
  stockLevels,
  stockMovements,
} from '../../src/db/schema.js';
import { queryRows } from '../../src/db/client.js';
import { ledgerMismatches } from '../../src/features/inventory/stock-ledger.js';
import { parseMoney, parseQuantityCell, readProductCsv } from '../../src/features/catalog/product-csv.js';
import { BULK_IMPORT_ROWS } from '../../src/features/catalog/product-files.service.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, snapshotDatabase } from '../support/isolation.js';

const ean13 = (body12: string) => `${body12}${gtinCheckDigit(body12)}`;

describe('CSV cells and files (product-csv.ts)', () => {
  it('reads money in major units exactly, by splitting on the dot', () => {
    expect(parseMoney('1250.50')).toEqual({ ok: true, value: 125050 });
    expect(parseMoney('1,250.5')).toEqual({ ok: true, value: 125050 });
    expect(parseMoney('0.07')).toEqual({ ok: true, value: 7 });
    expect(parseMoney('19.99')).toEqual({ ok: true, value: 1999 }); // 19.99 * 100 is 1998.9999999999998 as a float
    expect(parseMoney('1250')).toEqual({ ok: true, value: 125000 });
    expect(parseMoney('1.005')).toMatchObject({ ok: false, message: 'Use at most 2 decimals' });
    expect(parseMoney('-5')).toMatchObject({ ok: false, message: 'An amount cannot be negative' });
    expect(parseMoney('12,34')).toMatchObject({ ok: false });
    expect(parseMoney('abc')).toMatchObject({ ok: false });
  });

  it('reads quantities to 3 decimals in thousandths', () => {
    expect(parseQuantityCell('1.25')).toEqual({ ok: true, value: 1250 });
    expect(parseQuantityCell('-3')).toEqual({ ok: true, value: -3000 });
    expect(parseQuantityCell('0.001')).toEqual({ ok: true, value: 1 });
    expect(parseQuantityCell('1.2345')).toMatchObject({ ok: false, message: 'Use at most 3 decimals' });
  });

  it('strips the export’s formula guard on the way in, and keeps any other leading apostrophe', () => {
    const file = Buffer.from(
      `sku,name,selling_price\r\n${csvCell('-3')},${csvCell('=SUM(A1)')},10\r\nA-1,'Tis the season,5\r\n`,
    );
    const result = readProductCsv(file);
    expect(result.ok && result.records.map((r) => [r.values.sku, r.values.name])).toEqual([
      ['-3', '=SUM(A1)'],
      ['A-1', "'Tis the season"],
    ]);
  });

  it('accepts a BOM, CRLF, quoted fields and header names in any case', () => {
    const file = Buffer.from('\uFEFFSKU,Name,Selling_Price\r\nA-1,"Rice, 5kg",10\r\n\r\nA-2,"Two\r\nlines",20\r\n');
    const result = readProductCsv(file);
    expect(result).toMatchObject({ ok: true, columns: ['sku', 'name', 'selling_price'] });
    if (!result.ok) return;
    expect(result.records).toEqual([
      { line: 2, values: { sku: 'A-1', name: 'Rice, 5kg', selling_price: '10' } },
      { line: 4, values: { sku: 'A-2', name: 'Two\r\nlines', selling_price: '20' } },
    ]);
  });

  it('refuses unknown and missing columns, files that are not UTF-8, and empty files at file level', () => {
    expect(readProductCsv(Buffer.from('sku,name,price,colour\nA,B,1,red\n'))).toEqual({
      ok: false,
      errors: [
        { field: 'price', message: 'Unknown column "price"' },
        { field: 'colour', message: 'Unknown column "colour"' },
        { field: 'selling_price', message: 'The column "selling_price" is missing' },
      ],
    });
    expect(readProductCsv(Buffer.from([0x73, 0x6b, 0x75, 0x0a, 0xe9, 0xff]))).toMatchObject({
      ok: false,
      errors: [{ field: 'file' }],
    });
    expect(readProductCsv(Buffer.from('sku,name,selling_price\n'))).toMatchObject({
      ok: false,
      errors: [{ field: 'file', message: 'The file has no product rows' }],
    });
  });
});

describe('products CSV import', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  const header = productCsvColumns.join(',');
  const SUGAR_EAN = ean13('615000000001');
  const JUICE_50_EAN = ean13('615000000002');
  const JUICE_1L_EAN = ean13('615000000003');

  /** A row in productCsvColumns order from the columns given. */
  const row = (values: Partial<Record<(typeof productCsvColumns)[number], string>>) =>
    productCsvColumns.map((c) => csvCell(values[c] ?? '')).join(',');
  const sugar = (over: Partial<Record<(typeof productCsvColumns)[number], string>> = {}) =>
    row({
      name: 'Dangote Sugar 500g',
      sku: 'IMP-SUGAR',
      category: 'Groceries',
      unit: 'each',
      tax_rate: 'VAT',
      tracked: 'yes',
      barcodes: SUGAR_EAN,
      cost_price: '700',
      selling_price: '1250.50',
      reorder_level: '10',
      reorder_quantity: '24',
      on_hand: '40',
      archived: 'no',
      ...over,
    });
  const juice = (size: string, sku: string, code: string, price: string, onHand: string) =>
    row({
      handle: 'chivita',
      name: 'Chivita Orange',
      sku,
      category: 'Drinks',
      subcategory: 'Juice',
      unit: 'each',
      tracked: 'yes',
      option1_name: 'Size',
      option1_value: size,
      barcodes: code,
      cost_price: '300',
      selling_price: price,
      store_price: size === '1L' ? '1150' : '',
      on_hand: onHand,
    });
  const rice = (over: Partial<Record<(typeof productCsvColumns)[number], string>> = {}) =>
    row({
      name: 'Ofada Rice (loose)',
      sku: 'IMP-RICE',
      category: 'Groceries',
      subcategory: 'Rice & Grains',
      unit: 'kg',
      tracked: 'true',
      cost_price: '1500',
      selling_price: '1800',
      on_hand: '12.5',
      ...over,
    });
  const csv = (...rows: string[]) => `${header}\n${rows.join('\n')}\n`;

  const send = async (
    endpoint: typeof previewProductImport | typeof commitProductImport,
    body: string | Buffer,
    options: { as?: string | null; contentType?: string; storeId?: string } = {},
  ) => {
    const as = options.as === undefined ? DEMO.manager : options.as;
    const headers: Record<string, string> = {
      'content-type': options.contentType ?? 'text/csv',
      'x-store-id': options.storeId ?? (as === DEMO.cashier ? demo.ikejaId : demo.lekkiId),
    };
    if (as) headers.authorization = `Bearer ${await server.tokenFor(as)}`;
    return server.app.inject({ method: 'POST', url: endpoint.path, headers, payload: body });
  };
  const db = () => server.deps.database.db;
  const variantBySku = async (sku: string) => {
    const [v] = await db()
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.businessId, demo.businessId), eq(productVariants.sku, sku)));
    return v;
  };
  const onHand = async (sku: string, storeId = demo.lekkiId) => {
    const v = await variantBySku(sku);
    const [level] = await db()
      .select({ onHand: stockLevels.onHand })
      .from(stockLevels)
      .where(and(eq(stockLevels.storeId, storeId), eq(stockLevels.variantId, v!.id)));
    return level ? parseThousandths(level.onHand) / 1000 : 0;
  };
  const auditCount = async (action: string) =>
    Number(
      (
        await db()
          .select({ n: sql<number>`count(*)` })
          .from(auditEvents)
          .where(and(eq(auditEvents.businessId, demo.businessId), eq(auditEvents.action, action)))
      )[0]!.n,
    );

  const good = () =>
    csv(
      sugar(),
      juice('50cl', 'IMP-CHI-50', JUICE_50_EAN, '450', '30'),
      juice('1L', 'IMP-CHI-1L', JUICE_1L_EAN, '1200', '6'),
      rice(),
    );

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
  });
  afterAll(() => server.close());

  describe('access and bad uploads', () => {
    it('401 without a token', async () => {
      const res = await send(previewProductImport, good(), { as: null });
      expect(res.statusCode).toBe(401);
      expect((await send(commitProductImport, good(), { as: null })).statusCode).toBe(401);
    });

    it('403 for IPOS_BASIC (inventory.view only), preview and commit; nothing written', async () => {
      const before = await snapshotDatabase(server);
      const preview = await send(previewProductImport, good(), { as: DEMO.cashier });
      expect(preview.statusCode).toBe(403);
      expect(preview.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect((await send(commitProductImport, good(), { as: DEMO.cashier })).statusCode).toBe(403);
      expect(await snapshotDatabase(server)).toEqual(before);
    });

    it('415 for a body that is not text/csv (JSON, plain text)', async () => {
      const json = await send(previewProductImport, JSON.stringify({ rows: [] }), { contentType: 'application/json' });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      const text = await send(commitProductImport, good(), { contentType: 'application/pdf' });
      expect(text.statusCode).toBe(415);
      expect(text.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Send the body as text/csv' });
    });

    it('413 for a file over 5 MB', async () => {
      const big = Buffer.alloc(MAX_IMPORT_BYTES + 1024, 'a');
      const res = await send(previewProductImport, big);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', detail: 'The request body is larger than 5 MB' });
    });

    it('400 naming the column for unknown or missing columns, and for an empty body', async () => {
      const res = await send(previewProductImport, 'sku,name,price\nA,B,1\n');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [
          { field: 'price', message: 'Unknown column "price"' },
          { field: 'selling_price', message: 'The column "selling_price" is missing' },
        ],
      });
      const empty = await send(commitProductImport, '');
      expect(empty.statusCode).toBe(400);
    });

    it('accepts text/csv with a charset parameter', async () => {
      const res = await send(previewProductImport, good(), { contentType: 'text/csv; charset=utf-8' });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('preview, commit, re-import', () => {
    const bad = () =>
      csv(
        sugar(),
        juice('50cl', 'IMP-CHI-50', JUICE_50_EAN, '450', '30'),
        // The bad row: a check digit that is wrong, and a category nobody created.
        juice('1L', 'IMP-CHI-1L', `${JUICE_1L_EAN.slice(0, 12)}${(Number(JUICE_1L_EAN.at(-1)) + 1) % 10}`, '1200', '6'),
        rice({ category: 'Grocery Items', subcategory: '' }),
      );

    it('previews every row with what committing would do, and writes nothing', async () => {
      const before = await snapshotDatabase(server);
      const res = await send(previewProductImport, good());
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json() as ImportReport;
      expect(report).toEqual({
        rows: [
          { line: 2, sku: 'IMP-SUGAR', name: 'Dangote Sugar 500g', action: 'create', errors: [] },
          { line: 3, sku: 'IMP-CHI-50', name: 'Chivita Orange', action: 'create', errors: [] },
          { line: 4, sku: 'IMP-CHI-1L', name: 'Chivita Orange', action: 'create', errors: [] },
          { line: 5, sku: 'IMP-RICE', name: 'Ofada Rice (loose)', action: 'create', errors: [] },
        ],
        summary: { total: 4, create: 4, update: 0, unchanged: 0, errors: 0 },
        committed: false,
        // Within the demo's plan (Growth): nothing to warn of.
        planLimit: null,
      });
      expect(await snapshotDatabase(server)).toEqual(before);
    });

    it('a file with bad rows: the preview shows exactly those rows’ errors, by CSV column', async () => {
      const res = await send(previewProductImport, bad());
      expect(res.statusCode).toBe(200);
      const report = res.json() as ImportReport;
      expect(report.summary).toEqual({ total: 4, create: 2, update: 0, unchanged: 0, errors: 2 });
      expect(report.rows.map((r) => r.action)).toEqual(['create', 'create', 'error', 'error']);
      expect(report.rows[2]!.errors).toEqual([
        { field: 'barcodes', message: expect.stringContaining('The check digit is wrong') },
      ]);
      expect(report.rows[3]!.errors).toEqual([
        { field: 'category', message: 'No category named "Grocery Items": create it first in Inventory → Categories' },
      ]);
    });

    it('committing a file with errors: 422 IMPORT_INVALID with the same report, and nothing written', async () => {
      const before = await snapshotDatabase(server);
      const res = await send(commitProductImport, bad());
      expect(res.statusCode).toBe(422);
      const body = res.json() as { code: string; report: ImportReport };
      expect(body.code).toBe('IMPORT_INVALID');
      expect(body.report.summary.errors).toBe(2);
      expect(body.report.rows[2]!.errors[0]!.field).toBe('barcodes');
      expect(await snapshotDatabase(server)).toEqual(before);
    });

    it('the fixed file commits: products, variants, barcodes, prices, store settings, stock, audit', async () => {
      const createdBefore = await auditCount('product.created');
      const res = await send(commitProductImport, good());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ committed: true, summary: { create: 4, errors: 0 } });

      const sugarVariant = (await variantBySku('IMP-SUGAR'))!;
      expect(sugarVariant).toMatchObject({ sellingPriceMinor: 125050, costPriceMinor: 70000, optionValues: [] });
      const [sugarProduct] = await db().select().from(products).where(eq(products.id, sugarVariant.productId));
      expect(sugarProduct).toMatchObject({
        name: 'Dangote Sugar 500g',
        unit: 'each',
        isTracked: true,
        isArchived: false,
      });
      expect(sugarProduct!.taxRateId).not.toBeNull();
      const codes = await db()
        .select({ code: productBarcodes.code, symbology: productBarcodes.symbology })
        .from(productBarcodes)
        .where(eq(productBarcodes.variantId, sugarVariant.id));
      expect(codes).toEqual([{ code: SUGAR_EAN, symbology: 'EAN13' }]);
      const [level] = await db()
        .select()
        .from(stockLevels)
        .where(and(eq(stockLevels.storeId, demo.lekkiId), eq(stockLevels.variantId, sugarVariant.id)));
      expect(parseThousandths(level!.reorderLevel!)).toBe(10_000);
      expect(parseThousandths(level!.reorderQuantity!)).toBe(24_000);
      expect(level!.sellingPriceMinor).toBeNull();

      // One product with two variants (the handle), options from the first row, a store price for 1L.
      const fifty = (await variantBySku('IMP-CHI-50'))!;
      const litre = (await variantBySku('IMP-CHI-1L'))!;
      expect(litre.productId).toBe(fifty.productId);
      const [chivita] = await db().select().from(products).where(eq(products.id, fifty.productId));
      expect(chivita!.options).toEqual([{ name: 'Size', values: ['50cl', '1L'] }]);
      expect([fifty.optionValues, litre.optionValues]).toEqual([['50cl'], ['1L']]);
      const [litreLevel] = await db()
        .select()
        .from(stockLevels)
        .where(and(eq(stockLevels.storeId, demo.lekkiId), eq(stockLevels.variantId, litre.id)));
      expect(litreLevel!.sellingPriceMinor).toBe(115000);

      // on_hand went into the active store (Lekki) only, through one adjustment on the ledger.
      expect(await onHand('IMP-SUGAR')).toBe(40);
      expect(await onHand('IMP-RICE')).toBe(12.5);
      expect(await onHand('IMP-CHI-1L')).toBe(6);
      expect(await onHand('IMP-SUGAR', demo.ikejaId)).toBe(0);
      const adjustments = await db()
        .select()
        .from(stockAdjustments)
        .where(and(eq(stockAdjustments.businessId, demo.businessId), eq(stockAdjustments.note, 'CSV import')));
      expect(adjustments).toHaveLength(1);
      expect(adjustments[0]).toMatchObject({
        reasonCode: 'correction',
        number: expect.stringMatching(/^LEK-ADJ\d{6}$/),
      });
      const movements = await db().select().from(stockMovements).where(eq(stockMovements.refId, adjustments[0]!.id));
      expect(movements).toHaveLength(4);
      expect(movements.every((m) => m.reason === 'adjustment' && m.refType === 'stock_adjustment')).toBe(true);
      expect(await ledgerMismatches(db(), demo.businessId)).toEqual([]);

      expect(await auditCount('product_import.committed')).toBe(1);
      expect(await auditCount('product.created')).toBe(createdBefore + 3);
      expect(await auditCount('stock_adjustment.created')).toBeGreaterThanOrEqual(1);
    });

    it('re-importing the same file changes nothing: every row unchanged, no audit events, no movements', async () => {
      const preview = (await send(previewProductImport, good())).json() as ImportReport;
      expect(preview.summary).toEqual({ total: 4, create: 0, update: 0, unchanged: 4, errors: 0 });
      const before = await snapshotDatabase(server);
      const res = await send(commitProductImport, good());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ committed: true, summary: { unchanged: 4 } });
      expect(await snapshotDatabase(server)).toEqual(before);
    });

    it('a changed price and on hand update that row only: one product update, one correction movement', async () => {
      const changed = csv(
        sugar({ selling_price: '1300', on_hand: '35' }),
        juice('50cl', 'IMP-CHI-50', JUICE_50_EAN, '450', '30'),
        juice('1L', 'IMP-CHI-1L', JUICE_1L_EAN, '1200', '6'),
        rice(),
      );
      const preview = (await send(previewProductImport, changed)).json() as ImportReport;
      expect(preview.rows.map((r) => r.action)).toEqual(['update', 'unchanged', 'unchanged', 'unchanged']);
      const updatesBefore = await auditCount('product.updated');
      const res = await send(commitProductImport, changed);
      expect(res.statusCode, res.body).toBe(200);
      expect((await variantBySku('IMP-SUGAR'))!.sellingPriceMinor).toBe(130000);
      expect(await onHand('IMP-SUGAR')).toBe(35);
      expect(await auditCount('product.updated')).toBe(updatesBefore + 1);
      const sugarVariant = (await variantBySku('IMP-SUGAR'))!;
      const movements = await db()
        .select({ delta: stockMovements.delta, note: stockMovements.note })
        .from(stockMovements)
        .where(eq(stockMovements.variantId, sugarVariant.id))
        .orderBy(stockMovements.occurredAt, stockMovements.id);
      expect(movements.map((m) => [parseThousandths(m.delta), m.note])).toEqual([
        [40_000, 'CSV import'],
        [-5_000, 'CSV import'],
      ]);
      expect(await ledgerMismatches(db(), demo.businessId)).toEqual([]);
    });

    it('names rows that clash: a SKU twice in the file, a barcode of another product, a fraction of an each', async () => {
      const res = await send(
        previewProductImport,
        csv(
          row({ name: 'New Soap', sku: 'IMP-SOAP', unit: 'each', selling_price: '300', barcodes: SUGAR_EAN }),
          row({ name: 'Soap Again', sku: 'imp-soap', unit: 'each', selling_price: '300' }),
          row({ name: 'Half Soap', sku: 'IMP-HALF', unit: 'each', selling_price: '300', on_hand: '1.5' }),
          row({ name: 'Dear Soap', sku: 'IMP-DEAR', unit: 'each', selling_price: '12.345' }),
          row({ name: 'Palm Oil', sku: 'IMP-OIL', unit: 'litre', selling_price: '900' }),
        ),
      );
      const report = res.json() as ImportReport;
      expect(report.rows.map((r) => r.errors)).toEqual([
        [{ field: 'barcodes', message: `Barcode ${SUGAR_EAN} belongs to "Dangote Sugar 500g" (SKU IMP-SUGAR)` }],
        [{ field: 'sku', message: 'This SKU is also on row 2' }],
        [{ field: 'on_hand', message: 'Whole numbers only for goods sold by the each' }],
        [{ field: 'selling_price', message: 'Use at most 2 decimals' }],
        [{ field: 'unit', message: 'Use one of each, kg, g, l, ml, m, pack' }],
      ]);
    });

    it('strips the formula guard of cells written by the export', async () => {
      const res = await send(
        commitProductImport,
        csv(row({ name: "'=Cheap Deals", sku: 'IMP-FORMULA', unit: 'each', selling_price: '100' })),
      );
      expect(res.statusCode, res.body).toBe(200);
      const [p] = await db()
        .select({ name: products.name })
        .from(products)
        .where(eq(products.id, (await variantBySku('IMP-FORMULA'))!.productId));
      expect(p!.name).toBe('=Cheap Deals');
    });

    it('a bulk file refreshes the catalogue’s planner statistics once committed; a small one does not', async () => {
      // A business the planner has not seen (or that grew by thousands at once) is estimated at one
      // row until the next analyze; the register's catalogue pages then take seconds on PostgreSQL.
      const TABLES = ['products', 'product_variants', 'stock_levels'];
      const reltuples = async () =>
        Object.fromEntries(
          (
            await queryRows<{ name: string; n: number }>(
              db(),
              sql`select relname as name, reltuples::float8 as n from pg_class
                   where relname in ${TABLES} and relkind = 'r'`,
            )
          ).map((r) => [r.name, Number(r.n)]),
        );
      const counted = async () => {
        const counts: Record<string, number> = {};
        for (const table of TABLES) {
          const [row] = await queryRows<{ n: number }>(
            db(),
            sql`select count(*)::int as n from ${sql.identifier(table)}`,
          );
          counts[table] = Number(row!.n);
        }
        return counts;
      };
      const bulk = (from: number, count: number) =>
        csv(
          ...Array.from({ length: count }, (_, i) =>
            row({
              name: `Bulk item ${from + i}`,
              sku: `IMP-BULK-${from + i}`,
              unit: 'each',
              selling_price: '100',
              on_hand: '5',
            }),
          ),
        );

      const small = await send(commitProductImport, bulk(0, 3));
      expect(small.statusCode, small.body).toBe(200);
      expect(await reltuples()).not.toEqual(await counted());

      const large = await send(commitProductImport, bulk(3, BULK_IMPORT_ROWS));
      expect(large.statusCode, large.body).toBe(200);
      expect(large.json()).toMatchObject({ summary: { create: BULK_IMPORT_ROWS, errors: 0 } });
      expect(await reltuples()).toEqual(await counted());
    });
  });
});
