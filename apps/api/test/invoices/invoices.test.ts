import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import {
  buildPath,
  createInvoice,
  deleteInvoice,
  emailInvoice,
  getInvoice,
  invoicePdf,
  issueInvoice,
  listInvoiceEvents,
  listInvoices,
  priceCart,
  recordInvoicePayment,
  storeDay,
  addDays,
  updateInvoice,
  voidInvoice,
  type CreateInvoiceBody,
  type Invoice,
  type InvoiceStatus,
} from '@ipos/contracts';
import {
  auditEvents,
  contacts,
  invoiceLines,
  invoicePayments,
  invoices,
  stockMovements,
  stores,
  taxRates,
} from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { createTestProduct, onHand, setAllowNegativeStock, type TestProduct } from '../support/catalog.js';
import { latestMailTo } from '../support/mail.js';
import { caller, expectLedgerHolds, fieldsOf } from '../inventory/helpers.js';
import { setProductTaxRate } from '../checkout/checkout-support.js';
import { expectDrawn, expectHostileNamePrinted, HOSTILE_NAME, pdfText } from '../support/pdf-text.js';
import { imagesIn, withBusinessLogo } from '../support/images.js';

describe('invoices API', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let call: ReturnType<typeof caller>;
  let other: Tenant;
  /** A business customer of Demo Mart made for these tests (so demo invoices never mix in). */
  let customerId: string;
  let archivedCustomerId: string;
  let vendorId: string;
  /** Tracked, 7.5% inclusive VAT, 10 on hand at Lekki. */
  let soap: TestProduct;
  /** Tracked, sold by the kg, no tax, 5 kg at Lekki. */
  let rice: TestProduct;
  let vat: { id: string };
  /** 16% exclusive. */
  let exclusive: { id: string };
  let today: string;

  const db = () => server.deps.database.db;

  async function makeContact(
    kind: 'customer' | 'vendor',
    name: string,
    extra: { archived?: boolean; email?: string } = {},
  ) {
    const id = newId();
    await db()
      .insert(contacts)
      .values({
        businessId: demo.businessId,
        id,
        kind,
        name,
        email: extra.email ?? null,
        searchText: name.toLowerCase(),
        ...(extra.archived ? { archivedAt: new Date() } : {}),
      });
    return id;
  }

  const draftBody = (overrides: Partial<CreateInvoiceBody> = {}): CreateInvoiceBody => ({
    id: newId(),
    customerId,
    issueDate: today,
    dueDate: addDays(today, 14),
    lines: [
      { variantId: soap.variantId, quantity: 2, unitPriceMinor: 107_500 },
      { description: 'Delivery to Ajah', quantity: 1, unitPriceMinor: 250_000, taxRateId: exclusive.id },
    ],
    terms: 'Pay within 14 days',
    ...overrides,
  });

  async function create(body: CreateInvoiceBody = draftBody()): Promise<Invoice> {
    const res = await call(createInvoice, { storeId: demo.lekkiId, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Invoice;
  }
  async function issue(inv: Invoice): Promise<Invoice> {
    const res = await call(issueInvoice, {
      storeId: demo.lekkiId,
      params: { invoiceId: inv.id },
      body: { version: inv.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Invoice;
  }
  async function pay(invoiceId: string, amountMinor: number, key = newId(), id = newId(), as?: string) {
    return server.app.inject({
      method: 'POST',
      url: buildPath(recordInvoicePayment.path, { invoiceId }),
      headers: {
        authorization: `Bearer ${await server.tokenFor(as ?? DEMO.manager)}`,
        'x-store-id': demo.lekkiId,
        'idempotency-key': key,
      },
      payload: { id, method: 'bank_transfer', amountMinor, reference: 'TRF-1' },
    });
  }
  async function voidIt(inv: Invoice) {
    return call(voidInvoice, {
      storeId: demo.lekkiId,
      params: { invoiceId: inv.id },
      body: { version: inv.version, reason: 'Customer cancelled' },
    });
  }
  /** An invoice in a given status: draft, issued (unpaid), partly paid, paid or void. */
  async function invoiceIn(status: InvoiceStatus | 'partly_paid'): Promise<Invoice> {
    const inv = await create(
      draftBody({ lines: [{ description: 'Consulting', quantity: 1, unitPriceMinor: 100_000 }] }),
    );
    if (status === 'draft') return inv;
    const issued = await issue(inv);
    if (status === 'issued') return issued;
    if (status === 'void') return (await voidIt(issued)).json() as Invoice;
    const res = await pay(inv.id, status === 'paid' ? 100_000 : 40_000);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Invoice;
  }

  /** Everything an action on an invoice could write. */
  async function footprint(invoiceId: string) {
    const [row] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.businessId, demo.businessId), eq(invoices.id, invoiceId)));
    const n = async (table: typeof invoiceLines | typeof invoicePayments) =>
      (
        await db()
          .select({ n: count() })
          .from(table)
          .where(and(eq(table.businessId, demo.businessId), eq(table.invoiceId, invoiceId)))
      )[0]!.n;
    const [moves] = await db()
      .select({ n: count() })
      .from(stockMovements)
      .where(and(eq(stockMovements.businessId, demo.businessId), eq(stockMovements.refId, invoiceId)));
    const [audits] = await db()
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'invoice'), eq(auditEvents.entityId, invoiceId)));
    return {
      row,
      lines: await n(invoiceLines),
      payments: await n(invoicePayments),
      moves: moves!.n,
      audits: audits!.n,
    };
  }

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, DEMO.manager);
    other = await registerTenant(server);
    const [zone] = await db()
      .select({ tz: stores.timeZone })
      .from(stores)
      .where(and(eq(stores.businessId, demo.businessId), eq(stores.id, demo.lekkiId)));
    today = storeDay(zone!.tz);
    customerId = await makeContact('customer', 'Adebayo Catering Ltd', { email: 'accounts@adebayo.example' });
    archivedCustomerId = await makeContact('customer', 'Gone Ltd', { archived: true });
    vendorId = await makeContact('vendor', 'Some Vendor');
    const [defaultRate] = await db()
      .select({ id: taxRates.id })
      .from(taxRates)
      .where(and(eq(taxRates.businessId, demo.businessId), eq(taxRates.isDefault, true)));
    vat = defaultRate!;
    exclusive = { id: newId() };
    await db().insert(taxRates).values({
      businessId: demo.businessId,
      id: exclusive.id,
      name: 'Service tax',
      rateBasisPoints: 1600,
      isInclusive: false,
    });
    soap = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Invoice Soap',
      variants: [{ costPriceMinor: 60_000, sellingPriceMinor: 107_500, stock: { [demo.lekkiId]: 1000 } }],
    });
    await setProductTaxRate(server, demo.businessId, soap.id, vat.id);
    rice = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Invoice Rice',
      unit: 'kg',
      variants: [{ costPriceMinor: 90_000, sellingPriceMinor: 150_000, stock: { [demo.lekkiId]: 5 } }],
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('seeds Demo Mart with invoices in every state, consistent with their payments and the ledger', async () => {
    const res = await call(listInvoices, { storeId: demo.lekkiId, query: { pageSize: '100' } });
    expect(res.statusCode, res.body).toBe(200);
    const seeded = (res.json() as { items: Invoice[] }).items;
    expect(new Set(seeded.map((i) => i.state))).toEqual(
      new Set(['draft', 'unpaid', 'partially_paid', 'overdue', 'paid', 'void']),
    );
    expect(seeded.length).toBeGreaterThanOrEqual(10);
    for (const summary of seeded) {
      const inv = (
        await call(getInvoice, { storeId: demo.lekkiId, params: { invoiceId: summary.id } })
      ).json() as Invoice;
      expect(inv.paidMinor).toBe(inv.payments.reduce((s, p) => s + p.amountMinor, 0));
      expect(inv.totalMinor).toBe(inv.lines.reduce((s, l) => s + l.totalMinor, 0));
      expect(inv.number === null).toBe(inv.status === 'draft');
    }
    expect(seeded.some((i) => i.customer.name === 'Adebayo Catering Services Ltd')).toBe(true);
    await expectLedgerHolds(server, demo.businessId);
  });

  it('creates a draft priced exactly like the till (line and invoice discounts, inclusive and exclusive tax)', async () => {
    const body = draftBody({
      lines: [
        { variantId: soap.variantId, quantity: 3, unitPriceMinor: 99_999, discount: { type: 'percent', value: 1250 } },
        {
          variantId: rice.variantId,
          quantity: 1.25,
          unitPriceMinor: 150_000,
          discount: { type: 'amount', value: 3_333 },
        },
        { description: 'Installation', quantity: 2, unitPriceMinor: 45_050, taxRateId: exclusive.id },
      ],
      cartDiscount: { type: 'amount', value: 10_001 },
      notes: 'Thank you',
    });
    const inv = await create(body);
    const expected = priceCart(
      [
        {
          quantityThousandths: 3000,
          unitPriceMinor: 99_999,
          discount: { type: 'percent', value: 1250 },
          taxRateBasisPoints: 750,
          taxInclusive: true,
        },
        {
          quantityThousandths: 1250,
          unitPriceMinor: 150_000,
          discount: { type: 'amount', value: 3_333 },
          taxRateBasisPoints: 0,
          taxInclusive: true,
        },
        {
          quantityThousandths: 2000,
          unitPriceMinor: 45_050,
          discount: null,
          taxRateBasisPoints: 1600,
          taxInclusive: false,
        },
      ],
      { type: 'amount', value: 10_001 },
    );
    expect(inv).toMatchObject({
      status: 'draft',
      state: 'draft',
      number: null,
      subtotalMinor: expected.subtotalMinor,
      discountMinor: expected.discountMinor,
      taxMinor: expected.taxMinor,
      totalMinor: expected.totalMinor,
      balanceMinor: 0,
      paidMinor: 0,
      version: 1,
      // The seller's tax id from the business profile, for the sheet to print as the PDF does.
      businessTaxId: 'TIN 12345678-0001',
      customer: { id: customerId, name: 'Adebayo Catering Ltd', email: 'accounts@adebayo.example' },
    });
    expect(inv.lines.map((l) => [l.kind, l.unit, l.quantity, l.taxMinor, l.totalMinor, l.cartDiscountMinor])).toEqual([
      [
        'product',
        'each',
        3,
        expected.lines[0]!.taxMinor,
        expected.lines[0]!.totalMinor,
        expected.lines[0]!.cartDiscountMinor,
      ],
      ['product', 'kg', 1.25, 0, expected.lines[1]!.totalMinor, expected.lines[1]!.cartDiscountMinor],
      [
        'service',
        'each',
        2,
        expected.lines[2]!.taxMinor,
        expected.lines[2]!.totalMinor,
        expected.lines[2]!.cartDiscountMinor,
      ],
    ]);
    expect(inv.lines[0]).toMatchObject({
      description: 'Invoice Soap',
      sku: soap.sku,
      taxRateId: vat.id,
      taxRateBasisPoints: 750,
    });
    // No stock effect while a draft.
    expect(await onHand(server, demo.businessId, demo.lekkiId, soap.variantId)).toBe(1000);

    // The same id and body again is the same draft; another body under that id is a 400 on id.
    const again = await call(createInvoice, { storeId: demo.lekkiId, body });
    expect(again.statusCode, again.body).toBe(201);
    expect((again.json() as Invoice).id).toBe(inv.id);
    expect((await footprint(inv.id)).audits).toBe(1);
    const clash = await call(createInvoice, { storeId: demo.lekkiId, body: { ...body, notes: 'Other' } });
    expect(clash.statusCode).toBe(400);
    expect(fieldsOf(clash)).toEqual(['id']);
  });

  it('refuses bad drafts with 400 naming the field, writing nothing', async () => {
    const archived = await createTestProduct(server, { businessId: demo.businessId, isArchived: true });
    const otherProduct = await createTestProduct(server, { businessId: other.businessId });
    const cases: [Partial<CreateInvoiceBody>, string[]][] = [
      [{ customerId: archivedCustomerId }, ['customerId']],
      [{ customerId: vendorId }, ['customerId']],
      [{ lines: [{ variantId: archived.variantId, quantity: 1, unitPriceMinor: 1 }] }, ['lines.0.variantId']],
      [{ lines: [{ variantId: otherProduct.variantId, quantity: 1, unitPriceMinor: 1 }] }, ['lines.0.variantId']],
      [{ lines: [{ variantId: soap.variantId, quantity: 1.5, unitPriceMinor: 1 }] }, ['lines.0.quantity']],
      [{ lines: [{ description: 'X', quantity: 1, unitPriceMinor: 1, taxRateId: newId() }] }, ['lines.0.taxRateId']],
      [{ lines: [{ quantity: 1, unitPriceMinor: 1 }] }, ['lines.0.description']],
      [{ dueDate: addDays(today, -1) }, ['dueDate']],
    ];
    for (const [overrides, fields] of cases) {
      const body = draftBody(overrides);
      const res = await call(createInvoice, { storeId: demo.lekkiId, body });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(overrides)).toEqual(fields);
      expect((await footprint(body.id)).row).toBeUndefined();
    }
  });

  it('tries every action from every status: allowed, or 409 with a stable code and nothing written', async () => {
    const codes: Record<string, Record<string, number | string>> = {
      draft: { update: 200, delete: 204, issue: 200, pay: 'INVOICE_NOT_PAYABLE', void: 'INVOICE_NOT_ISSUED' },
      issued: {
        update: 'INVOICE_NOT_DRAFT',
        delete: 'INVOICE_NOT_DRAFT',
        issue: 'INVOICE_NOT_DRAFT',
        pay: 201,
        void: 200,
      },
      partly_paid: {
        update: 'INVOICE_NOT_DRAFT',
        delete: 'INVOICE_NOT_DRAFT',
        issue: 'INVOICE_NOT_DRAFT',
        pay: 201,
        void: 'INVOICE_HAS_PAYMENTS',
      },
      paid: {
        update: 'INVOICE_NOT_DRAFT',
        delete: 'INVOICE_NOT_DRAFT',
        issue: 'INVOICE_NOT_DRAFT',
        pay: 'INVOICE_NOT_PAYABLE',
        void: 'INVOICE_HAS_PAYMENTS',
      },
      void: {
        update: 'INVOICE_NOT_DRAFT',
        delete: 'INVOICE_NOT_DRAFT',
        issue: 'INVOICE_NOT_DRAFT',
        pay: 'INVOICE_NOT_PAYABLE',
        void: 'INVOICE_NOT_ISSUED',
      },
    };
    for (const [status, actions] of Object.entries(codes))
      for (const [action, expected] of Object.entries(actions)) {
        const inv = await invoiceIn(status as InvoiceStatus);
        const before = await footprint(inv.id);
        const params = { invoiceId: inv.id };
        const { id: _id, ...fields } = draftBody();
        const res =
          action === 'update'
            ? await call(updateInvoice, { storeId: demo.lekkiId, params, body: { ...fields, version: inv.version } })
            : action === 'delete'
              ? await call(deleteInvoice, { storeId: demo.lekkiId, params })
              : action === 'issue'
                ? await call(issueInvoice, { storeId: demo.lekkiId, params, body: { version: inv.version } })
                : action === 'pay'
                  ? await pay(inv.id, 10_000)
                  : await voidIt(inv);
        const what = `${action} from ${status}`;
        if (typeof expected === 'number') {
          expect(res.statusCode, `${what}: ${res.body}`).toBe(expected);
          expect((await footprint(inv.id)).audits, what).toBe(before.audits + 1);
        } else {
          expect(res.statusCode, `${what}: ${res.body}`).toBe(409);
          expect(res.json(), what).toMatchObject({ code: expected });
          expect(await footprint(inv.id), what).toEqual(before);
        }
      }
    await expectLedgerHolds(server, demo.businessId);
  });

  it('updates a draft (lines replaced and re-priced, version bumped) and deletes one for good', async () => {
    const inv = await create();
    const { id: _id, ...fields } = draftBody({
      lines: [{ variantId: rice.variantId, quantity: 2.5, unitPriceMinor: 140_000 }],
      cartDiscount: { type: 'percent', value: 1000 },
      dueDate: addDays(today, 30),
    });
    const res = await call(updateInvoice, {
      storeId: demo.lekkiId,
      params: { invoiceId: inv.id },
      body: { ...fields, version: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = priceCart(
      [
        {
          quantityThousandths: 2500,
          unitPriceMinor: 140_000,
          discount: null,
          taxRateBasisPoints: 0,
          taxInclusive: true,
        },
      ],
      { type: 'percent', value: 1000 },
    );
    expect(res.json()).toMatchObject({
      version: 2,
      dueDate: addDays(today, 30),
      totalMinor: expected.totalMinor,
      discountMinor: expected.discountMinor,
      lines: [{ lineNo: 1, description: 'Invoice Rice', unit: 'kg', quantity: 2.5 }],
    });
    expect((await footprint(inv.id)).lines).toBe(1);

    const gone = await call(deleteInvoice, { storeId: demo.lekkiId, params: { invoiceId: inv.id } });
    expect(gone.statusCode).toBe(204);
    expect((await call(getInvoice, { storeId: demo.lekkiId, params: { invoiceId: inv.id } })).statusCode).toBe(404);
    const after = await footprint(inv.id);
    expect(after.row).toBeUndefined();
    expect(after.lines).toBe(0);
    expect(after.audits).toBe(3); // created, updated, deleted: the trail outlives the draft
  });

  it('refuses a stale version with 409 VERSION_CONFLICT and writes nothing', async () => {
    const inv = await create();
    const before = await footprint(inv.id);
    const { id: _id, ...fields } = draftBody();
    const stale = await call(updateInvoice, {
      storeId: demo.lekkiId,
      params: { invoiceId: inv.id },
      body: { ...fields, version: 2 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    const issueStale = await call(issueInvoice, {
      storeId: demo.lekkiId,
      params: { invoiceId: inv.id },
      body: { version: 9 },
    });
    expect(issueStale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect(await footprint(inv.id)).toEqual(before);
  });

  it('issues with a number, takes tracked lines out of stock with their cost, and a void puts exactly that back', async () => {
    const soapBefore = await onHand(server, demo.businessId, demo.lekkiId, soap.variantId);
    const riceBefore = await onHand(server, demo.businessId, demo.lekkiId, rice.variantId);
    const inv = await create(
      draftBody({
        lines: [
          { variantId: soap.variantId, quantity: 2, unitPriceMinor: 107_500 },
          { variantId: rice.variantId, quantity: 1.5, unitPriceMinor: 150_000 },
          { description: 'Delivery', quantity: 1, unitPriceMinor: 50_000 },
        ],
      }),
    );
    const issued = await issue(inv);
    expect(issued).toMatchObject({ status: 'issued', state: 'unpaid', balanceMinor: issued.totalMinor, version: 2 });
    expect(issued.number).toMatch(/^LEK-INV\d{6}$/);
    expect(issued.issuedBy?.name).toBeTruthy();
    expect(await onHand(server, demo.businessId, demo.lekkiId, soap.variantId)).toBe(soapBefore - 2);
    expect(await onHand(server, demo.businessId, demo.lekkiId, rice.variantId)).toBe(riceBefore - 1.5);
    const moves = await db()
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.businessId, demo.businessId), eq(stockMovements.refId, inv.id)));
    expect(moves.map((m) => [m.reason, m.refType]).sort()).toEqual([
      ['sale', 'invoice'],
      ['sale', 'invoice'],
    ]);
    const costs = await db()
      .select({ lineNo: invoiceLines.lineNo, cost: invoiceLines.unitCostMinor })
      .from(invoiceLines)
      .where(and(eq(invoiceLines.businessId, demo.businessId), eq(invoiceLines.invoiceId, inv.id)));
    expect(costs.sort((a, b) => a.lineNo - b.lineNo).map((c) => c.cost)).toEqual([60_000, 90_000, null]);
    await expectLedgerHolds(server, demo.businessId);

    const voided = await voidIt(issued);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({
      status: 'void',
      state: 'void',
      voidReason: 'Customer cancelled',
      balanceMinor: 0,
    });
    expect(await onHand(server, demo.businessId, demo.lekkiId, soap.variantId)).toBe(soapBefore);
    expect(await onHand(server, demo.businessId, demo.lekkiId, rice.variantId)).toBe(riceBefore);
    await expectLedgerHolds(server, demo.businessId);

    const events = await call(listInvoiceEvents, { storeId: demo.lekkiId, params: { invoiceId: inv.id } });
    expect((events.json() as { items: { action: string }[] }).items.map((e) => e.action)).toEqual([
      'invoice.created',
      'invoice.issued',
      'invoice.voided',
    ]);
  });

  it('refuses to issue beyond stock with 409 INSUFFICIENT_STOCK naming the line, nothing written; allowed when the store allows negative stock', async () => {
    const inv = await create(
      draftBody({
        lines: [
          { description: 'Setup', quantity: 1, unitPriceMinor: 1_000 },
          { variantId: rice.variantId, quantity: 1000, unitPriceMinor: 150_000 },
        ],
      }),
    );
    const before = await footprint(inv.id);
    const res = await call(issueInvoice, {
      storeId: demo.lekkiId,
      params: { invoiceId: inv.id },
      body: { version: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    expect(fieldsOf(res)).toEqual(['lines.1.quantity']);
    expect(await footprint(inv.id)).toEqual(before);

    await setAllowNegativeStock(server, demo.businessId, demo.lekkiId, true);
    try {
      const riceBefore = await onHand(server, demo.businessId, demo.lekkiId, rice.variantId);
      const issued = await issue(inv);
      expect(issued.status).toBe('issued');
      expect(await onHand(server, demo.businessId, demo.lekkiId, rice.variantId)).toBe(riceBefore - 1000);
      expect((await voidIt(issued)).statusCode).toBe(200);
      expect(await onHand(server, demo.businessId, demo.lekkiId, rice.variantId)).toBe(riceBefore);
    } finally {
      await setAllowNegativeStock(server, demo.businessId, demo.lekkiId, false);
    }
    await expectLedgerHolds(server, demo.businessId);
  });

  it('takes a part payment then the rest → paid; refuses an overpayment with the balance', async () => {
    const inv = await issue(await create());
    const part = await pay(inv.id, 100_000);
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({
      status: 'issued',
      state: 'partially_paid',
      paidMinor: 100_000,
      balanceMinor: inv.totalMinor - 100_000,
    });
    const before = await footprint(inv.id);
    const over = await pay(inv.id, inv.totalMinor - 100_000 + 1);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'INVOICE_OVERPAYMENT', balanceMinor: inv.totalMinor - 100_000 });
    expect(fieldsOf(over)).toEqual(['amountMinor']);
    expect(await footprint(inv.id)).toEqual(before);

    const future = await server.app.inject({
      method: 'POST',
      url: buildPath(recordInvoicePayment.path, { invoiceId: inv.id }),
      headers: {
        authorization: `Bearer ${await server.tokenFor(DEMO.manager)}`,
        'x-store-id': demo.lekkiId,
        'idempotency-key': newId(),
      },
      payload: { id: newId(), method: 'cash', amountMinor: 1_000, paidOn: addDays(today, 1) },
    });
    expect(future.statusCode).toBe(400);
    expect(fieldsOf(future)).toEqual(['paidOn']);
    expect(await footprint(inv.id)).toEqual(before);

    const rest = await pay(inv.id, inv.totalMinor - 100_000);
    expect(rest.statusCode, rest.body).toBe(201);
    const paid = rest.json() as Invoice;
    expect(paid).toMatchObject({ status: 'paid', state: 'paid', paidMinor: inv.totalMinor, balanceMinor: 0 });
    expect(paid.paidAt).not.toBeNull();
    expect(paid.payments.map((p) => [p.amountMinor, p.method, p.paidOn])).toEqual([
      [100_000, 'bank_transfer', today],
      [inv.totalMinor - 100_000, 'bank_transfer', today],
    ]);
    expect(paid.payments[0]!.recordedBy.name).toBeTruthy();
  });

  it('records one payment for retries with the same key, and one of 20 concurrent payments of the balance', async () => {
    const inv = await issue(await create());
    const key = newId();
    const id = newId();
    const first = await pay(inv.id, 50_000, key, id);
    const retry = await pay(inv.id, 50_000, key, id);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);
    expect((await footprint(inv.id)).payments).toBe(1);

    const balance = inv.totalMinor - 50_000;
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(inv.id, balance)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(
      results
        .filter((r) => r.statusCode === 409)
        .every((r) => (r.json() as { code: string }).code === 'INVOICE_NOT_PAYABLE'),
    ).toBe(true);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const after = await footprint(inv.id);
    expect(after.payments).toBe(2);
    expect(after.row).toMatchObject({ status: 'paid', paidMinor: inv.totalMinor });

    // The same key concurrently: one payment, the same answer.
    const inv2 = await issue(await create());
    const sameKey = newId();
    const sameId = newId();
    const same = await Promise.all(Array.from({ length: 5 }, () => pay(inv2.id, 10_000, sameKey, sameId)));
    expect(same.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect((await footprint(inv2.id)).payments).toBe(1);
  });

  it('derives overdue from the store’s day and lists with filters and totals over the whole filter', async () => {
    const customer = await makeContact('customer', 'List Test Traders');
    const base = { customerId: customer, lines: [{ description: 'Work', quantity: 1, unitPriceMinor: 100_000 }] };
    const overdue = await issue(
      await create(draftBody({ ...base, issueDate: addDays(today, -30), dueDate: addDays(today, -1) })),
    );
    const dueToday = await issue(await create(draftBody({ ...base, issueDate: addDays(today, -10), dueDate: today })));
    const partly = await issue(await create(draftBody({ ...base, issueDate: addDays(today, -5) })));
    expect((await pay(partly.id, 30_000)).statusCode).toBe(201);
    const draft = await create(draftBody({ ...base, issueDate: addDays(today, -2) }));

    const got = await call(getInvoice, { storeId: demo.lekkiId, params: { invoiceId: overdue.id } });
    expect(got.json()).toMatchObject({ state: 'overdue', balanceMinor: 100_000 });
    const gotToday = await call(getInvoice, { storeId: demo.lekkiId, params: { invoiceId: dueToday.id } });
    expect(gotToday.json()).toMatchObject({ state: 'unpaid' });

    const all = await call(listInvoices, { storeId: demo.lekkiId, query: { customerId: customer } });
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json() as { items: Invoice[]; total: number; totals: Record<string, number> };
    expect(page.items.map((i) => i.id)).toEqual([draft.id, partly.id, dueToday.id, overdue.id]);
    expect(page.items.map((i) => i.state)).toEqual(['draft', 'partially_paid', 'unpaid', 'overdue']);
    expect(page.total).toBe(4);
    expect(page.totals).toEqual({
      outstandingMinor: 100_000 + 100_000 + 70_000,
      outstandingCount: 3,
      overdueMinor: 100_000,
      overdueCount: 1,
    });

    const onlyOverdue = await call(listInvoices, {
      storeId: demo.lekkiId,
      query: { customerId: customer, state: 'overdue' },
    });
    expect((onlyOverdue.json() as { items: Invoice[] }).items.map((i) => i.id)).toEqual([overdue.id]);
    const small = await call(listInvoices, { storeId: demo.lekkiId, query: { customerId: customer, pageSize: '1' } });
    expect((small.json() as { items: Invoice[]; totals: { outstandingCount: number } }).totals.outstandingCount).toBe(
      3,
    );
    const dated = await call(listInvoices, {
      storeId: demo.lekkiId,
      query: { customerId: customer, from: addDays(today, -11), to: addDays(today, -4) },
    });
    expect((dated.json() as { items: Invoice[] }).items.map((i) => i.id)).toEqual([partly.id, dueToday.id]);
    const digits = overdue.number!.replace(/^LEK-INV0*/, '');
    for (const number of [overdue.number!, overdue.number!.toLowerCase(), digits]) {
      const byNumber = await call(listInvoices, { storeId: demo.lekkiId, query: { number } });
      expect(
        (byNumber.json() as { items: Invoice[] }).items.map((i) => i.id),
        number,
      ).toEqual([overdue.id]);
    }
    const bad = await call(listInvoices, { storeId: demo.lekkiId, query: { from: today, to: addDays(today, -1) } });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['querystring.to']);
    // Another store of the business sees none of these.
    const ikeja = await call(listInvoices, { as: DEMO.owner, storeId: demo.ikejaId, query: { customerId: customer } });
    expect((ikeja.json() as { total: number }).total).toBe(0);
  });

  it('renders the A4 PDF with the number, lines, totals and balance; a draft says DRAFT', async () => {
    const inv = await issue(await create());
    const res = await call(invoicePdf, { storeId: demo.lekkiId, params: { invoiceId: inv.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${inv.number}.pdf"`);
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPage(0).getWidth()).toBeCloseTo(595.28, 1);
    expect(pdf.getTitle()).toBe(`Invoice ${inv.number}`);
    const text = pdfText(res.rawPayload);
    for (const t of [
      inv.number!,
      'Adebayo Catering Ltd',
      'Invoice Soap',
      'Delivery to Ajah',
      'Pay within 14 days',
      'Balance due',
    ])
      expectDrawn(text, t);
    // The product line's SKU on a line of its own under its description, never joined by "?".
    expect(text).toContain(`Invoice Soap\nSKU ${soap.sku}`);
    expect(text).not.toContain('?');

    const draft = await create();
    const draftPdf = await call(invoicePdf, { storeId: demo.lekkiId, params: { invoiceId: draft.id } });
    expect(draftPdf.statusCode).toBe(200);
    expect(pdfText(draftPdf.rawPayload)).toContain('DRAFT');
    expect(await imagesIn(draftPdf.rawPayload)).toBe(0);

    // With a logo, the business's logo heads the invoice.
    await withBusinessLogo(server.deps.database.db, demo.businessId, async () => {
      const withLogo = await call(invoicePdf, { storeId: demo.lekkiId, params: { invoiceId: inv.id } });
      expect(await imagesIn(withLogo.rawPayload)).toBe(1);
    });
  });

  it('prints a customer and a line named with a line break, ₦, é, ł, an emoji and Arabic as typed', async () => {
    const hostileCustomer = await makeContact('customer', HOSTILE_NAME);
    const inv = await create(
      draftBody({
        customerId: hostileCustomer,
        lines: [{ description: HOSTILE_NAME, quantity: 1, unitPriceMinor: 50_000 }],
        notes: HOSTILE_NAME,
      }),
    );
    const res = await call(invoicePdf, { storeId: demo.lekkiId, params: { invoiceId: inv.id } });
    expect(res.statusCode, res.body).toBe(200);
    const text = expectHostileNamePrinted(res.rawPayload);
    expect(text.replace(/\s+/g, ' ').split('مرحبا بكم').length - 1).toBe(3); // bill to, the line, the notes
  });

  it('emails the invoice with the PDF attached through the outbox, audited; 422 without an address', async () => {
    const inv = await issue(await create());
    const res = await call(emailInvoice, { storeId: demo.lekkiId, params: { invoiceId: inv.id }, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ to: 'accounts@adebayo.example' });
    const mail = await latestMailTo(server, 'accounts@adebayo.example');
    expect(mail!.subject).toContain(inv.number!);
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments![0]).toMatchObject({ filename: `${inv.number}.pdf`, contentType: 'application/pdf' });
    const pdf = Buffer.from(mail!.attachments![0]!.base64, 'base64');
    expect(pdfText(pdf)).toContain(inv.number!);
    const events = await call(listInvoiceEvents, { storeId: demo.lekkiId, params: { invoiceId: inv.id } });
    expect((events.json() as { items: { action: string; after: unknown }[] }).items.at(-1)).toMatchObject({
      action: 'invoice.emailed',
      after: { to: 'accounts@adebayo.example' },
    });

    const elsewhere = await call(emailInvoice, {
      storeId: demo.lekkiId,
      params: { invoiceId: inv.id },
      body: { to: ' Boss@Example.com ' },
    });
    expect(elsewhere.json()).toMatchObject({ to: 'boss@example.com' });

    const noMail = await makeContact('customer', 'No Mail Ltd');
    const quiet = await issue(await create(draftBody({ customerId: noMail })));
    const refused = await call(emailInvoice, { storeId: demo.lekkiId, params: { invoiceId: quiet.id }, body: {} });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'INVOICE_NO_EMAIL' });
    const draft = await create();
    const draftMail = await call(emailInvoice, { storeId: demo.lekkiId, params: { invoiceId: draft.id }, body: {} });
    expect(draftMail.json()).toMatchObject({ code: 'INVOICE_NOT_ISSUED' });
  });

  it('lets IPOS_BASIC look but not change (403), writing nothing', async () => {
    const inv = await create();
    // The Ikeja cashier (IPOS_BASIC) in Ikeja: reads the list; every change is refused.
    const list = await call(listInvoices, { as: DEMO.cashier, storeId: demo.ikejaId });
    expect(list.statusCode, list.body).toBe(200);
    const params = { invoiceId: inv.id };
    const { id: _id, ...fields } = draftBody();
    const attempts = [
      await call(createInvoice, { as: DEMO.cashier, storeId: demo.ikejaId, body: draftBody() }),
      await call(updateInvoice, { as: DEMO.cashier, storeId: demo.ikejaId, params, body: { ...fields, version: 1 } }),
      await call(deleteInvoice, { as: DEMO.cashier, storeId: demo.ikejaId, params }),
      await call(issueInvoice, { as: DEMO.cashier, storeId: demo.ikejaId, params, body: { version: 1 } }),
      await call(voidInvoice, { as: DEMO.cashier, storeId: demo.ikejaId, params, body: { version: 1, reason: 'x' } }),
      await call(emailInvoice, { as: DEMO.cashier, storeId: demo.ikejaId, params, body: {} }),
    ];
    for (const res of attempts) expect(res.statusCode, res.body).toBe(403);

    expect((await footprint(inv.id)).row?.status).toBe('draft');
  });

  const crossTenantProbes = [
    'getInvoice',
    'listInvoiceEvents',
    'updateInvoice',
    'deleteInvoice',
    'issueInvoice',
    'voidInvoice',
    'invoicePdf',
    'emailInvoice',
    'recordInvoicePayment',
  ] as const;
  let theirs: Promise<Invoice> | undefined;

  it.each(crossTenantProbes)('answers 404 for another tenant on %s, changing nothing', async (name) => {
    theirs ??= create();
    const params = { invoiceId: (await theirs).id };
    const { id: _id, ...fields } = draftBody();
    const probes = {
      getInvoice: { endpoint: getInvoice },
      listInvoiceEvents: { endpoint: listInvoiceEvents },
      updateInvoice: { endpoint: updateInvoice, body: { ...fields, customerId: newId(), version: 1 } },
      deleteInvoice: { endpoint: deleteInvoice },
      issueInvoice: { endpoint: issueInvoice, body: { version: 1 } },
      voidInvoice: { endpoint: voidInvoice, body: { version: 1, reason: 'x' } },
      invoicePdf: { endpoint: invoicePdf },
      emailInvoice: { endpoint: emailInvoice, body: { to: 'x@example.com' } },
      recordInvoicePayment: {
        endpoint: recordInvoicePayment,
        body: { id: newId(), method: 'cash', amountMinor: 100 },
        headers: { 'idempotency-key': newId() },
      },
    };
    await expectCrossTenantNotFound(server, {
      ...probes[name],
      params,
      as: { email: other.email },
      storeId: other.storeId,
      mustNotReveal: ['Adebayo'],
    });
  });

  it('refuses our customer and products in another tenant’s create, and another store’s invoice is 404', async () => {
    const params = { invoiceId: (await (theirs ??= create())).id };
    // Their ids in a create: our customer and product are not theirs.
    const create404 = await server.app.inject({
      method: 'POST',
      url: createInvoice.path,
      headers: { authorization: `Bearer ${await other.token()}`, 'x-store-id': other.storeId },
      payload: draftBody(),
    });
    expect(create404.statusCode).toBe(400);
    expect(fieldsOf(create404)).toEqual(['customerId', 'lines.0.variantId', 'lines.1.taxRateId']);
    // A store of the same business that is not the invoice's answers 404 too.
    const ikeja = await call(getInvoice, { as: DEMO.owner, storeId: demo.ikejaId, params });
    expect(ikeja.statusCode).toBe(404);
  });
});
