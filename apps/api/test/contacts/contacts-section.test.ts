import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  archiveContact,
  commitContactImport,
  contactCsvColumns,
  createContact,
  exportContacts,
  getContact,
  getCustomerSummary,
  getVendorSummary,
  listContacts,
  previewContactImport,
  restoreContact,
  storeDay,
  updateContact,
  type Contact,
  type ContactImportReport,
  type CreateContactBody,
  type CustomerSummary,
  type VendorSummary,
} from '@ipos/contracts';
import { auditEvents, contacts } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { queryRows } from '../../src/db/client.js';
import { contactFieldError } from '../../src/features/contacts/contacts.service.js';
import { findContact } from '../../src/features/contacts/contacts.repository.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import {
  demoIds,
  expectCrossTenantNotFound,
  registerTenant,
  snapshotDatabase,
  type Tenant,
} from '../support/isolation.js';
import { caller, fieldsOf } from '../inventory/helpers.js';

type Page = { items: Contact[]; total: number };

/** The contacts section: create, edit, archive, duplicates, summaries, CSV import and export. */
describe('contacts section', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  let call: ReturnType<typeof caller>;
  const db = () => server.deps.database.db;

  const storeOf = (as: string) => (as === DEMO.cashier ? demo.ikejaId : demo.lekkiId);
  const create = (body: CreateContactBody, as: string = DEMO.manager) =>
    call(createContact, { as, storeId: storeOf(as), body });
  const created = async (body: CreateContactBody) => {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Contact;
  };
  const actions = async (id: string) =>
    (
      await db()
        .select({ action: auditEvents.action, after: auditEvents.after })
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'contact'), eq(auditEvents.entityId, id)))
        .orderBy(auditEvents.id)
    ).map((r) => r.action);
  const contactCount = async () =>
    Number(
      (
        await queryRows<{ n: number | string }>(
          db(),
          sql`select count(*) as n from contacts where business_id = ${demo.businessId}`,
        )
      )[0]!.n,
    );

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, DEMO.manager);
    other = await registerTenant(server);
  });
  afterAll(() => server.close());

  describe('create, edit, archive', () => {
    it('creates a vendor with every field, trimmed, email lower-cased, audited', async () => {
      const res = await create({
        kind: 'vendor',
        name: '  Okafor Wholesale ',
        phone: '+234 803 900 1001',
        email: ' Sales@Okafor.NG ',
        address: '12 Broad St, Lagos',
        taxId: 'TIN-0012345',
        notes: 'Delivers Tuesdays',
      });
      expect(res.statusCode, res.body).toBe(201);
      const vendor = res.json() as Contact;
      expect(vendor).toMatchObject({
        kind: 'vendor',
        name: 'Okafor Wholesale',
        phone: '+234 803 900 1001',
        email: 'sales@okafor.ng',
        address: '12 Broad St, Lagos',
        taxId: 'TIN-0012345',
        notes: 'Delivers Tuesdays',
        archived: false,
        version: 1,
      });
      expect(await actions(vendor.id)).toEqual(['contact.created']);
      // Empty optional fields are none; a name alone is enough.
      expect(await created({ kind: 'vendor', name: 'Name Only Ltd', phone: '', email: '' })).toMatchObject({
        phone: null,
        email: null,
        address: null,
      });
    });

    it('refuses a second contact with the same phone (written another way) or email, unless confirmed', async () => {
      const first = await created({ kind: 'customer', name: 'Halima Yusuf', phone: '0803 900 2002' });
      const before = await contactCount();
      const dup = await create({ kind: 'vendor', name: 'Yusuf Traders', phone: '+234 803 900 2002' });
      expect(dup.statusCode, dup.body).toBe(409);
      expect(dup.json()).toMatchObject({
        code: 'CONTACT_DUPLICATE',
        duplicates: [{ id: first.id, name: 'Halima Yusuf', matches: ['phone'] }],
      });
      expect(fieldsOf(dup)).toEqual(['phone']);
      expect(await contactCount()).toBe(before);
      const anyway = await create({
        kind: 'vendor',
        name: 'Yusuf Traders',
        phone: '+234 803 900 2002',
        allowDuplicate: true,
      });
      expect(anyway.statusCode, anyway.body).toBe(201);
    });

    it('bad input is a 400 naming each field; nothing is written', async () => {
      const before = await contactCount();
      const res = await call(createContact, {
        storeId: demo.lekkiId,
        body: { kind: 'supplier', name: ' ', phone: 'ring me', email: 'nope', notes: 'x'.repeat(2001) },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res).sort()).toEqual(['email', 'kind', 'name', 'notes', 'phone']);
      expect(await contactCount()).toBe(before);
    });

    it('edits with the version seen; a stale version is 409 VERSION_CONFLICT and changes nothing', async () => {
      const c = await created({ kind: 'customer', name: 'Emeka Obi', phone: '0805 900 3003' });
      const edit = await call(updateContact, {
        storeId: demo.lekkiId,
        params: { contactId: c.id },
        body: {
          version: 1,
          name: 'Emeka Obi',
          phone: '0805 900 3003',
          address: 'Lekki Phase 1',
          notes: 'Pays by transfer',
        },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json()).toMatchObject({ address: 'Lekki Phase 1', notes: 'Pays by transfer', version: 2 });
      const stale = await call(updateContact, {
        storeId: demo.lekkiId,
        params: { contactId: c.id },
        body: { version: 1, name: 'Someone Else' },
      });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
      const now = (await call(getContact, { storeId: demo.lekkiId, params: { contactId: c.id } })).json() as Contact;
      expect(now).toMatchObject({ name: 'Emeka Obi', version: 2 });
      expect(await actions(c.id)).toEqual(['contact.created', 'contact.updated']);
      const [event] = await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, c.id), eq(auditEvents.action, 'contact.updated')));
      expect(event!.before).toEqual({ address: null, notes: null });
      expect(event!.after).toEqual({ address: 'Lekki Phase 1', notes: 'Pays by transfer' });
    });

    it('the duplicate check on edit ignores the contact itself and refuses another’s phone', async () => {
      const a = await created({ kind: 'customer', name: 'Bisi A', phone: '0806 900 4004' });
      const b = await created({ kind: 'customer', name: 'Bisi B', phone: '0806 900 4005' });
      const own = await call(updateContact, {
        storeId: demo.lekkiId,
        params: { contactId: a.id },
        body: { version: 1, name: 'Bisi Adeyemi', phone: '+234 806 900 4004' },
      });
      expect(own.statusCode, own.body).toBe(200);
      const taken = await call(updateContact, {
        storeId: demo.lekkiId,
        params: { contactId: b.id },
        body: { version: 1, name: 'Bisi B', phone: '0806 900 4004' },
      });
      expect(taken.statusCode, taken.body).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'CONTACT_DUPLICATE', duplicates: [{ id: a.id }] });
      const confirmed = await call(updateContact, {
        storeId: demo.lekkiId,
        params: { contactId: b.id },
        body: { version: 1, name: 'Bisi B', phone: '0806 900 4004', allowDuplicate: true },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    });

    it('archives (hidden from the list and pickers, shown with archived=true) and restores, audited once each', async () => {
      const c = await created({ kind: 'vendor', name: 'Zubair Archive Foods' });
      const search = async (archived?: string) =>
        (
          (
            await call(listContacts, {
              storeId: demo.lekkiId,
              query: { q: 'Zubair Archive', ...(archived ? { archived } : {}) },
            })
          ).json() as Page
        ).items.map((x) => x.id);
      expect(await search()).toEqual([c.id]);
      const archived = await call(archiveContact, { storeId: demo.lekkiId, params: { contactId: c.id } });
      expect(archived.statusCode, archived.body).toBe(200);
      expect(archived.json()).toMatchObject({ archived: true, version: 2 });
      expect(await search()).toEqual([]);
      expect(await search('true')).toEqual([c.id]);
      // Twice changes nothing.
      expect((await call(archiveContact, { storeId: demo.lekkiId, params: { contactId: c.id } })).json()).toMatchObject(
        {
          version: 2,
        },
      );
      const restored = await call(restoreContact, { storeId: demo.lekkiId, params: { contactId: c.id } });
      expect(restored.json()).toMatchObject({ archived: false, version: 3 });
      expect(await search()).toEqual([c.id]);
      expect(await actions(c.id)).toEqual(['contact.created', 'contact.archived', 'contact.restored']);
    });

    it('contactFieldError (for purchase orders and invoices): the right kind, of this business, not archived', async () => {
      const vendor = await created({ kind: 'vendor', name: 'Usable Vendor' });
      const check = (businessId: string, kind: 'vendor' | 'customer') =>
        findContact(db(), businessId, vendor.id).then((row) => contactFieldError(row, kind, 'vendorId'));
      expect(await check(demo.businessId, 'vendor')).toBeNull();
      expect(await check(demo.businessId, 'customer')).toEqual({
        field: 'vendorId',
        message: 'Choose a customer of this business',
      });
      expect(await check(other.businessId, 'vendor')).toEqual({
        field: 'vendorId',
        message: 'Choose a vendor of this business',
      });
      await call(archiveContact, { storeId: demo.lekkiId, params: { contactId: vendor.id } });
      expect(await check(demo.businessId, 'vendor')).toEqual({
        field: 'vendorId',
        message: 'Usable Vendor is archived; restore them in Contacts first',
      });
    });

    it('IPOS_BASIC (contacts.view) may look but not change: 403 and nothing written', async () => {
      const c = await created({ kind: 'customer', name: 'Viewer Test', phone: '0807 900 5005' });
      const before = await contactCount();
      const as = DEMO.cashier;
      const storeId = demo.ikejaId;
      expect((await create({ kind: 'customer', name: 'Nope', phone: '0807 900 5006' }, as)).statusCode).toBe(403);
      expect(
        (await call(updateContact, { as, storeId, params: { contactId: c.id }, body: { version: 1, name: 'X' } }))
          .statusCode,
      ).toBe(403);
      expect((await call(archiveContact, { as, storeId, params: { contactId: c.id } })).statusCode).toBe(403);
      expect((await call(exportContacts, { as, storeId })).statusCode).toBe(403);
      expect(await contactCount()).toBe(before);
      expect(await actions(c.id)).toEqual(['contact.created']);
      const summary = await call(getCustomerSummary, { as, storeId, params: { contactId: c.id } });
      expect(summary.statusCode, summary.body).toBe(200);
    });

    it('another tenant’s contact is a 404 that changes nothing, for every route', async () => {
      const theirs = newId();
      await db().insert(contacts).values({
        businessId: other.businessId,
        id: theirs,
        kind: 'customer',
        name: 'Their Secret Customer',
        searchText: 'their secret customer',
      });
      const as = { email: DEMO.manager };
      const storeId = demo.lekkiId;
      const params = { contactId: theirs };
      await expectCrossTenantNotFound(server, {
        endpoint: updateContact,
        params,
        as,
        storeId,
        body: { version: 1, name: 'Hijacked' },
        mustNotReveal: ['Their Secret Customer'],
      });
      await expectCrossTenantNotFound(server, { endpoint: archiveContact, params, as, storeId });
      await expectCrossTenantNotFound(server, { endpoint: restoreContact, params, as, storeId });
      await expectCrossTenantNotFound(server, { endpoint: getCustomerSummary, params, as, storeId });
      await expectCrossTenantNotFound(server, { endpoint: getVendorSummary, params, as, storeId });
      await expectCrossTenantNotFound(server, {
        endpoint: createContact,
        as,
        storeId: other.storeId,
        body: { kind: 'customer', name: 'Sneaky' },
      });
    });
  });

  describe('summaries', () => {
    const insert = (statement: ReturnType<typeof sql>) => db().execute(statement);

    it('a customer: sales of every store − refunds + invoice payments, visits, last visit, balance and overdue, exactly', async () => {
      const customer = await created({ kind: 'customer', name: 'Summary Customer', phone: '0808 900 6006' });
      const cashier = await server.accountId(DEMO.manager);
      // A closed register session in each store for the sales below.
      const closedSession = async (storeId: string) => {
        const id = newId();
        await insert(sql`insert into register_sessions (business_id, id, store_id, register_name, status, opened_by,
            opening_float_minor, closed_by, closed_at)
          values (${demo.businessId}, ${id}, ${storeId}, 'Summary till', 'closed', ${cashier}, 0, ${cashier}, now())`);
        return { id };
      };
      const session = await closedSession(demo.lekkiId);
      const ikejaSession = await closedSession(demo.ikejaId);
      const [tz] = await queryRows<{ time_zone: string }>(
        db(),
        sql`select time_zone from stores where id = ${demo.lekkiId}`,
      );
      const today = storeDay(tz!.time_zone, server.deps.now());
      const base = server.deps.now().getTime();
      const ago = (hours: number) => new Date(base - hours * 3_600_000).toISOString();
      const sale = async (
        store: string,
        sessionId: string,
        number: string,
        total: number,
        at: string,
        status = 'completed',
      ) => {
        const id = newId();
        await insert(sql`insert into sales (business_id, id, store_id, session_id, number, status, cashier_account_id,
            customer_id, subtotal_minor, discount_minor, tax_minor, total_minor, paid_minor, change_minor, completed_at)
          values (${demo.businessId}, ${id}, ${store}, ${sessionId}, ${number}, ${status}, ${cashier}, ${customer.id},
            ${total}, 0, 0, ${total}, ${total}, 0, ${at})`);
        return id;
      };
      const saleA = await sale(demo.lekkiId, session.id, 'T-CS-1', 150050, ago(48));
      const saleB = await sale(demo.ikejaId, ikejaSession.id, 'T-CS-2', 99999, ago(24));
      await sale(demo.lekkiId, session.id, 'T-CS-3', 500000, ago(12), 'voided');
      await insert(sql`insert into refunds (business_id, id, store_id, sale_id, number, refunded_by, reason, method, total_minor, tax_minor)
        values (${demo.businessId}, ${newId()}, ${demo.lekkiId}, ${saleA}, 'T-CRF-1', ${cashier}, 'Damaged', 'cash', 20025, 0)`);
      const invoice = async (
        number: string | null,
        status: string,
        total: number,
        paid: number,
        issueDate: string,
        dueDate: string,
        issuedAt: string | null,
      ) => {
        const id = newId();
        await insert(sql`insert into invoices (business_id, id, store_id, number, customer_id, status, issue_date, due_date,
            subtotal_minor, discount_minor, tax_minor, total_minor, paid_minor, issued_at)
          values (${demo.businessId}, ${id}, ${demo.lekkiId}, ${number}, ${customer.id}, ${status}, ${issueDate}, ${dueDate},
            ${total}, 0, 0, ${total}, ${paid}, ${issuedAt})`);
        return id;
      };
      const pay = (invoiceId: string, amount: number) =>
        insert(sql`insert into invoice_payments (business_id, id, invoice_id, store_id, method, amount_minor, paid_on, recorded_by)
          values (${demo.businessId}, ${newId()}, ${invoiceId}, ${demo.lekkiId}, 'bank_transfer', ${amount}, ${today}, ${cashier})`);
      const overdue = await invoice(
        'T-CINV-1',
        'issued',
        300000,
        100000,
        addDays(today, -30),
        addDays(today, -1),
        ago(30 * 24),
      );
      await pay(overdue, 100000);
      const notDue = await invoice('T-CINV-2', 'issued', 50000, 0, today, addDays(today, 10), ago(1));
      const paid = await invoice('T-CINV-3', 'paid', 70000, 70000, addDays(today, -5), addDays(today, 5), ago(5 * 24));
      await pay(paid, 30000);
      await pay(paid, 40000);
      await invoice(null, 'draft', 999, 0, today, today, null);
      const voided = await invoice(
        'T-CINV-5',
        'void',
        12345,
        0,
        addDays(today, -2),
        addDays(today, 2),
        ago(2 * 24 + 1),
      );

      const res = await call(getCustomerSummary, { storeId: demo.lekkiId, params: { contactId: customer.id } });
      expect(res.statusCode, res.body).toBe(200);
      const summary = res.json() as CustomerSummary;
      expect(summary).toMatchObject({
        contact: { id: customer.id },
        totalSpentMinor: 150050 + 99999 - 20025 + 100000 + 70000,
        visits: 2,
        lastVisitAt: ago(24),
        balanceMinor: 200000 + 50000,
        overdueMinor: 200000,
      });
      expect(summary.history.total).toBe(6);
      expect(summary.history.items.map((h) => [h.kind, h.id, h.state])).toEqual([
        ['invoice', notDue, 'unpaid'],
        ['sale', saleB, 'completed'],
        ['sale', saleA, 'completed'],
        ['invoice', voided, 'void'],
        ['invoice', paid, 'paid'],
        ['invoice', overdue, 'overdue'],
      ]);
      expect(summary.history.items[2]).toMatchObject({
        number: 'T-CS-1',
        storeId: demo.lekkiId,
        totalMinor: 150050,
        refundedMinor: 20025,
      });
      expect(summary.history.items[1]).toMatchObject({ storeId: demo.ikejaId });
      expect(summary.history.items[5]).toMatchObject({ paidMinor: 100000, dueDate: addDays(today, -1) });

      // A customer with nothing yet; a vendor is not a customer.
      const fresh = await created({ kind: 'customer', name: 'Fresh Customer', phone: '0808 900 6007' });
      expect(
        (await call(getCustomerSummary, { storeId: demo.lekkiId, params: { contactId: fresh.id } })).json(),
      ).toMatchObject({
        totalSpentMinor: 0,
        visits: 0,
        lastVisitAt: null,
        balanceMinor: 0,
        overdueMinor: 0,
        history: { items: [], total: 0 },
      });
      const vendor = await created({ kind: 'vendor', name: 'Not A Customer' });
      expect(
        (await call(getCustomerSummary, { storeId: demo.lekkiId, params: { contactId: vendor.id } })).statusCode,
      ).toBe(404);
    });

    it('a vendor: its orders with ordered, received (at the receipt’s cost) and returned amounts; totals without cancelled orders', async () => {
      const vendor = await created({ kind: 'vendor', name: 'Summary Vendor Ltd' });
      const [variant] = await queryRows<{ id: string; product_id: string }>(
        db(),
        sql`select id, product_id from product_variants where business_id = ${demo.businessId} order by id limit 1`,
      );
      const who = await server.accountId(DEMO.manager);
      const order = async (
        number: string,
        status: number,
        orderedTotal: number,
        createdAt: string,
        lines: [string, number][],
      ) => {
        const id = newId();
        await insert(sql`insert into purchase_orders (business_id, id, store_id, vendor_id, number, status, ordered_total_minor, created_at, expected_on)
          values (${demo.businessId}, ${id}, ${demo.lekkiId}, ${vendor.id}, ${number}, ${status}, ${orderedTotal}, ${createdAt}, '2026-12-01')`);
        let lineNo = 0;
        for (const [qty, cost] of lines)
          await insert(sql`insert into purchase_order_lines (business_id, order_id, line_no, product_id, variant_id, name, sku,
              quantity_ordered, unit_cost_minor)
            values (${demo.businessId}, ${id}, ${++lineNo}, ${variant!.product_id}, ${variant!.id}, 'Item', 'SKU', ${qty}, ${cost})`);
        return id;
      };
      const receive = async (orderId: string, lines: [number, string, number][]) => {
        const receiptId = newId();
        await insert(sql`insert into purchase_order_receipts (business_id, id, order_id, store_id, received_by)
          values (${demo.businessId}, ${receiptId}, ${orderId}, ${demo.lekkiId}, ${who})`);
        for (const [lineNo, qty, cost] of lines) {
          await insert(sql`update purchase_order_lines set quantity_received = quantity_received + ${qty}::numeric
            where business_id = ${demo.businessId} and order_id = ${orderId} and line_no = ${lineNo}`);
          await insert(sql`insert into purchase_order_receipt_lines (business_id, receipt_id, order_id, line_no, variant_id, quantity, unit_cost_minor)
            values (${demo.businessId}, ${receiptId}, ${orderId}, ${lineNo}, ${variant!.id}, ${qty}, ${cost})`);
        }
      };
      const recall = async (orderId: string, lineNo: number, qty: string, cost: number) => {
        const returnId = newId();
        await insert(sql`insert into purchase_order_returns (business_id, id, order_id, store_id, reason, returned_by)
          values (${demo.businessId}, ${returnId}, ${orderId}, ${demo.lekkiId}, 'Damaged', ${who})`);
        await insert(sql`update purchase_order_lines set quantity_returned = quantity_returned + ${qty}::numeric
          where business_id = ${demo.businessId} and order_id = ${orderId} and line_no = ${lineNo}`);
        await insert(sql`insert into purchase_order_return_lines (business_id, return_id, order_id, line_no, variant_id, quantity, unit_cost_minor)
          values (${demo.businessId}, ${returnId}, ${orderId}, ${lineNo}, ${variant!.id}, ${qty}, ${cost})`);
      };
      // 10 × 12.50 + 2.5 × 3.33 (832.5 → 833) = 133.33 ordered; 4 × 12.50 + 1.5 × 3.33 (499.5 → 500) received.
      const open = await order('T-PO-1', 4, 13333, '2026-11-01T10:00:00Z', [
        ['10', 1250],
        ['2.5', 333],
      ]);
      await receive(open, [
        [1, '4', 1250],
        [2, '1.5', 333],
      ]);
      await recall(open, 1, '1', 1250);
      const cancelled = await order('T-PO-2', 1, 9999, '2026-11-02T10:00:00Z', [['1', 9999]]);
      // The vendor charged 21.00 instead of 20.00 on delivery.
      const closed = await order('T-PO-3', 2, 2000, '2026-11-03T10:00:00Z', [['1', 2000]]);
      await receive(closed, [[1, '1', 2100]]);

      const res = await call(getVendorSummary, { storeId: demo.lekkiId, params: { contactId: vendor.id } });
      expect(res.statusCode, res.body).toBe(200);
      const summary = res.json() as VendorSummary;
      expect(summary.totals).toEqual({ orderedMinor: 13333 + 2000, receivedMinor: 5500 + 2100, returnedMinor: 1250 });
      expect(summary.orders.total).toBe(3);
      expect(summary.orders.items).toEqual([
        expect.objectContaining({
          id: closed,
          number: 'T-PO-3',
          status: 2,
          orderedMinor: 2000,
          receivedMinor: 2100,
          returnedMinor: 0,
        }),
        expect.objectContaining({ id: cancelled, status: 1, orderedMinor: 9999, receivedMinor: 0, returnedMinor: 0 }),
        expect.objectContaining({
          id: open,
          status: 4,
          storeId: demo.lekkiId,
          createdAt: '2026-11-01T10:00:00.000Z',
          expectedOn: '2026-12-01',
          orderedMinor: 13333,
          receivedMinor: 5500,
          returnedMinor: 1250,
        }),
      ]);
      const customer = await created({ kind: 'customer', name: 'Not A Vendor' });
      expect(
        (await call(getVendorSummary, { storeId: demo.lekkiId, params: { contactId: customer.id } })).statusCode,
      ).toBe(404);
    });
  });

  describe('CSV', () => {
    const header = contactCsvColumns.join(',');
    const send = async (
      endpoint: typeof previewContactImport | typeof commitContactImport,
      body: string,
      as: string = DEMO.manager,
    ) =>
      server.app.inject({
        method: 'POST',
        url: endpoint.path,
        headers: {
          'content-type': 'text/csv',
          'x-store-id': storeOf(as),
          authorization: `Bearer ${await server.tokenFor(as)}`,
        },
        payload: body,
      });
    const exported = async (kind?: string) => {
      const res = await server.app.inject({
        method: 'GET',
        url: exportContacts.path,
        query: kind ? { kind } : {},
        headers: { 'x-store-id': demo.lekkiId, authorization: `Bearer ${await server.tokenFor(DEMO.manager)}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };

    it('previews every row with its errors, warnings and action, and writes nothing', async () => {
      const kept = await created({
        kind: 'vendor',
        name: 'Kept Vendor',
        phone: '0809 900 7007',
        email: 'kept@vendor.ng',
      });
      const before = await snapshotDatabase(server);
      const file = [
        'kind,name,phone,email,id',
        'vendor,New Vendor One,0809 900 7100,one@vendor.ng,',
        'vendor,Same Phone As Kept,+234 809 900 7007,,',
        'customer,,0809 900 7101,bad-email,',
        'supplier,Bad Kind,,,',
        `vendor,Kept Vendor,0809 900 7007,kept@vendor.ng,${kept.id}`,
        `vendor,Kept Vendor Renamed,0809 900 7007,kept@vendor.ng,${newId()}`,
        'vendor,Row Twin,0809 900 7100,,',
      ].join('\r\n');
      const res = await send(previewContactImport, file);
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json() as ContactImportReport;
      expect(report.committed).toBe(false);
      expect(report.summary).toEqual({ total: 7, create: 3, update: 0, unchanged: 1, errors: 3, warnings: 3 });
      const byLine = (line: number) => report.rows.find((r) => r.line === line)!;
      expect(byLine(2)).toMatchObject({ action: 'create', errors: [], warnings: [] });
      expect(byLine(3)).toMatchObject({
        action: 'create',
        warnings: [{ field: 'phone', message: 'Kept Vendor already has this phone number' }],
      });
      expect(
        byLine(4)
          .errors.map((e) => e.field)
          .sort(),
      ).toEqual(['email', 'name']);
      expect(byLine(5)).toMatchObject({
        action: 'error',
        errors: [{ field: 'kind', message: 'Write customer or vendor' }],
      });
      expect(byLine(6)).toMatchObject({
        action: 'unchanged',
        id: kept.id,
        warnings: [{ field: 'phone', message: 'The same phone number as row 3' }],
      });
      expect(byLine(7)).toMatchObject({ action: 'error', errors: [{ field: 'id' }] });
      expect(byLine(8)).toMatchObject({
        action: 'create',
        warnings: [{ field: 'phone', message: 'The same phone number as row 2' }],
      });
      expect(await snapshotDatabase(server)).toEqual(before);
    });

    it('refuses a file-level problem with 400 naming the column', async () => {
      const res = await send(previewContactImport, 'kind,fullname\nvendor,X\n');
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res)).toEqual(['fullname', 'name']);
    });

    it('commits all-or-nothing: one bad row is 422 IMPORT_INVALID with the report and nothing written; fixed, every row is created, audited', async () => {
      const bad = [
        header,
        ',vendor,Import Vendor A,0810 900 8001,a@import.ng,,,,',
        ',vendor,Import Vendor B,,not-an-email,,,,',
      ].join('\n');
      const before = await snapshotDatabase(server);
      const refused = await send(commitContactImport, bad);
      expect(refused.statusCode, refused.body).toBe(422);
      const problem = refused.json() as { code: string; report: ContactImportReport };
      expect(problem.code).toBe('IMPORT_INVALID');
      expect(problem.report.rows[1]).toMatchObject({ line: 3, action: 'error', errors: [{ field: 'email' }] });
      expect(await snapshotDatabase(server)).toEqual(before);

      const good = bad.replace('not-an-email', 'b@import.ng');
      const res = await send(commitContactImport, good);
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json() as ContactImportReport;
      expect(report).toMatchObject({ committed: true, summary: { create: 2, errors: 0 } });
      const found = (
        (
          await call(listContacts, { storeId: demo.lekkiId, query: { q: 'Import Vendor', kind: 'vendor' } })
        ).json() as Page
      ).items;
      expect(found.map((c) => [c.name, c.email])).toEqual([
        ['Import Vendor A', 'a@import.ng'],
        ['Import Vendor B', 'b@import.ng'],
      ]);
      expect(report.rows.map((r) => r.id).sort()).toEqual(found.map((c) => c.id).sort());
      const [event] = await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'contact'), eq(auditEvents.entityId, found[0]!.id)));
      expect(event).toMatchObject({
        action: 'contact.created',
        after: expect.objectContaining({ via: 'contact_import' }),
      });
    });

    it('exports (formula-guarded, archived marked) and the export imports back unchanged; an edited row updates', async () => {
      const tricky = await created({
        kind: 'vendor',
        name: '=HYPERLINK("x") Supplies',
        phone: '+234 811 900 9001',
        notes: 'Line one, "quoted"\nline two',
      });
      const archived = await created({ kind: 'vendor', name: 'Export Archived Vendor' });
      await call(archiveContact, { storeId: demo.lekkiId, params: { contactId: archived.id } });
      const res = await exported('vendor');
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="contacts-vendors-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const text = res.body;
      expect(text.startsWith(`\uFEFF${header}\r\n`)).toBe(true);
      expect(text).toContain(
        `${tricky.id},vendor,"'=HYPERLINK(""x"") Supplies","'+234 811 900 9001",,,,"Line one, ""quoted""\nline two",no`,
      );
      expect(text).toContain(`${archived.id},vendor,Export Archived Vendor,,,,,,yes`);
      expect(text).not.toMatch(/,customer,/);

      const before = await snapshotDatabase(server);
      const again = await send(commitContactImport, text);
      expect(again.statusCode, again.body).toBe(200);
      const report = again.json() as ContactImportReport;
      expect(report.summary.update).toBe(0);
      expect(report.summary.create).toBe(0);
      expect(report.summary.unchanged).toBe(report.summary.total);
      expect(await snapshotDatabase(server)).toEqual(before);

      const edited = text
        .replace('Export Archived Vendor,,,,,,yes', 'Export Archived Vendor,0811 900 9002,,,,,no')
        .replace(/\r\n[^\r\n]*Okafor[^\r\n]*/g, '');
      const updated = await send(commitContactImport, edited);
      expect(updated.statusCode, updated.body).toBe(200);
      expect((updated.json() as ContactImportReport).summary.update).toBe(1);
      const now = (
        await call(getContact, { storeId: demo.lekkiId, params: { contactId: archived.id } })
      ).json() as Contact;
      expect(now).toMatchObject({ phone: '0811 900 9002', archived: false });
      expect(await actions(archived.id)).toEqual([
        'contact.created',
        'contact.archived',
        'contact.updated',
        'contact.restored',
      ]);
    });

    it('guards every text cell of the export a spreadsheet would run as a formula', async () => {
      const hostile = ['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(A1)', '\tfoo', '\rbar'];
      const ids: string[] = [];
      for (const [i, notes] of hostile.entries()) {
        const contact = await created({ kind: 'vendor', name: `Guarded Vendor ${i}` });
        // Straight into the table: the form trims a leading tab or line break, and the export must
        // hold whatever a note can be.
        await db().update(contacts).set({ notes }).where(eq(contacts.id, contact.id));
        ids.push(contact.id);
      }
      const body = (await exported('vendor')).body;
      for (const [i, notes] of hostile.entries())
        expect(body, JSON.stringify(notes)).toContain(
          `\r\n${ids[i]},vendor,Guarded Vendor ${i},,,,,"'${notes.replace(/"/g, '""')}",no\r\n`,
        );
    });

    it('IPOS_BASIC may not import: 403', async () => {
      expect((await send(previewContactImport, `${header}\n,vendor,X,,,,,,\n`, DEMO.cashier)).statusCode).toBe(403);
      expect((await send(commitContactImport, `${header}\n,vendor,X,,,,,,\n`, DEMO.cashier)).statusCode).toBe(403);
    });
  });
});
