import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  getContact,
  listContacts,
  quickCreateCustomer,
  type Contact,
  type ContactDuplicate,
  type QuickCreateCustomerBody,
} from '@ipos/contracts';
import { auditEvents, contacts } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { contactSearchText, phoneKeyOf } from '../../src/features/contacts/contacts.service.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { caller, fieldsOf, giveCustomRole } from '../inventory/helpers.js';

type Page = { items: Contact[]; total: number; page: number; pageSize: number };

/** Contacts as the register uses them: search customers, open one, create one at the till. */
describe('contacts', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  let call: ReturnType<typeof caller>;
  /** A word no other test or seed row contains, so searches see only this file's contacts. */
  const tag = `zq${randomBytes(3).toString('hex')}`;

  const insertContact = async (
    businessId: string,
    c: { name: string; phone?: string; email?: string; kind?: 'customer' | 'vendor'; archived?: boolean },
  ) => {
    const id = newId();
    await server.deps.database.db.insert(contacts).values({
      businessId,
      id,
      kind: c.kind ?? 'customer',
      name: c.name,
      phone: c.phone ?? null,
      phoneDigits: phoneKeyOf(c.phone),
      email: c.email ?? null,
      searchText: contactSearchText(c),
      archivedAt: c.archived ? new Date() : null,
    });
    return id;
  };
  const list = async (query: Record<string, string>, as: string = DEMO.manager) => {
    const res = await call(listContacts, { as, storeId: as === DEMO.cashier ? demo.ikejaId : demo.lekkiId, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  const create = (body: QuickCreateCustomerBody, as: string = DEMO.cashier) =>
    call(quickCreateCustomer, { as, storeId: as === DEMO.cashier ? demo.ikejaId : demo.lekkiId, body });
  const auditCount = async (id: string) =>
    (
      await server.deps.database.db
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'contact'), eq(auditEvents.entityId, id)))
    ).map((r) => r.action);

  let adaeze: string;
  let tagBola: string;
  let vendor: string;
  let archived: string;

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, DEMO.manager);
    other = await registerTenant(server);
    // Names chosen so "tag" prefixes one name and appears inside the others.
    adaeze = await insertContact(demo.businessId, {
      name: `Adaeze ${tag}`,
      phone: '+234 803 555 0101',
      email: `adaeze.${tag}@example.ng`,
    });
    tagBola = await insertContact(demo.businessId, { name: `${tag} Bola`, phone: '0805 557 0292' });
    vendor = await insertContact(demo.businessId, { name: `Chukwu ${tag} Supplies`, kind: 'vendor' });
    archived = await insertContact(demo.businessId, { name: `Dupe ${tag}`, phone: '0809 557 0393', archived: true });
    await insertContact(other.businessId, { name: `Their ${tag} customer`, phone: '0803 555 0101' });
  });
  afterAll(() => server.close());

  it('searches by part of the name, names starting with the search first, without archived or other tenants’ contacts', async () => {
    const page = await list({ q: tag });
    expect(page.items.map((c) => c.id)).toEqual([tagBola, adaeze, vendor]);
    expect(page.total).toBe(3);
    expect(page.items[1]).toMatchObject({
      kind: 'customer',
      name: `Adaeze ${tag}`,
      phone: '+234 803 555 0101',
      email: `adaeze.${tag}@example.ng`,
      archived: false,
      version: 1,
    });
    // Case does not matter; kind and archived filter.
    expect((await list({ q: tag.toUpperCase(), kind: 'vendor' })).items.map((c) => c.id)).toEqual([vendor]);
    expect((await list({ q: tag, archived: 'true' })).items.map((c) => c.id)).toEqual([archived]);
    // Pages.
    const second = await list({ q: tag, page: '2', pageSize: '2' });
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((c) => c.id)).toEqual([vendor]);
    expect(await list({ q: tag, page: '9', pageSize: '2' })).toMatchObject({ items: [], total: 3 });
    // Wildcards are searched literally.
    expect((await list({ q: `${tag}%` })).total).toBe(0);
  });

  it('finds a phone however it is typed, and an email', async () => {
    for (const q of ['0803 555 0101', '+234 803 555', '8035550', '2348035550101'])
      expect(
        (await list({ q })).items.map((c) => c.id),
        q,
      ).toContain(adaeze);
    expect((await list({ q: '+234 805 557 0292' })).items.map((c) => c.id)).toEqual([tagBola]);
    expect((await list({ q: `ADAEZE.${tag}@` })).items.map((c) => c.id)).toEqual([adaeze]);
    // The cashier (IPOS_BASIC, contacts.view) searches too.
    expect((await list({ q: tag }, DEMO.cashier)).total).toBe(3);
  });

  it('opens one contact; another tenant’s is a 404 that changes nothing', async () => {
    const res = await call(getContact, { storeId: demo.lekkiId, params: { contactId: vendor } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: vendor, kind: 'vendor', name: `Chukwu ${tag} Supplies`, phone: null });
    const theirs = await insertContact(other.businessId, { name: 'Their secret customer' });
    await expectCrossTenantNotFound(server, {
      endpoint: getContact,
      params: { contactId: theirs },
      as: { email: DEMO.manager },
      storeId: demo.lekkiId,
      mustNotReveal: ['Their secret customer'],
    });
    await expectCrossTenantNotFound(server, {
      endpoint: listContacts,
      as: { email: DEMO.manager },
      storeId: other.storeId,
    });
    const missing = await call(getContact, { storeId: demo.lekkiId, params: { contactId: newId() } });
    expect(missing.statusCode).toBe(404);
  });

  it('creates a customer at the till (cashier), audited, phone kept as typed and email lower-cased', async () => {
    const id = newId();
    const res = await create({ id, name: '  Ngozi Eze ', phone: '+234 816 444 1234', email: ' Ngozi.Eze@Example.NG ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      id,
      kind: 'customer',
      name: 'Ngozi Eze',
      phone: '+234 816 444 1234',
      email: 'ngozi.eze@example.ng',
      archived: false,
    });
    const [row] = await server.deps.database.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.businessId, demo.businessId), eq(contacts.id, id)));
    expect(row).toMatchObject({ phoneDigits: '164441234', searchText: 'ngozi eze 2348164441234 ngozi.eze@example.ng' });
    expect(row!.createdBy).toBe(await server.accountId(DEMO.cashier));
    expect(await auditCount(id)).toEqual(['contact.created']);
    // Found by the till's search straight away, by the local form of the number.
    expect((await list({ q: '0816 444 1234' }, DEMO.cashier)).items.map((c) => c.id)).toContain(id);
  });

  it('warns of a contact with the same phone (written another way) or email: 409 CONTACT_DUPLICATE, unless confirmed', async () => {
    const first = newId();
    expect((await create({ id: first, name: 'Musa Bello', phone: '+234 802 777 3456' })).statusCode).toBe(201);
    const id = newId();
    const dup = await create({ id, name: 'Musa B. (wife)', phone: '0802 777 3456', email: `adaeze.${tag}@example.ng` });
    expect(dup.statusCode, dup.body).toBe(409);
    const problem = dup.json() as { code: string; duplicates: ContactDuplicate[] };
    expect(problem.code).toBe('CONTACT_DUPLICATE');
    expect(problem.duplicates).toEqual(
      expect.arrayContaining([
        {
          id: first,
          kind: 'customer',
          name: 'Musa Bello',
          phone: '+234 802 777 3456',
          email: null,
          matches: ['phone'],
        },
        {
          id: adaeze,
          kind: 'customer',
          name: `Adaeze ${tag}`,
          phone: '+234 803 555 0101',
          email: `adaeze.${tag}@example.ng`,
          matches: ['email'],
        },
      ]),
    );
    expect(problem.duplicates).toHaveLength(2);
    expect(fieldsOf(dup).sort()).toEqual(['email', 'phone']);
    expect(await auditCount(id)).toEqual([]);
    // An archived contact's phone is no duplicate.
    expect((await create({ id: newId(), name: 'New Dupe', phone: '+234 809 557 0393' })).statusCode).toBe(201);
    // Confirmed by the cashier: created.
    const confirmed = await create({ id, name: 'Musa B. (wife)', phone: '0802 777 3456', allowDuplicate: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await auditCount(id)).toEqual(['contact.created']);
  });

  it('a retried create returns the same customer once; the same id with other details is a 400 on id', async () => {
    const body = { id: newId(), name: 'Tunde Bakare', phone: '0701 234 5678' };
    const first = await create(body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await Promise.all([create(body), create(body)]);
    for (const res of again) {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual(first.json());
    }
    expect(await auditCount(body.id)).toEqual(['contact.created']);
    const changed = await create({ ...body, name: 'Someone Else' });
    expect(changed.statusCode, changed.body).toBe(400);
    expect(fieldsOf(changed)).toEqual(['id']);
    // Another tenant's owner may use the same id: ids are per business, nothing is revealed.
    const theirs = await call(quickCreateCustomer, {
      as: other.email,
      storeId: other.storeId,
      body: { ...body, name: 'Their Tunde' },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json()).toMatchObject({ name: 'Their Tunde' });
  });

  it('bad input is a 400 naming the field; creating needs checkout.sell; another tenant’s store is a 404', async () => {
    const none = await create({ id: newId(), name: 'No Contact' });
    expect(none.statusCode).toBe(400);
    expect(fieldsOf(none)).toEqual(['phone']);
    const bad = await create({ id: newId(), name: '', phone: 'call me', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['email', 'name', 'phone']);
    const notUuid = await create({ id: 'abc', name: 'X', phone: '0803 000 0000' });
    expect(fieldsOf(notUuid)).toEqual(['id']);
    await expectCrossTenantNotFound(server, {
      endpoint: quickCreateCustomer,
      as: { email: DEMO.manager },
      storeId: other.storeId,
      body: { id: newId(), name: 'Sneaky', phone: '0803 000 1111' },
    });
    await giveCustomRole(server, demo.businessId, DEMO.cashier, {
      name: 'Contacts viewer',
      permissions: ['contacts.view'],
    });
    const forbidden = await create({ id: newId(), name: 'Not Allowed', phone: '0803 000 2222' });
    expect(forbidden.statusCode, forbidden.body).toBe(403);
    // Still may search.
    expect((await list({ q: tag }, DEMO.cashier)).total).toBe(3);
  });
});
