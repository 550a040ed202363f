import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import bwipjs from 'bwip-js';
import { PDFDocument } from 'pdf-lib';
import {
  commitProductImport,
  csvCell,
  gtinCheckDigit,
  printLabels,
  productCsvColumns,
  type LabelsBody,
} from '@ipos/contracts';
import { productVariants } from '../../src/db/schema.js';
import { labelsPerPage, renderLabels } from '../../src/features/catalog/product-labels.js';
import { barcodeModules } from '../../src/lib/pdf-barcodes.js';
import { groupedAmount } from '../../src/lib/pdf-text.js';
import { expectHostileNamePrinted, HOSTILE_NAME, pdfText } from '../support/pdf-text.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import {
  demoIds,
  expectCrossTenantNotFound,
  registerTenant,
  snapshotDatabase,
  type Tenant,
} from '../support/isolation.js';

describe('labels PDF (product-labels.ts)', () => {
  it('encodes each symbology into bars: EAN-13 is 95 modules, EAN-8 67, UPC-A 95', () => {
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(barcodeModules(`615000000001${gtinCheckDigit('615000000001')}`, 'EAN13'))).toBe(95);
    expect(sum(barcodeModules(`6150000${gtinCheckDigit('6150000')}`, 'EAN8'))).toBe(67);
    expect(sum(barcodeModules(`61500000001${gtinCheckDigit('61500000001')}`, 'UPCA'))).toBe(95);
    expect(sum(barcodeModules('SKU-1', 'CODE128'))).toBeGreaterThan(40);
  });

  it('draws Code 128 with the shared encoder, bar for bar as bwip-js draws it', () => {
    // bwip-js, a reference implementation, checks the encoder's table and its choice of code sets:
    // every printable character (set B), every digit pair (set C), starts, switches and the stop.
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    const texts = [
      printable,
      'LEK-S000042',
      'IKJ-RF000001',
      'SKU-1',
      'A',
      '0',
      '123',
      '1234',
      '12345',
      'ABC12345',
      'ABC123456',
      'X1234567Y89',
      ...Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0')),
    ];
    for (const text of texts) {
      const [reference] = bwipjs.raw('code128', text, {}) as { sbs: number[] }[];
      expect(barcodeModules(text, 'CODE128'), text).toEqual(reference!.sbs);
    }
  });

  it('formats amounts with grouping, exactly', () => {
    expect(groupedAmount(125050, 2)).toBe('1,250.50');
    expect(groupedAmount(99_999_999_999, 2)).toBe('999,999,999.99');
    expect(groupedAmount(5, 2)).toBe('0.05');
  });

  it('fills sheets per template and draws the name and price (₦ and KSD as text)', async () => {
    const spec = {
      name: 'Golden Penny Semovita 1kg',
      priceMinor: 125000,
      barcode: { code: `615000000001${gtinCheckDigit('615000000001')}`, symbology: 'EAN13' as const },
      quantity: 25,
    };
    const pdf = await renderLabels([spec], { template: 'a4-3x8', currency: 'NGN', useObjectStreams: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2); // 25 labels, 24 a sheet
    const text = pdfText(pdf);
    expect(text).toContain('Golden Penny Semovita 1kg');
    expect(text).toContain('₦1,250.00');
    expect(text).toContain(spec.barcode.code);
    const gbp = pdfText(
      await renderLabels([spec], { template: 'roll-50x30', currency: 'GBP', useObjectStreams: false }),
    );
    expect(gbp).toContain('£1,250.00');
    const ksd = pdfText(await renderLabels([spec], { template: 'roll-50x30', currency: 'KSD' }));
    expect(ksd).toContain('KSD 1,250.00');
    expect(labelsPerPage('a4-4x10')).toBe(40);
  });

  it('shortens a long name with an ellipsis', async () => {
    const name = 'Extraordinarily Long Product Name That Cannot Possibly Fit On A Small Label Anywhere';
    const pdf = await renderLabels(
      [{ name, priceMinor: 100, barcode: { code: 'ABC-123', symbology: 'CODE128' }, quantity: 1 }],
      { template: 'roll-50x30', currency: 'USD', useObjectStreams: false },
    );
    const text = pdfText(pdf);
    expect(text).not.toContain(name);
    expect(text).toMatch(/Extraordinarily .*…/);
  });

  it('prints a name with a line break, ₦, é, ł, an emoji and Arabic as typed', async () => {
    const pdf = await renderLabels(
      [{ name: HOSTILE_NAME, priceMinor: 50_000, barcode: { code: 'ABC-123', symbology: 'CODE128' }, quantity: 2 }],
      { template: 'a4-3x8', currency: 'NGN' },
    );
    const text = expectHostileNamePrinted(pdf);
    expect(text).toContain('₦500.00');
  });
});

describe('POST /api/v1/products/labels', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  let otherVariantId: string;
  const ids: Record<string, string> = {};
  const row = (values: Partial<Record<(typeof productCsvColumns)[number], string>>) =>
    productCsvColumns.map((c) => csvCell(values[c] ?? '')).join(',');

  const print = async (body: unknown, as: string | null = DEMO.manager, storeId?: string) => {
    const headers: Record<string, string> = {
      'x-store-id': storeId ?? (as === DEMO.cashier ? demo.ikejaId : demo.lekkiId),
    };
    if (as) headers.authorization = `Bearer ${await server.tokenFor(as)}`;
    return server.app.inject({ method: 'POST', url: printLabels.path, headers, payload: body as object });
  };
  const importFile = async (token: string, storeId: string, rows: string[]) => {
    const res = await server.app.inject({
      method: 'POST',
      url: commitProductImport.path,
      headers: { authorization: `Bearer ${token}`, 'x-store-id': storeId, 'content-type': 'text/csv' },
      payload: [productCsvColumns.join(','), ...rows].join('\n'),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const variantId = async (businessId: string, sku: string) => {
    const [v] = await server.deps.database.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.businessId, businessId), eq(productVariants.sku, sku)));
    return v!.id;
  };
  const pages = async (body: Buffer) => (await PDFDocument.load(body)).getPageCount();

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    other = await registerTenant(server);
    await importFile(await server.tokenFor(DEMO.manager), demo.lekkiId, [
      row({
        name: 'Label Milo 400g',
        sku: 'LBL-MILO',
        unit: 'each',
        selling_price: '3200',
        store_price: '3150',
        barcodes: `615200000001${gtinCheckDigit('615200000001')}`,
      }),
      row({ name: 'Label Loose Beans', sku: 'LBL-BEANS', unit: 'kg', selling_price: '1800' }),
      row({
        handle: 'lbl-tee',
        name: 'Label Tee',
        sku: 'LBL-TEE-S',
        unit: 'each',
        option1_name: 'Size',
        option1_value: 'S',
        selling_price: '5000',
        barcodes: `6152001${gtinCheckDigit('6152001')}`,
      }),
    ]);
    for (const sku of ['LBL-MILO', 'LBL-BEANS', 'LBL-TEE-S']) ids[sku] = await variantId(demo.businessId, sku);
    await importFile(await other.token(), other.storeId, [
      row({ name: 'Other Secret Soap', sku: 'OTHER-SOAP', unit: 'each', selling_price: '10' }),
    ]);
    otherVariantId = await variantId(other.businessId, 'OTHER-SOAP');
  });
  afterAll(() => server.close());

  it('401 without a token', async () => {
    expect((await print({ items: [{ variantId: ids['LBL-MILO'], quantity: 1 }] }, null)).statusCode).toBe(401);
  });

  it('IPOS_BASIC (inventory.view) may print: a PDF of the store’s prices, names with variant labels', async () => {
    const res = await print({ items: [{ variantId: ids['LBL-MILO'], quantity: 2 }] }, DEMO.cashier);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pages(res.rawPayload)).toBe(1);
  });

  it('page counts follow the template and the quantities; writes nothing', async () => {
    const before = await snapshotDatabase(server);
    const cases: [LabelsBody, number][] = [
      [{ items: [{ variantId: ids['LBL-MILO']!, quantity: 24 }] }, 1],
      [
        {
          items: [
            { variantId: ids['LBL-MILO']!, quantity: 24 },
            { variantId: ids['LBL-BEANS']!, quantity: 1 },
          ],
        },
        2,
      ],
      [{ template: 'a4-4x10', items: [{ variantId: ids['LBL-MILO']!, quantity: 40 }] }, 1],
      [{ template: 'a4-4x10', items: [{ variantId: ids['LBL-MILO']!, quantity: 41 }] }, 2],
      [
        {
          template: 'roll-50x30',
          items: [
            { variantId: ids['LBL-TEE-S']!, quantity: 3 },
            { variantId: ids['LBL-BEANS']!, quantity: 2 },
          ],
        },
        5,
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await print(body);
      expect(res.statusCode, res.body).toBe(200);
      expect(await pages(res.rawPayload), JSON.stringify(body)).toBe(expected);
    }
    expect(await snapshotDatabase(server)).toEqual(before);
  });

  it('draws the name with the variant label, the active store’s price and the barcode digits', async () => {
    const res = await print({
      template: 'roll-50x30',
      items: [
        { variantId: ids['LBL-TEE-S'], quantity: 1 },
        { variantId: ids['LBL-MILO'], quantity: 1 },
        { variantId: ids['LBL-BEANS'], quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Label Tee (S)');
    expect(text).toContain(`6152001${gtinCheckDigit('6152001')}`);
    expect(text).toContain('₦3,150.00'); // Lekki's own price, not the 3,200.00 list price
    expect(text).not.toContain('3,200.00');
    expect(text).toContain('LBL-BEANS'); // no barcode: Code 128 of the SKU
  });

  it('400 naming the field for bad items', async () => {
    const zero = await print({ items: [{ variantId: ids['LBL-MILO'], quantity: 0 }] });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors.map((e: { field: string }) => e.field)).toEqual(['items.0.quantity']);
    const none = await print({ items: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].field).toBe('items');
    const template = await print({ template: 'a5', items: [{ variantId: ids['LBL-MILO'], quantity: 1 }] });
    expect(template.statusCode).toBe(400);
    const tooMany = await print({
      items: Array.from({ length: 21 }, () => ({ variantId: ids['LBL-MILO'], quantity: 500 })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].field).toBe('items');
  });

  it('404 for an unknown variant, and for another tenant’s (nothing revealed, nothing written)', async () => {
    const unknown = await print({ items: [{ variantId: '01900000-0000-7000-8000-000000000000', quantity: 1 }] });
    expect(unknown.statusCode).toBe(404);
    await expectCrossTenantNotFound(server, {
      endpoint: printLabels,
      body: {
        items: [
          { variantId: ids['LBL-MILO'], quantity: 1 },
          { variantId: otherVariantId, quantity: 1 },
        ],
      },
      as: { email: DEMO.manager },
      storeId: demo.lekkiId,
      mustNotReveal: ['Other Secret Soap', 'OTHER-SOAP'],
    });
  });
});
