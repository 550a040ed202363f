import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  createTaxRate,
  deactivateTaxRate,
  reactivateTaxRate,
  updateTaxRate,
  type Endpoint,
  type TaxRate,
} from '@ipos/contracts';
import { auditEvents, taxRates } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';

describe('tax rates /api/v1/tax-rates', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  let n = 0;

  const call = async (
    as: string | null,
    storeId: string | null,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    query?: Record<string, string>,
  ) => {
    const requestId = `tax-${++n}-${Date.now()}`;
    const headers: Record<string, string> = { 'x-request-id': requestId };
    if (as) headers.authorization = `Bearer ${as.includes('@') ? await server.tokenFor(as) : as}`;
    if (storeId) headers['x-store-id'] = storeId;
    const res = await server.app.inject({
      method,
      url,
      headers,
      query,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return Object.assign(res, { requestId });
  };
  const list = (as: string, storeId: string, query?: Record<string, string>) =>
    call(as, storeId, 'GET', '/api/v1/tax-rates', undefined, query);
  const create = (as: string, storeId: string, body: unknown) => call(as, storeId, 'POST', '/api/v1/tax-rates', body);
  const patch = (as: string, storeId: string, id: string, body: unknown) =>
    call(as, storeId, 'PATCH', `/api/v1/tax-rates/${id}`, body);
  const action = (as: string, storeId: string, id: string, verb: 'deactivate' | 'reactivate', body: unknown) =>
    call(as, storeId, 'POST', `/api/v1/tax-rates/${id}/${verb}`, body);

  const auditOf = (requestId: string) =>
    server.deps.database.db.select().from(auditEvents).where(eq(auditEvents.requestId, requestId));
  const rowsOf = (businessId: string) =>
    server.deps.database.db.select().from(taxRates).where(eq(taxRates.businessId, businessId));
  const vat = async () => {
    const res = await list(DEMO.admin, demo.lekkiId, { includeInactive: 'true' });
    return (res.json().items as TaxRate[]).find((r) => r.name === 'VAT')!;
  };
  const newRate = async (name: string, extra: Partial<TaxRate> = {}) => {
    const res = await create(DEMO.admin, demo.lekkiId, { name, rateBasisPoints: 500, isInclusive: false, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TaxRate;
  };
  const fields = (res: { json(): unknown }) =>
    ((res.json() as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    other = await registerTenant(server);
  });
  afterAll(() => server.close());

  describe('GET (inventory.view)', () => {
    it('Demo Mart is seeded with VAT 7.5% (750 bp), inclusive, the default, audited by the seed', async () => {
      const res = await list(DEMO.admin, demo.lekkiId);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: 1, page: 1, pageSize: 100 });
      expect(body.items).toEqual([
        {
          id: expect.any(String),
          name: 'VAT',
          rateBasisPoints: 750,
          isInclusive: true,
          isDefault: true,
          isActive: true,
          // The demo catalogue sells under it.
          isUsed: true,
          version: 1,
        },
      ]);
      const seeded = await server.deps.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'tax_rate'), eq(auditEvents.entityId, body.items[0].id)));
      expect(seeded).toEqual([
        expect.objectContaining({ action: 'tax_rate.created', requestId: 'seed-demo', businessId: demo.businessId }),
      ]);
    });

    it('a cashier (IPOS_BASIC) may read them: the register needs them', async () => {
      const res = await list(DEMO.cashier, demo.ikejaId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items.map((r: TaxRate) => r.name)).toContain('VAT');
    });

    it('401 without a token; 400 naming querystring.includeInactive', async () => {
      const anonymous = await call(null, demo.lekkiId, 'GET', '/api/v1/tax-rates');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('UNAUTHENTICATED');
      const bad = await list(DEMO.admin, demo.lekkiId, { includeInactive: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(fields(bad)).toEqual(['querystring.includeInactive']);
    });

    it('another tenant sees only its own rates (none yet), and not Demo Mart’s', async () => {
      const res = await list(await other.token(), other.storeId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ items: [], total: 0 });
      // Naming a Demo Mart store it does not work in: 404, not Demo Mart's rates.
      const probe = await list(await other.token(), demo.lekkiId);
      expect(probe.statusCode).toBe(404);
    });
  });

  describe('POST (settings.tax)', () => {
    it('the admin creates an exclusive rate: 201, the body the contract promises, audited in the store', async () => {
      const res = await create(DEMO.admin, demo.lekkiId, {
        name: '  Luxury  ',
        rateBasisPoints: 1250,
        isInclusive: false,
      });
      expect(res.statusCode, res.body).toBe(201);
      const rate = res.json() as TaxRate;
      expect(rate).toMatchObject({
        name: 'Luxury',
        rateBasisPoints: 1250,
        isInclusive: false,
        isDefault: false,
        isActive: true,
        version: 1,
      });
      expect(await auditOf(res.requestId)).toEqual([
        expect.objectContaining({
          action: 'tax_rate.created',
          entity: 'tax_rate',
          entityId: rate.id,
          businessId: demo.businessId,
          storeId: demo.lekkiId,
          actorAccountId: await server.accountId(DEMO.admin),
          after: { name: 'Luxury', rateBasisPoints: 1250, isInclusive: false, isDefault: false, isActive: true },
        }),
      ]);
    });

    it('the manager (IPOS_MANAGER_USER) may create too', async () => {
      const res = await create(DEMO.manager, demo.lekkiId, {
        name: 'Zero rated',
        rateBasisPoints: 0,
        isInclusive: true,
      });
      expect(res.statusCode, res.body).toBe(201);
    });

    it('created as the default, it takes the default from the previous one in the same transaction', async () => {
      const before = await vat();
      const res = await create(DEMO.admin, demo.lekkiId, {
        name: `Default ${Date.now()}`,
        rateBasisPoints: 800,
        isInclusive: true,
        isDefault: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json() as TaxRate;
      const rows = await rowsOf(demo.businessId);
      expect(rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual([created.id]);
      const after = await vat();
      expect(after).toMatchObject({ isDefault: false, version: before.version + 1 });
      const audit = await auditOf(res.requestId);
      expect(audit.map((a) => [a.action, a.entityId, a.after])).toEqual(
        expect.arrayContaining([
          ['tax_rate.updated', before.id, { isDefault: false }],
          ['tax_rate.created', created.id, expect.objectContaining({ isDefault: true })],
        ]),
      );
      expect(audit).toHaveLength(2);
      // Put VAT back as the default for the rest of the file.
      const back = await patch(DEMO.admin, demo.lekkiId, before.id, { version: after.version, isDefault: true });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({ isDefault: true });
    });

    it.each([
      [{ name: 'Half', rateBasisPoints: 7.5, isInclusive: false }, 'rateBasisPoints'],
      [{ name: 'Over', rateBasisPoints: 10001, isInclusive: false }, 'rateBasisPoints'],
      [{ name: 'Negative', rateBasisPoints: -1, isInclusive: false }, 'rateBasisPoints'],
      [{ name: 'Money', rateBasisPoints: '750', isInclusive: false }, 'rateBasisPoints'],
      [{ name: '   ', rateBasisPoints: 750, isInclusive: false }, 'name'],
      [{ name: 'No flag', rateBasisPoints: 750 }, 'isInclusive'],
      [{ name: 'Extra', rateBasisPoints: 750, isInclusive: false, isActive: false }, 'isActive'],
    ])('400 naming the field: %j → %s', async (body, field) => {
      const res = await create(DEMO.admin, demo.lekkiId, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(fields(res)).toContain(field);
      expect(await auditOf(res.requestId)).toEqual([]);
    });

    it('a duplicate name, in any case: 409 TAX_RATE_NAME_TAKEN naming name, nothing written', async () => {
      const before = await rowsOf(demo.businessId);
      const res = await create(DEMO.admin, demo.lekkiId, { name: 'vat', rateBasisPoints: 500, isInclusive: false });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'TAX_RATE_NAME_TAKEN', errors: [{ field: 'name' }] });
      expect(await rowsOf(demo.businessId)).toHaveLength(before.length);
    });

    it('the same name in another business is fine (names are per business)', async () => {
      const res = await create(await other.token(), other.storeId, {
        name: 'VAT',
        rateBasisPoints: 1600,
        isInclusive: false,
      });
      expect(res.statusCode, res.body).toBe(201);
    });

    it('401 without a token; 403 for a cashier (IPOS_BASIC), nothing written', async () => {
      const body = { name: 'Nope', rateBasisPoints: 100, isInclusive: false };
      const anonymous = await call(null, demo.lekkiId, 'POST', '/api/v1/tax-rates', body);
      expect(anonymous.statusCode).toBe(401);
      const cashier = await create(DEMO.cashier, demo.ikejaId, body);
      expect(cashier.statusCode).toBe(403);
      expect(cashier.json().code).toBe('FORBIDDEN');
      expect((await rowsOf(demo.businessId)).some((r) => r.name === 'Nope')).toBe(false);
    });
  });

  describe('PATCH /:taxRateId (settings.tax)', () => {
    it('renames and changes the rate of an unused rate; the version moves on; audited as a diff', async () => {
      const rate = await newRate(`Rename me ${Date.now()}`);
      const res = await patch(DEMO.admin, demo.lekkiId, rate.id, {
        version: rate.version,
        name: `Renamed ${Date.now()}`,
        rateBasisPoints: 1225,
        isInclusive: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ rateBasisPoints: 1225, isInclusive: false, version: rate.version + 1 });
      const [event] = await auditOf(res.requestId);
      expect(event).toMatchObject({
        action: 'tax_rate.updated',
        entityId: rate.id,
        before: { name: rate.name, rateBasisPoints: 500 },
        after: { name: res.json().name, rateBasisPoints: 1225 },
      });
    });

    it('a rate a product uses is frozen: 409 TAX_RATE_IN_USE on its rate or inclusiveness, nothing changed; a rename is fine', async () => {
      const rate = await newRate(`In use ${Date.now()}`);
      const product = await call(DEMO.admin, demo.lekkiId, 'POST', '/api/v1/products', {
        name: `Taxed under ${rate.name}`,
        unit: 'each',
        taxRateId: rate.id,
        variants: [{ sku: `TAXED-${Date.now()}`, sellingPriceMinor: 1000 }],
      });
      expect(product.statusCode, product.body).toBe(201);
      const listed = (await list(DEMO.admin, demo.lekkiId, { includeInactive: 'true' })).json().items as TaxRate[];
      expect(listed.find((r) => r.id === rate.id)).toMatchObject({ isUsed: true });
      for (const change of [{ rateBasisPoints: 600 }, { isInclusive: true }]) {
        const res = await patch(DEMO.admin, demo.lekkiId, rate.id, { version: rate.version, ...change });
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({ code: 'TAX_RATE_IN_USE', errors: [{ field: 'rateBasisPoints' }] });
        expect(await auditOf(res.requestId)).toEqual([]);
      }
      const [row] = (await rowsOf(demo.businessId)).filter((r) => r.id === rate.id);
      expect(row).toMatchObject({ rateBasisPoints: 500, isInclusive: false, version: rate.version });
      const renamed = await patch(DEMO.admin, demo.lekkiId, rate.id, {
        version: rate.version,
        name: `${rate.name} (kept)`,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
    });

    it('a stale version: 409 VERSION_CONFLICT, nothing changed', async () => {
      const rate = await newRate(`Stale ${Date.now()}`);
      const first = await patch(DEMO.admin, demo.lekkiId, rate.id, { version: 1, name: `${rate.name} a` });
      expect(first.statusCode, first.body).toBe(200);
      const second = await patch(DEMO.admin, demo.lekkiId, rate.id, { version: 1, name: `${rate.name} b` });
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json().code).toBe('VERSION_CONFLICT');
      expect(await auditOf(second.requestId)).toEqual([]);
      const [row] = (await rowsOf(demo.businessId)).filter((r) => r.id === rate.id);
      expect(row).toMatchObject({ name: `${rate.name} a`, version: 2 });
    });

    it('renaming onto another rate’s name: 409 TAX_RATE_NAME_TAKEN naming name', async () => {
      const rate = await newRate(`Clash ${Date.now()}`);
      const res = await patch(DEMO.admin, demo.lekkiId, rate.id, { version: rate.version, name: 'Vat' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'TAX_RATE_NAME_TAKEN', errors: [{ field: 'name' }] });
    });

    it('making a rate the default unsets the previous default (one at a time, both audited)', async () => {
      const rate = await newRate(`Next default ${Date.now()}`);
      const previous = await vat();
      const res = await patch(DEMO.admin, demo.lekkiId, rate.id, { version: rate.version, isDefault: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ isDefault: true, version: rate.version + 1 });
      expect((await rowsOf(demo.businessId)).filter((r) => r.isDefault).map((r) => r.id)).toEqual([rate.id]);
      expect((await auditOf(res.requestId)).map((a) => [a.action, a.entityId])).toEqual(
        expect.arrayContaining([
          ['tax_rate.updated', previous.id],
          ['tax_rate.updated', rate.id],
        ]),
      );
      const back = await patch(DEMO.admin, demo.lekkiId, previous.id, {
        version: (await vat()).version,
        isDefault: true,
      });
      expect(back.statusCode, back.body).toBe(200);
    });

    it('an inactive rate cannot become the default: 409 TAX_RATE_INACTIVE', async () => {
      const rate = await newRate(`Inactive ${Date.now()}`);
      const off = await action(DEMO.admin, demo.lekkiId, rate.id, 'deactivate', { version: rate.version });
      expect(off.statusCode, off.body).toBe(200);
      const res = await patch(DEMO.admin, demo.lekkiId, rate.id, { version: off.json().version, isDefault: true });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('TAX_RATE_INACTIVE');
    });

    it('400 naming the field (isDefault: false, no version, a bad id); 404 for an unknown id', async () => {
      const rate = await newRate(`Bad input ${Date.now()}`);
      const unset = await patch(DEMO.admin, demo.lekkiId, rate.id, { version: 1, isDefault: false });
      expect(unset.statusCode).toBe(400);
      expect(fields(unset)).toContain('isDefault');
      const noVersion = await patch(DEMO.admin, demo.lekkiId, rate.id, { name: 'x' });
      expect(noVersion.statusCode).toBe(400);
      expect(fields(noVersion)).toContain('version');
      const badId = await patch(DEMO.admin, demo.lekkiId, 'not-a-uuid', { version: 1 });
      expect(badId.statusCode).toBe(400);
      expect(fields(badId)).toEqual(['params.taxRateId']);
      const unknown = await patch(DEMO.admin, demo.lekkiId, '0190a0a0-0000-7000-8000-000000000000', { version: 1 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('NOT_FOUND');
    });

    it('401 without a token; 403 for a cashier', async () => {
      const rate = await vat();
      const anonymous = await call(null, demo.lekkiId, 'PATCH', `/api/v1/tax-rates/${rate.id}`, { version: 1 });
      expect(anonymous.statusCode).toBe(401);
      const cashier = await patch(DEMO.cashier, demo.ikejaId, rate.id, { version: rate.version, name: 'Mine' });
      expect(cashier.statusCode).toBe(403);
      expect((await vat()).name).toBe('VAT');
    });
  });

  describe('deactivate / reactivate (settings.tax)', () => {
    it('the default cannot be deactivated: 409 TAX_RATE_IS_DEFAULT, still active', async () => {
      const rate = await vat();
      const res = await action(DEMO.admin, demo.lekkiId, rate.id, 'deactivate', { version: rate.version });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('TAX_RATE_IS_DEFAULT');
      expect(await vat()).toMatchObject({ isActive: true, version: rate.version });
    });

    it('deactivates (hidden from the default list, kept with includeInactive) and reactivates, audited', async () => {
      const rate = await newRate(`Seasonal ${Date.now()}`);
      const off = await action(DEMO.admin, demo.lekkiId, rate.id, 'deactivate', { version: rate.version });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ isActive: false, version: rate.version + 1 });
      expect(await auditOf(off.requestId)).toEqual([
        expect.objectContaining({
          action: 'tax_rate.deactivated',
          before: { isActive: true },
          after: { isActive: false },
        }),
      ]);
      const active = (await list(DEMO.admin, demo.lekkiId)).json().items as TaxRate[];
      expect(active.map((r) => r.id)).not.toContain(rate.id);
      const all = (await list(DEMO.admin, demo.lekkiId, { includeInactive: 'true' })).json().items as TaxRate[];
      expect(all.find((r) => r.id === rate.id)).toMatchObject({ isActive: false });

      const stale = await action(DEMO.admin, demo.lekkiId, rate.id, 'reactivate', { version: rate.version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('VERSION_CONFLICT');
      const on = await action(DEMO.admin, demo.lekkiId, rate.id, 'reactivate', { version: off.json().version });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toMatchObject({ isActive: true, version: rate.version + 2 });
      expect((await auditOf(on.requestId)).map((a) => a.action)).toEqual(['tax_rate.reactivated']);
    });

    it('400 without a version; 401 without a token; 403 for a cashier; 404 for an unknown id', async () => {
      const rate = await newRate(`Guarded ${Date.now()}`);
      const noVersion = await action(DEMO.admin, demo.lekkiId, rate.id, 'deactivate', {});
      expect(noVersion.statusCode).toBe(400);
      expect(fields(noVersion)).toContain('version');
      const anonymous = await call(null, demo.lekkiId, 'POST', `/api/v1/tax-rates/${rate.id}/deactivate`, {
        version: 1,
      });
      expect(anonymous.statusCode).toBe(401);
      for (const verb of ['deactivate', 'reactivate'] as const) {
        const cashier = await action(DEMO.cashier, demo.ikejaId, rate.id, verb, { version: rate.version });
        expect(cashier.statusCode, verb).toBe(403);
      }
      const unknown = await action(DEMO.admin, demo.lekkiId, '0190a0a0-0000-7000-8000-000000000000', 'reactivate', {
        version: 1,
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('another tenant’s rates', () => {
    it('answer 404 to every change and change nothing', async () => {
      const created = await create(await other.token(), other.storeId, {
        name: `Theirs ${Date.now()}`,
        rateBasisPoints: 1600,
        isInclusive: false,
      });
      expect(created.statusCode, created.body).toBe(201);
      const theirs = created.json() as TaxRate;
      const probes: { endpoint: Endpoint; body: unknown }[] = [
        { endpoint: updateTaxRate, body: { version: theirs.version, name: 'Hijacked' } },
        { endpoint: updateTaxRate, body: { version: theirs.version, isDefault: true } },
        { endpoint: deactivateTaxRate, body: { version: theirs.version } },
        { endpoint: reactivateTaxRate, body: { version: theirs.version } },
      ];
      for (const probe of probes) {
        await expectCrossTenantNotFound(server, {
          endpoint: probe.endpoint,
          params: { taxRateId: theirs.id },
          body: probe.body,
          as: { email: DEMO.admin },
          storeId: demo.lekkiId,
          mustNotReveal: [theirs.name, other.businessName],
        });
      }
      // Creating "in" their store from Demo Mart's admin is the store check's 404.
      await expectCrossTenantNotFound(server, {
        endpoint: createTaxRate,
        body: { name: 'Sneaky', rateBasisPoints: 100, isInclusive: false },
        as: { email: DEMO.admin },
        storeId: other.storeId,
        mustNotReveal: [other.businessName],
      });
    });
  });
});
