import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import {
  discardHeldSale,
  holdSale,
  listHeldSales,
  resumeHeldSale,
  type HeldCart,
  type HeldSale,
} from '@ipos/contracts';
import { auditEvents, contacts, heldSales } from '../../src/db/schema.js';
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
        // In the order they happened (ids are UUID v7): a server's heap order is no order.
        .orderBy(auditEvents.id)
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

  it('a customer of another business is refused (400 on cart.customerId) and nothing is held; its own is kept', async () => {
    const db = server.deps.database.db;
    const customerOf = async (businessId: string, kind: 'customer' | 'vendor' = 'customer') => {
      const [row] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.businessId, businessId), eq(contacts.kind, kind), isNull(contacts.archivedAt)))
        .limit(1);
      return row!.id;
    };
    const demoCustomer = await customerOf(demo.businessId);
    const theirProduct = await createTestProduct(server, { businessId: other.businessId, name: 'Their bread' });
    const heldThere = async () =>
      (await db.select({ id: heldSales.id }).from(heldSales).where(eq(heldSales.businessId, other.businessId))).length;
    const before = await heldThere();
    // Another business holds a cart naming Demo Mart's customer: it was kept (201) and handed back on resume.
    const res = await server.app.inject({
      method: 'POST',
      url: holdSale.path,
      headers: { authorization: `Bearer ${await other.token()}`, 'x-store-id': other.storeId },
      payload: { label: 'borrowed customer', cart: { ...cartOf(theirProduct), customerId: demoCustomer } },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(fieldsOf(res)).toEqual(['cart.customerId']);
    expect(await heldThere()).toBe(before);

    // Not a customer at all: an unknown id, or a vendor of the business.
    for (const customerId of [newId(), await customerOf(demo.businessId, 'vendor')]) {
      const bad = await call(holdSale, { storeId: demo.lekkiId, body: { cart: { ...cartOf(milk), customerId } } });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(fieldsOf(bad)).toEqual(['cart.customerId']);
    }

    const ours = await hold('with customer', { ...cartOf(milk), customerId: demoCustomer });
    const resumed = await call(resumeHeldSale, { storeId: demo.lekkiId, params: { heldSaleId: ours.id } });
    expect((resumed.json() as HeldSale).cart.customerId).toBe(demoCustomer);
  });

  it('a discounted cart needs checkout.discount, as completing it would: 403 for a cashier, 201 for a manager', async () => {
    const free = {
      ...cartOf(milk, 1),
      lines: [{ variantId: milk.variantId, quantity: 1, discount: { type: 'percent', value: 10_000 } }],
    };
    const cartOff = { ...cartOf(milk, 1), cartDiscount: { type: 'amount', value: 45_000 } };
    for (const [cart, field] of [
      [free, 'cart.lines.0.discount'],
      [cartOff, 'cart.cartDiscount'],
    ] as const) {
      const byCashier = await call(holdSale, { as: DEMO.cashier, storeId: demo.ikejaId, body: { cart } });
      expect(byCashier.statusCode, byCashier.body).toBe(403);
      expect(fieldsOf(byCashier)).toEqual([field]);
      const byManager = await call(holdSale, { storeId: demo.lekkiId, body: { cart } });
      expect(byManager.statusCode, byManager.body).toBe(201);
    }
    const list = (await call(listHeldSales, { as: DEMO.cashier, storeId: demo.ikejaId })).json() as {
      items: HeldSale[];
    };
    expect(list.items).toEqual([]);
    // A zero discount gives nothing away: the cashier may hold it.
    const zero = { ...cartOf(milk, 1), cartDiscount: { type: 'percent', value: 0 } };
    const held = await call(holdSale, { as: DEMO.cashier, storeId: demo.ikejaId, body: { cart: zero } });
    expect(held.statusCode, held.body).toBe(201);
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
