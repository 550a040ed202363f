import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { emailReceipt, getReceipt, getReceiptPdf, type Receipt, type Sale } from '@ipos/contracts';
import { auditEvents, businesses, sales, stores, taxRates } from '../../src/db/schema.js';
import { renderReceiptPdf } from '../../src/features/checkout/receipt-pdf.js';
import { receiptText } from '../../src/features/checkout/receipt-layout.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { createTestProduct } from '../support/catalog.js';
import { latestMailTo, startSmtpPeer, waitUntilSent } from '../support/mail.js';
import { caller, fieldsOf } from '../inventory/helpers.js';
import { imagesIn, TINY_PNG } from '../support/images.js';
import { expectHostileNamePrinted, HOSTILE_NAME, oneLine, pdfText } from '../support/pdf-text.js';
import { openTestSession, saleBody, seller, setProductTaxRate } from './checkout-support.js';

const MM = 72 / 25.4;

describe('receipts API', () => {
  let server: TestServer;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  let otherSale: Sale;
  /** Lekki: 2 × soap (VAT 7.5% incl.) with a line discount, 1 × untaxed rice; card + cash with change. */
  let sale: Sale;
  /** Ikeja, rung up by the cashier. */
  let ikejaSale: Sale;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    server = await createTestServer({
      SMTP_URL: `smtp://127.0.0.1:${peer.port}`,
      MAIL_FROM: 'iPos <no-reply@ipos.test>',
    });
    demo = await demoIds(server);
    call = caller(server, DEMO.manager);
    const sell = seller(server);
    const db = server.deps.database.db;

    await db
      .update(businesses)
      .set({
        taxId: 'TIN-12345678',
        receiptHeader: 'Open daily 8am to 9pm',
        receiptFooter: 'Thank you! Returns within 7 days with this receipt.',
      })
      .where(eq(businesses.id, demo.businessId));
    await db
      .update(stores)
      .set({ displayName: 'Demo Mart Lekki Phase 1', phone: '+234 800 000 0001', timeZone: 'Africa/Lagos' })
      .where(and(eq(stores.businessId, demo.businessId), eq(stores.id, demo.lekkiId)));
    const [vat] = await db
      .select({ id: taxRates.id })
      .from(taxRates)
      .where(and(eq(taxRates.businessId, demo.businessId), eq(taxRates.name, 'VAT')));

    const soap = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Ọṣẹ Dudu Black Soap',
      variants: [{ sellingPriceMinor: 107_500, stock: { [demo.lekkiId]: 10 } }],
    });
    await setProductTaxRate(server, demo.businessId, soap.id, vat!.id);
    const rice = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Rice',
      unit: 'kg',
      variants: [{ sellingPriceMinor: 80_000, stock: { [demo.lekkiId]: 10, [demo.ikejaId]: 10 } }],
    });

    // Soap: 2 × 107,500 = 215,000 − 5,000 = 210,000 incl. VAT 7.5%: 210,000 × 750 / 10,750 = 14,651.16 → 14,651.
    // Rice: 1.5 kg × 80,000 = 120,000, untaxed. Total 330,000: card 100,000, cash 230,000 of 250,000.
    const lekkiSession = await openTestSession(server, { businessId: demo.businessId, storeId: demo.lekkiId });
    const res = await sell({
      token: await server.tokenFor(DEMO.manager),
      storeId: demo.lekkiId,
      body: saleBody(
        lekkiSession,
        [
          { variantId: soap.variantId, quantity: 2, discount: { type: 'amount', value: 5_000 } },
          { variantId: rice.variantId, quantity: 1.5 },
        ],
        330_000,
        {
          payments: [
            { method: 'card', amountMinor: 100_000, reference: 'POS-778' },
            { method: 'cash', amountMinor: 230_000, tenderedMinor: 250_000 },
          ],
        },
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    sale = res.json() as Sale;
    // 23:30 UTC on 1 March is 00:30 on 2 March in Lagos (UTC+1): the receipt prints the store's day.
    await db
      .update(sales)
      .set({ completedAt: new Date('2026-03-01T23:30:00Z') })
      .where(eq(sales.id, sale.id));

    const ikejaSession = await openTestSession(server, { businessId: demo.businessId, storeId: demo.ikejaId });
    const ikeja = await sell({
      token: await server.tokenFor(DEMO.cashier),
      storeId: demo.ikejaId,
      body: saleBody(ikejaSession, [{ variantId: rice.variantId, quantity: 1 }], 80_000),
    });
    expect(ikeja.statusCode, ikeja.body).toBe(201);
    ikejaSale = ikeja.json() as Sale;

    other = await registerTenant(server);
    const otherProduct = await createTestProduct(server, {
      businessId: other.businessId,
      name: 'Other Secret Soap',
      variants: [{ sellingPriceMinor: 5_000, stock: { [other.storeId]: 5 } }],
    });
    const otherSession = await openTestSession(server, { businessId: other.businessId, storeId: other.storeId });
    const o = await sell({
      token: await other.token(),
      storeId: other.storeId,
      body: saleBody(otherSession, [{ variantId: otherProduct.variantId, quantity: 1 }], 5_000),
    });
    expect(o.statusCode, o.body).toBe(201);
    otherSale = o.json() as Sale;
  });
  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  it('answers what the receipt prints: store and business header, the sale, tax by rate, payments and change', async () => {
    const res = await call(getReceipt, { storeId: demo.lekkiId, params: { saleId: sale.id } });
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json() as Receipt;
    expect(receipt.store).toEqual({
      displayName: 'Demo Mart Lekki Phase 1',
      address: 'Admiralty Way, Lekki Phase 1, Lagos',
      phone: '+234 800 000 0001',
      timeZone: 'Africa/Lagos',
    });
    expect(receipt.business).toEqual({
      name: 'Demo Mart',
      currency: 'NGN',
      taxId: 'TIN-12345678',
      header: 'Open daily 8am to 9pm',
      footer: 'Thank you! Returns within 7 days with this receipt.',
      logoVersion: null,
    });
    expect(receipt.taxes).toEqual([{ name: 'VAT', rateBasisPoints: 750, inclusive: true, taxMinor: 14_651 }]);
    expect(receipt.sale).toMatchObject({
      id: sale.id,
      number: sale.number,
      completedAt: '2026-03-01T23:30:00.000Z',
      subtotalMinor: 335_000,
      discountMinor: 5_000,
      taxMinor: 14_651,
      totalMinor: 330_000,
      paidMinor: 350_000,
      changeMinor: 20_000,
      cashier: { name: expect.any(String) },
    });
    expect(receipt.sale.payments).toEqual([
      expect.objectContaining({ method: 'card', amountMinor: 100_000, reference: 'POS-778' }),
      expect.objectContaining({ method: 'cash', amountMinor: 230_000, tenderedMinor: 250_000, changeMinor: 20_000 }),
    ]);

    // The same receipt as the fixed-width text of the mail: the store's date, lines, tax, totals, change.
    const text = receiptText(receipt);
    expect(text).toContain('2 Mar 2026, 00:30');
    expect(text).not.toContain('1 Mar 2026');
    expect(text).toMatch(/^ *Demo Mart Lekki Phase 1$/m);
    expect(text).toContain('Tax ID TIN-12345678');
    expect(text).toMatch(/^ {2}2 x 1,075\.00 +2,150\.00$/m);
    expect(text).toMatch(/^ {2}Discount +-50\.00$/m);
    expect(text).toMatch(/^ {2}1\.5 kg x 800\.00 +1,200\.00$/m);
    expect(text).toMatch(/^VAT 7\.5% \(incl\.\) +₦146\.51$/m);
    expect(text).toMatch(/^TOTAL +₦3,300\.00$/m);
    expect(text).toMatch(/^ {2}Tendered +₦2,500\.00$/m);
    expect(text).toMatch(/^CHANGE +₦200\.00$/m);
    expect(text).toMatch(/^ {2}Ref +POS-778$/m);
    expect(text).toContain('Thank you! Returns within 7 days');
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(42);
  });

  it('lets the cashier (transactions.view) read a receipt of their store; the display name falls back to business + store', async () => {
    const res = await call(getReceipt, { as: DEMO.cashier, storeId: demo.ikejaId, params: { saleId: ikejaSale.id } });
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json() as Receipt;
    expect(receipt.store.displayName).toBe('Demo Mart Ikeja');
    expect(receipt.taxes).toEqual([]);
    expect(receipt.sale.totalMinor).toBe(80_000);

    // A sale of another store of the same business is not there from Ikeja.
    const elsewhere = await call(getReceipt, { as: DEMO.cashier, storeId: demo.ikejaId, params: { saleId: sale.id } });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('renders the PDF 58 mm or 80 mm wide, one page as tall as the receipt, named after the sale', async () => {
    for (const width of ['58', '80'] as const) {
      const res = await call(getReceiptPdf, { storeId: demo.lekkiId, params: { saleId: sale.id }, query: { width } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${sale.number}.pdf"`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const pdf = await PDFDocument.load(res.rawPayload);
      expect(pdf.getPageCount()).toBe(1);
      const page = pdf.getPage(0);
      expect(page.getWidth()).toBeCloseTo(Number(width) * MM, 2);
      expect(page.getHeight()).toBeGreaterThan(page.getWidth());
      expect(pdf.getTitle()).toBe(`Receipt ${sale.number}`);
    }
    // 80 mm is the default.
    const plain = await call(getReceiptPdf, { storeId: demo.lekkiId, params: { saleId: sale.id } });
    expect(plain.statusCode).toBe(200);
    expect((await PDFDocument.load(plain.rawPayload)).getPage(0).getWidth()).toBeCloseTo(80 * MM, 2);

    const bad = await call(getReceiptPdf, {
      storeId: demo.lekkiId,
      params: { saleId: sale.id },
      query: { width: '72' },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['querystring.width']);
  });

  it('marks a reprint COPY (copy=true); the original, right after the sale, is not marked', async () => {
    const original = await call(getReceiptPdf, { storeId: demo.lekkiId, params: { saleId: sale.id } });
    expect(original.statusCode, original.body).toBe(200);
    expect(pdfText(original.rawPayload)).not.toContain('COPY');
    for (const width of ['58', '80'] as const) {
      const reprint = await call(getReceiptPdf, {
        storeId: demo.lekkiId,
        params: { saleId: sale.id },
        query: { width, copy: 'true' },
      });
      expect(reprint.statusCode, reprint.body).toBe(200);
      expect(pdfText(reprint.rawPayload)).toContain('*** COPY ***');
    }
  });

  it('prints names with a line break, ₦, é, ł, an emoji and Arabic as typed, in the slip’s columns', async () => {
    const receipt = (await call(getReceipt, { storeId: demo.lekkiId, params: { saleId: sale.id } })).json() as Receipt;
    const hostile: Receipt = {
      ...receipt,
      store: { ...receipt.store, displayName: HOSTILE_NAME },
      sale: {
        ...receipt.sale,
        cashier: { ...receipt.sale.cashier, name: HOSTILE_NAME },
        lines: receipt.sale.lines.map((l) => ({ ...l, name: HOSTILE_NAME })),
      },
    };
    for (const width of ['58', '80'] as const) {
      const text = expectHostileNamePrinted(await renderReceiptPdf(hostile, width));
      expect(oneLine(text)).toContain('TOTAL ₦3,300.00');
    }
  });

  it('makes a long receipt one taller page, not several', async () => {
    const receipt = (await call(getReceipt, { storeId: demo.lekkiId, params: { saleId: sale.id } })).json() as Receipt;
    const short = await PDFDocument.load(await renderReceiptPdf(receipt, '58'));
    const many = {
      ...receipt,
      sale: { ...receipt.sale, lines: Array.from({ length: 120 }, () => receipt.sale.lines[0]!) },
    };
    const long = await PDFDocument.load(await renderReceiptPdf(many, '58'));
    expect(long.getPageCount()).toBe(1);
    expect(long.getPage(0).getHeight()).toBeGreaterThan(short.getPage(0).getHeight() + 118 * 2 * 8);
  });

  it('mails the receipt (text and PDF attached) through SMTP and records it in the sale’s audit trail', async () => {
    const res = await call(emailReceipt, {
      storeId: demo.lekkiId,
      params: { saleId: sale.id },
      body: { email: '  Ada.Customer@Example.com ' },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ queued: true });

    const mail = await latestMailTo(server, 'ada.customer@example.com');
    expect(mail).toBeDefined();
    expect(mail!.toAddress).toBe('ada.customer@example.com');
    expect(mail!.subject).toBe(`Your receipt ${sale.number} from Demo Mart Lekki Phase 1`);
    expect(mail!.textBody).toContain(sale.number);
    expect(mail!.textBody).toContain('2 Mar 2026, 00:30');
    expect(mail!.textBody).toMatch(/^TOTAL +₦3,300\.00$/m);
    expect(mail!.attachments).toHaveLength(1);
    const [attachment] = mail!.attachments!;
    expect(attachment).toMatchObject({ filename: `${sale.number}.pdf`, contentType: 'application/pdf' });
    const pdf = Buffer.from(attachment!.base64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getPage(0).getWidth()).toBeCloseTo(80 * MM, 2);

    const sent = await waitUntilSent(server, mail!.id);
    expect(sent.error).toBeNull();
    const raw = peer.received.map((m) => m.raw).find((m) => m.includes(`Your receipt ${sale.number}`));
    expect(raw).toBeDefined();
    expect(raw).toMatch(/^To: ada\.customer@example\.com/m);
    expect(raw).toMatch(/Content-Type: application\/pdf; name=.*\.pdf/);
    expect(raw).toContain(`filename=${sale.number}.pdf`);

    const events = await server.deps.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'sale'),
          eq(auditEvents.entityId, sale.id),
          eq(auditEvents.action, 'sale.receipt_emailed'),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      businessId: demo.businessId,
      storeId: demo.lekkiId,
      actorAccountId: await server.accountId(DEMO.manager),
      after: { email: 'ada.customer@example.com' },
    });
  });

  it('refuses a bad address (400 naming email) and queues nothing', async () => {
    const res = await call(emailReceipt, {
      storeId: demo.lekkiId,
      params: { saleId: sale.id },
      body: { email: 'not-an-address' },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['email']);
    expect(await latestMailTo(server, 'not-an-address')).toBeUndefined();
  });

  it('prints the business logo at the top of the receipt once the business has one', async () => {
    const pdfOf = async () =>
      (await call(getReceiptPdf, { storeId: demo.lekkiId, params: { saleId: sale.id }, query: { width: '58' } }))
        .rawPayload;
    const before = await pdfOf();
    expect(await imagesIn(before)).toBe(0);
    const put = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/business-profile/logo',
      headers: {
        authorization: `Bearer ${await server.tokenFor(DEMO.admin)}`,
        'x-store-id': demo.lekkiId,
        'content-type': 'image/png',
      },
      payload: TINY_PNG,
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const receipt = (
        await call(getReceipt, { storeId: demo.lekkiId, params: { saleId: sale.id } })
      ).json() as Receipt;
      expect(receipt.business.logoVersion).toBe((put.json() as { logoVersion: number }).logoVersion);
      const after = await pdfOf();
      expect(await imagesIn(after)).toBe(1);
      // The slip grows by the logo (at most 16 mm) and its gap; nothing else moves.
      const height = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPage(0).getHeight();
      const grown = (await height(after)) - (await height(before));
      expect(grown).toBeGreaterThan(10 * MM);
      expect(grown).toBeLessThan(20 * MM);
    } finally {
      await server.deps.database.db
        .update(businesses)
        .set({ logoVersion: null })
        .where(eq(businesses.id, demo.businessId));
    }
  });

  it('limits receipt mail: 5 per sale and 20 per person an hour (429 RATE_LIMITED, nothing queued); each mail is audited with its address', async () => {
    const db = server.deps.database.db;
    const mailed = async (saleId: string) =>
      db
        .select({ after: auditEvents.after, actor: auditEvents.actorAccountId })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.entity, 'sale'),
            eq(auditEvents.entityId, saleId),
            eq(auditEvents.action, 'sale.receipt_emailed'),
          ),
        )
        // In the order they were mailed (ids are time-ordered): PostgreSQL keeps no order of its own.
        .orderBy(auditEvents.occurredAt, auditEvents.id);
    const mail = (as: string, storeId: string, saleId: string, email: string) =>
      call(emailReceipt, { as, storeId, params: { saleId }, body: { email } });

    // The same sale: the sixth mail within the hour is refused.
    for (let i = 1; i <= 5; i++) {
      const res = await mail(DEMO.cashier, demo.ikejaId, ikejaSale.id, `again-${i}@example.com`);
      expect(res.statusCode, res.body).toBe(202);
    }
    const sixth = await mail(DEMO.cashier, demo.ikejaId, ikejaSale.id, 'again-6@example.com');
    expect(sixth.statusCode, sixth.body).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await latestMailTo(server, 'again-6@example.com')).toBeUndefined();
    const cashierId = await server.accountId(DEMO.cashier);
    expect((await mailed(ikejaSale.id)).map((e) => e.after)).toEqual(
      [1, 2, 3, 4, 5].map((i) => ({ email: `again-${i}@example.com` })),
    );
    expect((await mailed(ikejaSale.id)).every((e) => e.actor === cashierId)).toBe(true);

    // One person: 20 mails over four sales, then the 21st (a fifth sale) is refused.
    const tea = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Receipt Limit Tea',
      variants: [{ sellingPriceMinor: 10_000, stock: { [demo.lekkiId]: 10 } }],
    });
    const session = await openTestSession(server, { businessId: demo.businessId, storeId: demo.lekkiId });
    const token = await server.tokenFor(DEMO.admin);
    const saleIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await seller(server)({
        token,
        storeId: demo.lekkiId,
        body: saleBody(session, [{ variantId: tea.variantId, quantity: 1 }], 10_000),
      });
      expect(res.statusCode, res.body).toBe(201);
      saleIds.push((res.json() as Sale).id);
    }
    for (const [n, saleId] of saleIds.slice(0, 4).entries())
      for (let i = 0; i < 5; i++) {
        const res = await mail(DEMO.admin, demo.lekkiId, saleId, `customer-${n}-${i}@example.com`);
        expect(res.statusCode, res.body).toBe(202);
      }
    const twentyFirst = await mail(DEMO.admin, demo.lekkiId, saleIds[4]!, 'one-too-many@example.com');
    expect(twentyFirst.statusCode, twentyFirst.body).toBe(429);
    expect(twentyFirst.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(twentyFirst.headers['retry-after']).toBe('3600');
    expect(await latestMailTo(server, 'one-too-many@example.com')).toBeUndefined();
    expect(await mailed(saleIds[4]!)).toEqual([]);
    for (const saleId of saleIds.slice(0, 4)) expect(await mailed(saleId)).toHaveLength(5);
    // Another person at the same till is not held back by the admin's count.
    expect((await mail(DEMO.manager, demo.lekkiId, saleIds[4]!, 'manager@example.com')).statusCode).toBe(202);
  });

  it('answers 404 for another tenant’s sale and changes nothing (no mail, no audit)', async () => {
    for (const probe of [
      { endpoint: getReceipt },
      { endpoint: getReceiptPdf, query: { width: '58' } },
      { endpoint: emailReceipt, body: { email: 'thief@example.com' } },
    ])
      await expectCrossTenantNotFound(server, {
        ...probe,
        params: { saleId: otherSale.id },
        as: { email: DEMO.manager },
        storeId: demo.lekkiId,
        mustNotReveal: ['Other Secret Soap', other.businessName],
        // The earlier tests' mail is delivered after their answers and marks the outbox meanwhile;
        // that no mail was queued for this probe is checked below.
        ignoreTables: ['mail_outbox'],
      });
    expect(await latestMailTo(server, 'thief@example.com')).toBeUndefined();
  });
});
