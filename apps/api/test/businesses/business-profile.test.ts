import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  deleteBusinessLogo,
  getBusinessLogo,
  getBusinessProfile,
  listBusinessProfileStores,
  updateBusinessProfile,
  type BusinessProfile,
} from '@ipos/contracts';
import { auditEvents } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant, snapshotDatabase, type Tenant } from '../support/isolation.js';
import { caller, fieldsOf } from '../inventory/helpers.js';
import { createTestProduct } from '../support/catalog.js';
import { openReportShop, sellAt } from '../reports/reports-support.js';
import { TINY_PNG } from '../support/images.js';

const PNG = TINY_PNG;

/**
 * The business profile of store details: administrators read and change it at the
 * version read, audited with what changed; the currency is fixed by the first sale; a logo is uploaded,
 * served to everyone working there, and removed.
 */
describe('business profile', () => {
  let server: TestServer;
  let tenant: Tenant;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  const asTenant = () => {
    const call = caller(server, tenant.email);
    return (endpoint: Parameters<typeof call>[0], options: Omit<Parameters<typeof call>[1], 'storeId'> = {}) =>
      call(endpoint, { storeId: tenant.storeId, ...options });
  };
  const read = async () => (await asTenant()(getBusinessProfile)).json() as BusinessProfile;
  const putLogo = async (bytes: Buffer, contentType: string) =>
    server.app.inject({
      method: 'PUT',
      url: '/api/v1/business-profile/logo',
      headers: {
        authorization: `Bearer ${await tenant.token()}`,
        'x-store-id': tenant.storeId,
        'content-type': contentType,
      },
      payload: bytes,
    });

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    tenant = await registerTenant(server, { currency: 'KSD', country: 'KE' });
  });
  afterAll(() => server.close());

  it('changes what was sent at the version read, audits only what changed, refuses a stale version', async () => {
    const before = await read();
    expect(before).toMatchObject({ currency: 'KSD', country: 'KE', currencyLocked: false, logoVersion: null });
    const res = await asTenant()(updateBusinessProfile, {
      body: {
        version: before.version,
        name: before.name,
        country: 'tz',
        currency: 'TZS',
        taxId: ' TIN 123-456-789 ',
        phone: '+255 700 111 222',
        email: 'Shop@Example.TZ',
        address: 'Kariakoo, Dar es Salaam',
        receiptHeader: 'Karibu!',
        receiptFooter: 'Goods once sold are not returned',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as BusinessProfile;
    expect(after).toMatchObject({
      country: 'TZ',
      currency: 'TZS',
      taxId: 'TIN 123-456-789',
      email: 'shop@example.tz',
      receiptHeader: 'Karibu!',
      version: before.version + 1,
    });
    expect(await read()).toEqual(after);
    const [event] = await server.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.businessId, tenant.businessId), eq(auditEvents.action, 'business.updated')))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(Object.keys(event!.after as object).sort()).toEqual(
      ['address', 'country', 'currency', 'email', 'phone', 'receiptFooter', 'receiptHeader', 'taxId'].sort(),
    );

    const stale = await asTenant()(updateBusinessProfile, {
      body: { version: before.version, name: 'Stale', country: 'TZ', currency: 'TZS' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    const bad = await asTenant()(updateBusinessProfile, {
      body: { version: after.version, name: ' ', country: 'Tanzania', currency: 'ZZZ', email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['country', 'currency', 'email', 'name']);
  });

  it('fixes the currency once the business has sold, and writes nothing when refused', async () => {
    const shop = await openReportShop(server);
    const owner = caller(server, shop.tenant.email);
    const at = { storeId: shop.storeId };
    const open = (await owner(getBusinessProfile, at)).json() as BusinessProfile;
    expect(open.currencyLocked).toBe(false);
    const product = await createTestProduct(server, {
      businessId: shop.businessId,
      variants: [{ sellingPriceMinor: 1_000, stock: { [shop.storeId]: 5 } }],
    });
    await sellAt(server, shop, [{ variantId: product.variantId, quantity: 1 }]);
    const profile = (await owner(getBusinessProfile, at)).json() as BusinessProfile;
    expect(profile.currencyLocked).toBe(true);
    const before = await snapshotDatabase(server, { ignoreTables: ['mail_outbox'] });
    const res = await owner(updateBusinessProfile, {
      ...at,
      body: { version: profile.version, name: profile.name, country: profile.country, currency: 'USD' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CURRENCY_LOCKED' });
    expect(fieldsOf(res)).toEqual(['currency']);
    expect(await snapshotDatabase(server, { ignoreTables: ['mail_outbox'] })).toEqual(before);
    // Everything else still changes.
    const renamed = await owner(updateBusinessProfile, {
      ...at,
      body: { version: profile.version, name: 'Renamed Shop', country: profile.country, currency: profile.currency },
    });
    expect(renamed.json()).toMatchObject({ name: 'Renamed Shop', currency: profile.currency });
  });

  it('takes a logo, serves it to everyone working there, and removes it', async () => {
    const res = await putLogo(PNG, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json() as BusinessProfile;
    expect(profile.logoVersion).toBe(1);
    const got = await caller(server, tenant.email)(getBusinessLogo, { storeId: tenant.storeId, query: { v: '1' } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    // The bytes must be what they claim.
    const lying = await putLogo(PNG, 'image/jpeg');
    expect(lying.statusCode).toBe(415);
    // WebP is an image, but receipts and invoices could not print it.
    const webp = await putLogo(
      Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'), Buffer.alloc(32)]),
      'image/webp',
    );
    expect(webp.statusCode).toBe(415);
    expect((await read()).logoVersion).toBe(1);

    const removed = await asTenant()(deleteBusinessLogo);
    expect(removed.json()).toMatchObject({ logoVersion: null });
    expect((await caller(server, tenant.email)(getBusinessLogo, { storeId: tenant.storeId })).statusCode).toBe(404);
  });

  it('lists the business’s stores with where they are', async () => {
    const res = await caller(server, DEMO.owner)(listBusinessProfileStores, { storeId: demo.lekkiId });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { items: { alias: string; address: string | null }[] }).items).toEqual([
      expect.objectContaining({ alias: 'IKJ', name: 'Ikeja', address: 'Obafemi Awolowo Way, Ikeja, Lagos' }),
      expect.objectContaining({ alias: 'LEK', name: 'Lekki', timeZone: 'Africa/Lagos' }),
    ]);
  });

  it('is for administrators: a manager may not read or change it', async () => {
    const manager = caller(server, DEMO.manager);
    expect((await manager(getBusinessProfile, { storeId: demo.lekkiId })).statusCode).toBe(403);
    // The logo is for everyone working there (documents print it): Demo Mart has none, and says so.
    const logo = await manager(getBusinessLogo, { storeId: demo.lekkiId });
    expect(logo.statusCode).toBe(404);
    expect(logo.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'The logo was not found' });
  });
});
