import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  discardHeldSale,
  holdSale,
  listHeldSales,
  resumeHeldSale,
  type HeldCart,
  type HeldSale,
} from '@ipos/contracts';
import { auditEvents } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { createTestProduct, type TestProduct } from '../support/catalog.js';
import { caller, fieldsOf, giveCustomRole } from '../inventory/helpers.js';

/** Held sales: a cart put aside at one till of a store and resumed (once) at any till of that store. */
describe('held sales', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  let call: ReturnType<typeof caller>;
  let milk: TestProduct;
  let rice: TestProduct;

  const cartOf = (product: TestProduct, quantity = 2) => ({ lines: [{ variantId: product.variantId, quantity }] });
  const hold = async (label: string, cart: HeldCart = cartOf(milk), storeId = demo.lekkiId) => {
    const res = await call(holdSale, { storeId, body: { label, cart } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as HeldSale;
  };
  const auditActions = async (id: string) =>
    (
      await server.deps.database.db
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'held_sale'), eq(auditEvents.entityId, id)))
    ).map((r) => r.action);

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, DEMO.manager);
    other = await registerTenant(server);
    milk = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Held Peak Milk',
      variants: [{ sellingPriceMinor: 45_000 }],
    });
    rice = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Held Loose Rice',
      unit: 'kg',
      variants: [{ sellingPriceMinor: 120_000 }],
    });
  });
  afterAll(() => server.close());

  it('holds a cart, lists the store’s held carts oldest first, and audits it', async () => {
    const first = await hold('Mama Titi');
    const second = await hold('blue bag', {
      lines: [
        { variantId: rice.variantId, quantity: 1.25 },
        { variantId: milk.variantId, quantity: 1 },
      ],
      cartDiscount: { type: 'percent', value: 500 },
    });
    expect(second).toMatchObject({ label: 'blue bag', lineCount: 2, heldBy: { name: expect.any(String) } });
    expect(second.cart.lines[0]).toEqual({ variantId: rice.variantId, quantity: 1.25 });
    const list = await call(listHeldSales, { storeId: demo.lekkiId });
    expect(list.statusCode).toBe(200);
    const ids = (list.json() as { items: HeldSale[] }).items.map((h) => h.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(await auditActions(first.id)).toEqual(['held_sale.held']);
    // Ikeja's queue is its own.
    const ikeja = await call(listHeldSales, { as: DEMO.owner, storeId: demo.ikejaId });
    expect((ikeja.json() as { items: HeldSale[] }).items.map((h) => h.id)).not.toContain(first.id);
  });

  it('resumes a cart once: it leaves the list, a second resume (another till) is a 404', async () => {
    const held = await hold('resume me');
    const resumed = await call(resumeHeldSale, { storeId: demo.lekkiId, params: { heldSaleId: held.id } });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toEqual(held);
    const again = await call(resumeHeldSale, { storeId: demo.lekkiId, params: { heldSaleId: held.id } });
    expect(again.statusCode).toBe(404);
    const list = (await call(listHeldSales, { storeId: demo.lekkiId })).json() as { items: HeldSale[] };
    expect(list.items.map((h) => h.id)).not.toContain(held.id);
    expect(await auditActions(held.id)).toEqual(['held_sale.held', 'held_sale.resumed']);
  });

  it('two tills resuming the same cart at once: exactly one gets it', async () => {
    const held = await hold('race');
    const results = await Promise.all(
      [DEMO.manager, DEMO.admin, DEMO.owner].map((as) =>
        call(resumeHeldSale, { as, storeId: demo.lekkiId, params: { heldSaleId: held.id } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404, 404]);
  });

  it('discards a cart (204), audited; a cart of another store is not found there', async () => {
    const held = await hold('discard me');
    const fromIkeja = await call(discardHeldSale, {
      as: DEMO.owner,
      storeId: demo.ikejaId,
      params: { heldSaleId: held.id },
    });
    expect(fromIkeja.statusCode).toBe(404);
    const gone = await call(discardHeldSale, { storeId: demo.lekkiId, params: { heldSaleId: held.id } });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await auditActions(held.id)).toEqual(['held_sale.held', 'held_sale.discarded']);
  });

  it('400 naming the field: unknown or another tenant’s product, a fraction of a unit, an empty cart', async () => {
    const theirs = await createTestProduct(server, { businessId: other.businessId, name: 'Their soap' });
    for (const [cart, field] of [
      [cartOf(theirs), 'cart.lines.0.variantId'],
      [{ lines: [{ variantId: newId(), quantity: 1 }] }, 'cart.lines.0.variantId'],
      [cartOf(milk, 1.5), 'cart.lines.0.quantity'],
      [{ lines: [] }, 'cart.lines'],
      [{ lines: [{ variantId: milk.variantId, quantity: 1.0005 }] }, 'cart.lines.0.quantity'],
    ] as const) {
      const res = await call(holdSale, { storeId: demo.lekkiId, body: { cart } });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
  });

  it('401 without a token, 403 without checkout.sell, 404 for another tenant’s cart or store', async () => {
    expect((await call(listHeldSales, { as: null, storeId: demo.lekkiId })).statusCode).toBe(401);
    const theirs = await call(holdSale, {
      as: null,
      storeId: other.storeId,
      body: { cart: cartOf(milk) },
    });
    expect(theirs.statusCode).toBe(401);

    const theirProduct = await createTestProduct(server, { businessId: other.businessId, name: 'Their tea' });
    const heldThere = await server.app.inject({
      method: 'POST',
      url: holdSale.path,
      headers: { authorization: `Bearer ${await other.token()}`, 'x-store-id': other.storeId },
      payload: { label: 'their secret cart', cart: cartOf(theirProduct) },
    });
    expect(heldThere.statusCode, heldThere.body).toBe(201);
    const theirId = (heldThere.json() as HeldSale).id;
    for (const endpoint of [resumeHeldSale, discardHeldSale])
      await expectCrossTenantNotFound(server, {
        endpoint,
        as: { email: DEMO.manager },
        storeId: demo.lekkiId,
        params: { heldSaleId: theirId },
      });
    await expectCrossTenantNotFound(server, {
      endpoint: listHeldSales,
      as: { email: DEMO.manager },
      storeId: other.storeId,
      mustNotReveal: ['their secret cart'],
    });

    // A custom role that may look at inventory but not sell.
    await giveCustomRole(server, demo.businessId, DEMO.cashier, {
      name: 'Held viewer',
      permissions: ['inventory.view'],
    });
    const forbidden = await call(holdSale, { as: DEMO.cashier, storeId: demo.ikejaId, body: { cart: cartOf(milk) } });
    expect(forbidden.statusCode, forbidden.body).toBe(403);
  });
});
