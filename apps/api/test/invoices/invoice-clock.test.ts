import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  createContact,
  createInvoice,
  getInvoice,
  invoicePdf,
  issueInvoice,
  listInvoices,
  recordInvoicePayment,
  type Invoice,
  type InvoiceSummary,
} from '@ipos/contracts';
import { newId } from '../../src/lib/ids.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { caller, fieldsOf } from '../inventory/helpers.js';

/**
 * An invoice's day is the server's injected clock on the store's calendar, never the process clock:
 * at 23:30 UTC on 10 March 2027 it is already 11 March in Lagos (the demo store's zone), so an
 * invoice due on 11 March is due today and becomes overdue when the clock reaches 12 March there.
 */
describe('invoices follow the injected clock on the store’s calendar', () => {
  let clock = new Date('2027-03-10T23:30:00.000Z');
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let call: ReturnType<typeof caller>;
  let customerId: string;
  let invoice: Invoice;

  const get = async () => {
    const res = await call(getInvoice, { storeId: demo.lekkiId, params: { invoiceId: invoice.id } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Invoice;
  };
  const listed = async (state?: string) => {
    const res = await call(listInvoices, {
      storeId: demo.lekkiId,
      query: { customerId, ...(state ? { state } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      items: InvoiceSummary[];
      totals: { overdueMinor: number; overdueCount: number; outstandingCount: number };
    };
  };
  const pay = async (body: Record<string, unknown>) =>
    server.app.inject({
      method: 'POST',
      url: buildPath(recordInvoicePayment.path, { invoiceId: invoice.id }),
      headers: {
        authorization: `Bearer ${await server.tokenFor(DEMO.manager)}`,
        'x-store-id': demo.lekkiId,
        'idempotency-key': newId(),
      },
      payload: { id: newId(), method: 'cash', ...body },
    });
  const pdfText = async () => {
    const res = await call(invoicePdf, { storeId: demo.lekkiId, params: { invoiceId: invoice.id } });
    expect(res.statusCode).toBe(200);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: res.rawPayload, encoding: 'utf8' })
      .replace(/\s+/g, ' ')
      .trim();
  };

  beforeAll(async () => {
    server = await createTestServer({}, { now: () => clock });
    demo = await demoIds(server);
    call = caller(server, DEMO.manager);
    const contact = await call(createContact, {
      storeId: demo.lekkiId,
      body: { kind: 'customer', name: 'Clockwork Catering Ltd' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    customerId = (contact.json() as { id: string }).id;
    const draft = await call(createInvoice, {
      storeId: demo.lekkiId,
      body: {
        id: newId(),
        customerId,
        issueDate: '2027-03-11',
        dueDate: '2027-03-11',
        lines: [{ description: 'Catering setup', quantity: 1, unitPriceMinor: 100_000 }],
      },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const issued = await call(issueInvoice, {
      storeId: demo.lekkiId,
      params: { invoiceId: (draft.json() as Invoice).id },
      body: { version: (draft.json() as Invoice).version },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    invoice = issued.json() as Invoice;
  });
  afterAll(() => server.close());

  it('is due today (not overdue) on the store’s day, and a payment without a day is paid on it', async () => {
    expect(invoice.state).toBe('unpaid');
    expect((await get()).state).toBe('unpaid');
    expect((await listed('overdue')).items).toEqual([]);
    expect((await listed()).totals).toMatchObject({ overdueCount: 0, overdueMinor: 0, outstandingCount: 1 });

    const tomorrow = await pay({ amountMinor: 10_000, paidOn: '2027-03-12' });
    expect(tomorrow.statusCode, tomorrow.body).toBe(400);
    expect(fieldsOf(tomorrow)).toEqual(['paidOn']);
    const paid = await pay({ amountMinor: 10_000 });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((paid.json() as Invoice).payments.map((p) => p.paidOn)).toEqual(['2027-03-11']);
    expect((paid.json() as Invoice).state).toBe('partially_paid');
    const printed = await pdfText();
    expect(printed).toContain('Partly paid');
    expect(printed).not.toContain('Overdue');
  });

  it('is overdue once the clock reaches the next day in the store’s zone', async () => {
    clock = new Date('2027-03-11T23:00:00.000Z');
    expect((await get()).state).toBe('overdue');
    const overdue = await listed('overdue');
    expect(overdue.items.map((i) => [i.id, i.state])).toEqual([[invoice.id, 'overdue']]);
    expect(overdue.totals).toMatchObject({ overdueCount: 1, overdueMinor: 90_000 });
    expect(await pdfText()).toContain('Overdue');

    const paid = await pay({ amountMinor: 10_000, paidOn: '2027-03-12' });
    expect(paid.statusCode, paid.body).toBe(201);
  });
});
