import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import {
  addDays,
  customerReportDocument,
  getCustomerReport,
  getCustomerReportPdf,
  getPurchaseOrderReport,
  getPurchaseOrderReportPdf,
  getRestockReport,
  getRestockReportPdf,
  getSalesReport,
  getSalesReportPdf,
  getTaxReport,
  getTaxReportPdf,
  getWasteReport,
  getWasteReportPdf,
  purchaseOrderReportDocument,
  reportValueText,
  restockReportDocument,
  salesReportDocument,
  storeDay,
  taxReportDocument,
  wasteReportDocument,
  type Endpoint,
  type ReportDocument,
} from '@ipos/contracts';
import { renderReportPdf } from '../../src/features/reports/report-pdf.js';
import { documentMoney } from '../../src/lib/document-pdf.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant } from '../support/isolation.js';
import { caller } from '../inventory/helpers.js';
import { eq } from 'drizzle-orm';
import { stores } from '../../src/db/schema.js';
import { expectDrawn, expectHostileNamePrinted, HOSTILE_NAME, pdfText } from '../support/pdf-text.js';

/**
 * Every report's PDF: the demo business's history as a landscape A4 PDF named
 * after the report and its period, holding the same figures and rows as the report's JSON; refused
 * as the JSON report is (bad period 400, no reports.view 403, another business's store 404).
 */
describe('report PDFs', () => {
  let server: TestServer;
  let lekkiId: string;
  const reports: [string, Endpoint, Endpoint, (report: never) => ReportDocument][] = [
    ['sales', getSalesReport, getSalesReportPdf, salesReportDocument],
    ['tax', getTaxReport, getTaxReportPdf, taxReportDocument],
    ['waste', getWasteReport, getWasteReportPdf, wasteReportDocument],
    ['customer', getCustomerReport, getCustomerReportPdf, customerReportDocument],
    ['purchase-order', getPurchaseOrderReport, getPurchaseOrderReportPdf, purchaseOrderReportDocument],
    ['restock', getRestockReport, getRestockReportPdf, restockReportDocument],
  ];

  beforeAll(async () => {
    server = await createTestServer();
    lekkiId = (await demoIds(server)).lekkiId;
  });
  afterAll(() => server.close());

  it.each(reports)(
    'the %s report as a PDF holds the JSON report’s figures and rows',
    async (name, json, pdf, toDocument) => {
      const call = caller(server, DEMO.owner);
      const today = storeDay('Africa/Lagos');
      const query: Record<string, string> =
        name === 'restock' ? {} : { from: addDays(today, -90), to: today, bucket: 'month' };
      const report = await call(json, { storeId: lekkiId, query });
      expect(report.statusCode, report.body).toBe(200);
      const document = toDocument(report.json() as never);

      const res = await call(pdf, { storeId: lekkiId, query });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const { from, to } = document.scope;
      const slug = document.title.toLowerCase().replace(/ /g, '-');
      expect(res.headers['content-disposition']).toBe(
        from === to ? `inline; filename="${slug}-${from}.pdf"` : `inline; filename="${slug}-${from}-to-${to}.pdf"`,
      );
      const loaded = await PDFDocument.load(res.rawPayload);
      expect(loaded.getPage(0).getWidth()).toBeCloseTo(841.89, 1); // landscape
      expect(loaded.getTitle()).toContain(document.title);

      const text = pdfText(res.rawPayload);
      const money = (minor: number) => documentMoney(minor, 'NGN');
      expectDrawn(text, document.title);
      expectDrawn(text, document.scope.stores[0]!.name);
      for (const figure of document.figures) {
        expectDrawn(text, figure.label);
        expectDrawn(text, reportValueText(figure.value, figure.format, money));
      }
      for (const table of document.tables) {
        expectDrawn(text, table.title);
        // The first row of every table is there, cell by cell.
        const first = table.rows[0];
        if (!first) continue;
        for (const column of table.columns) {
          const cell = reportValueText(first[column.key] ?? null, column.format, money);
          if (column.format !== 'text') expectDrawn(text, cell);
        }
      }
    },
  );

  it.each(reports)(
    'the %s report PDF prints a store named with a line break, ₦, é, ł, an emoji and Arabic as typed',
    async (name, _json, pdf) => {
      const db = server.deps.database.db;
      const [before] = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, lekkiId));
      await db.update(stores).set({ name: HOSTILE_NAME }).where(eq(stores.id, lekkiId));
      try {
        const today = storeDay('Africa/Lagos');
        const query: Record<string, string> =
          name === 'restock' ? {} : { from: addDays(today, -90), to: today, bucket: 'month' };
        const res = await caller(server, DEMO.owner)(pdf, { storeId: lekkiId, query });
        expect(res.statusCode, res.body).toBe(200);
        expectHostileNamePrinted(res.rawPayload);
      } finally {
        await db.update(stores).set({ name: before!.name }).where(eq(stores.id, lekkiId));
      }
    },
  );

  it('is refused as the report is: a bad period, a role without reports, another business’s store', async () => {
    const call = caller(server, DEMO.owner);
    const demo = await demoIds(server);
    const bad = await call(getSalesReportPdf, { storeId: lekkiId, query: { from: '2026-03-02', to: '2026-03-01' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const cashier = await call(getTaxReportPdf, {
      as: DEMO.cashier,
      storeId: demo.ikejaId,
      query: { from: '2026-01-01', to: '2026-01-31' },
    });
    expect(cashier.statusCode).toBe(403);
    const shop = await registerTenant(server);
    const stranger = await call(getWasteReportPdf, {
      storeId: lekkiId,
      query: { from: '2026-01-01', to: '2026-01-31', storeId: shop.storeId },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('runs a long table over pages, repeating its header, and says when a table is empty', async () => {
    const scope = {
      from: '2026-10-01',
      to: '2026-10-31',
      allStores: false,
      stores: [{ id: lekkiId, name: 'Demo Mart Lekki', alias: 'LEK', timeZone: 'Africa/Lagos' }],
      currency: 'NGN',
      generatedAt: '2026-11-01T08:00:00.000Z',
    };
    const rows = Array.from({ length: 120 }, (_, i) => ({ name: `Product ${i + 1}`, amount: (i + 1) * 1_050 }));
    const bytes = await renderReportPdf({
      title: 'Sales report',
      scope,
      figures: [{ key: 'net', label: 'Net sales', value: 7_623_000, format: 'money' }],
      tables: [
        {
          key: 'by-product',
          title: 'By product',
          columns: [
            { key: 'name', label: 'Product', format: 'text' },
            { key: 'amount', label: 'Net sales', format: 'money' },
          ],
          rows,
          totals: { name: 'Total', amount: 7_623_000 },
        },
        { key: 'empty', title: 'By cashier', columns: [{ key: 'name', label: 'Cashier', format: 'text' }], rows: [] },
      ],
    });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(2);
    const text = pdfText(bytes);
    expect(text).toContain('Product 120');
    expect(text).toContain('₦76,230.00'); // the figure and the totals row
    expect(text).toContain('Total');
    expect(text).toContain('Nothing in this period.');
    expect(text).toContain(`Page ${pdf.getPageCount()} of ${pdf.getPageCount()}`);
    // The header row is drawn again on each page the table runs onto (every page here).
    const count = (line: string) => text.split('\n').filter((l) => l === line).length;
    expect(count('Product')).toBe(pdf.getPageCount());
    expect(text.split('(continued)').length - 1).toBe(pdf.getPageCount() - 1);
  });
});
