import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  archiveCategory,
  buildPath,
  createCategory,
  listCategories,
  renameCategory,
  reorderCategories,
  unarchiveCategory,
  type Category,
  type CategoryTree,
  type Endpoint,
} from '@ipos/contracts';
import { auditEvents } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';

describe('categories', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  let otherCategory: Category;

  const call = async (
    endpoint: Pick<Endpoint, 'method' | 'path'>,
    options: {
      as?: string | null;
      storeId?: string;
      params?: Record<string, string>;
      query?: Record<string, string>;
      body?: unknown;
    } = {},
  ) => {
    const as = options.as === undefined ? DEMO.manager : options.as;
    const headers: Record<string, string> = {};
    if (as) headers.authorization = `Bearer ${await server.tokenFor(as)}`;
    headers['x-store-id'] = options.storeId ?? (as === DEMO.cashier ? demo.ikejaId : demo.lekkiId);
    return server.app.inject({
      method: endpoint.method,
      url: buildPath(endpoint.path, options.params),
      query: options.query,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
  };
  const tree = async (query?: Record<string, string>) => {
    const res = await call(listCategories, { query });
    expect(res.statusCode).toBe(200);
    return res.json() as CategoryTree;
  };
  const top = async (name: string) => (await tree()).items.find((c) => c.name === name)!;
  const create = async (body: unknown) => {
    const res = await call(createCategory, { body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Category;
  };
  const fieldsOf = (res: { json(): unknown }) =>
    ((res.json() as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    other = await registerTenant(server);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers: { authorization: `Bearer ${await other.token()}`, 'x-store-id': other.storeId },
      payload: { name: 'Other Secret Shelf' },
    });
    expect(res.statusCode, res.body).toBe(201);
    otherCategory = res.json();
  });
  afterAll(() => server.close());

  describe('GET /api/v1/categories', () => {
    it('lists the demo tree: top-level categories in order, each with its children in order', async () => {
      const { items } = await tree();
      expect(items.map((c) => c.name)).toEqual([
        'Groceries',
        'Drinks',
        'Toiletries',
        'Household',
        'Baby',
        'Frozen',
        'Bakery',
      ]);
      expect(items[0]!.children.map((c) => c.name)).toEqual([
        'Rice & Grains',
        'Flour & Baking',
        'Canned Food',
        'Spices & Seasoning',
      ]);
      expect(items[1]!.children.map((c) => c.name)).toEqual(['Soft Drinks', 'Water', 'Juice', 'Beer & Wine']);
      expect(items[1]!.children.every((c) => c.parentId === items[1]!.id && !c.isArchived)).toBe(true);
      expect(JSON.stringify(items)).not.toContain('Other Secret Shelf');
    });

    it('is open to IPOS_BASIC (inventory.view)', async () => {
      const res = await call(listCategories, { as: DEMO.cashier });
      expect(res.statusCode).toBe(200);
      expect((res.json() as CategoryTree).items.length).toBeGreaterThan(0);
    });

    it('answers 401 without a token and 400 naming a bad includeArchived', async () => {
      expect((await call(listCategories, { as: null })).statusCode).toBe(401);
      const res = await call(listCategories, { query: { includeArchived: 'yes' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.json().errors)).toContain('includeArchived');
    });

    it('answers 404 for another tenant’s store', async () => {
      await expectCrossTenantNotFound(server, {
        endpoint: listCategories,
        as: { email: DEMO.manager },
        storeId: other.storeId,
        mustNotReveal: ['Other Secret Shelf'],
      });
    });
  });

  describe('POST /api/v1/categories', () => {
    it('creates a top-level category last, and a sub-category last under its parent, audited', async () => {
      const created = await create({ name: '  Stationery  ' });
      expect(created).toMatchObject({ name: 'Stationery', parentId: null, isArchived: false, version: 1 });
      const { items } = await tree();
      expect(items.at(-1)!.id).toBe(created.id);

      const drinks = await top('Drinks');
      const child = await create({ name: 'Energy Drinks', parentId: drinks.id });
      expect(child.parentId).toBe(drinks.id);
      expect((await top('Drinks')).children.at(-1)!.id).toBe(child.id);

      const audit = await server.deps.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'category'), eq(auditEvents.entityId, child.id)));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'category.created', businessId: demo.businessId });
    });

    it('answers 400 naming the field for a bad name or an extra field', async () => {
      for (const body of [{ name: '' }, { name: 'x'.repeat(81) }, {}]) {
        const res = await call(createCategory, { body });
        expect(res.statusCode).toBe(400);
        expect(fieldsOf(res)).toContain('name');
      }
      const res = await call(createCategory, { body: { name: 'Ok', colour: 'red' } });
      expect(res.statusCode).toBe(400);
    });

    it('answers 400 naming parentId for an unknown, archived or foreign parent', async () => {
      const archived = await create({ name: 'Old Stock' });
      expect(
        (await call(archiveCategory, { params: { categoryId: archived.id }, body: { version: 1 } })).statusCode,
      ).toBe(200);
      for (const parentId of ['018f0000-0000-7000-8000-000000000000', archived.id, otherCategory.id]) {
        const res = await call(createCategory, { body: { name: 'Child', parentId } });
        expect(res.statusCode, parentId).toBe(400);
        expect(fieldsOf(res)).toEqual(['parentId']);
        expect(res.body).not.toContain('Other Secret Shelf');
      }
    });

    it('answers 409 CATEGORY_TOO_DEEP for a child of a child', async () => {
      const water = (await top('Drinks')).children.find((c) => c.name === 'Water')!;
      const res = await call(createCategory, { body: { name: 'Sparkling', parentId: water.id } });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CATEGORY_TOO_DEEP');
    });

    it('answers 409 CATEGORY_NAME_TAKEN naming name for a sibling with the same name in any case', async () => {
      const res = await call(createCategory, { body: { name: 'gROCERIES' } });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CATEGORY_NAME_TAKEN');
      expect(fieldsOf(res)).toEqual(['name']);
      // The same name under another parent is fine.
      const groceries = await top('Groceries');
      await create({ name: 'Water', parentId: groceries.id });
    });

    it('answers 401 without a token and 403 for IPOS_BASIC', async () => {
      expect((await call(createCategory, { as: null, body: { name: 'Nope' } })).statusCode).toBe(401);
      const res = await call(createCategory, { as: DEMO.cashier, body: { name: 'Nope' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    });

    it('answers 404 for another tenant’s store', async () => {
      await expectCrossTenantNotFound(server, {
        endpoint: createCategory,
        body: { name: 'Sneaky' },
        as: { email: DEMO.manager },
        storeId: other.storeId,
      });
    });
  });

  describe('PATCH /api/v1/categories/:categoryId', () => {
    it('renames with the current version, bumps it and audits the change', async () => {
      const cat = await create({ name: 'Snacks' });
      const res = await call(renameCategory, {
        params: { categoryId: cat.id },
        body: { name: 'Snacks & Sweets', version: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: cat.id, name: 'Snacks & Sweets', version: 2 });
      const audit = await server.deps.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, cat.id), eq(auditEvents.action, 'category.renamed')));
      expect(audit[0]).toMatchObject({ before: { name: 'Snacks' }, after: { name: 'Snacks & Sweets' } });
    });

    it('answers 409 VERSION_CONFLICT for a stale version and CATEGORY_NAME_TAKEN for a sibling’s name', async () => {
      const cat = await create({ name: 'Pets' });
      const stale = await call(renameCategory, {
        params: { categoryId: cat.id },
        body: { name: 'Pet Care', version: 7 },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('VERSION_CONFLICT');
      const taken = await call(renameCategory, {
        params: { categoryId: cat.id },
        body: { name: 'bakery', version: 1 },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('CATEGORY_NAME_TAKEN');
      expect(fieldsOf(taken)).toEqual(['name']);
    });

    it('answers 400 naming the field, 401, 403 for IPOS_BASIC', async () => {
      const bakery = await top('Bakery');
      const bad = await call(renameCategory, { params: { categoryId: bakery.id }, body: { name: '', version: 1 } });
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad)).toContain('name');
      const noVersion = await call(renameCategory, { params: { categoryId: bakery.id }, body: { name: 'Bread' } });
      expect(fieldsOf(noVersion)).toContain('version');
      const badId = await call(renameCategory, { params: { categoryId: 'nope' }, body: { name: 'Bread', version: 1 } });
      expect(badId.statusCode).toBe(400);
      const body = { name: 'Bread', version: bakery.version };
      expect((await call(renameCategory, { as: null, params: { categoryId: bakery.id }, body })).statusCode).toBe(401);
      expect(
        (await call(renameCategory, { as: DEMO.cashier, params: { categoryId: bakery.id }, body })).statusCode,
      ).toBe(403);
    });

    it('answers 404 for another tenant’s category', async () => {
      await expectCrossTenantNotFound(server, {
        endpoint: renameCategory,
        params: { categoryId: otherCategory.id },
        body: { name: 'Mine now', version: 1 },
        as: { email: DEMO.manager },
        storeId: demo.lekkiId,
        mustNotReveal: ['Other Secret Shelf'],
      });
    });
  });

  describe('POST /api/v1/categories/reorder', () => {
    it('sets the positions of exactly the siblings under a parent, audited', async () => {
      const drinks = await top('Drinks');
      const ids = drinks.children.map((c) => c.id);
      const reversed = [...ids].reverse();
      const res = await call(reorderCategories, { body: { parentId: drinks.id, orderedIds: reversed } });
      expect(res.statusCode, res.body).toBe(200);
      const after = (res.json() as CategoryTree).items.find((c) => c.id === drinks.id)!;
      expect(after.children.map((c) => c.id)).toEqual(reversed);
      expect((await top('Drinks')).children.map((c) => c.id)).toEqual(reversed);
      const audit = await server.deps.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'category.reordered'), eq(auditEvents.entityId, drinks.id)));
      expect(audit[0]).toMatchObject({ before: { orderedIds: ids }, after: { orderedIds: reversed } });
    });

    it('reorders the top level', async () => {
      const ids = (await tree()).items.map((c) => c.id);
      const moved = [ids[1]!, ids[0]!, ...ids.slice(2)];
      const res = await call(reorderCategories, { body: { parentId: null, orderedIds: moved } });
      expect(res.statusCode, res.body).toBe(200);
      expect((await tree()).items.map((c) => c.id)).toEqual(moved);
    });

    it('answers 409 CATEGORY_ORDER_STALE unless the list is exactly the current siblings', async () => {
      const groceries = await top('Groceries');
      const ids = groceries.children.map((c) => c.id);
      const drinksChild = (await top('Drinks')).children[0]!.id;
      for (const orderedIds of [ids.slice(1), [...ids, drinksChild], [...ids, ids[0]!], [...ids.slice(1), ids[1]!]]) {
        const res = await call(reorderCategories, { body: { parentId: groceries.id, orderedIds } });
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('CATEGORY_ORDER_STALE');
      }
    });

    it('answers 400 naming the field, 401, 403 for IPOS_BASIC', async () => {
      const bad = await call(reorderCategories, { body: { parentId: null, orderedIds: ['x'] } });
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad).some((f) => f.startsWith('orderedIds'))).toBe(true);
      const missing = await call(reorderCategories, { body: { orderedIds: [] } });
      expect(fieldsOf(missing)).toContain('parentId');
      const body = { parentId: null, orderedIds: [] };
      expect((await call(reorderCategories, { as: null, body })).statusCode).toBe(401);
      expect((await call(reorderCategories, { as: DEMO.cashier, body })).statusCode).toBe(403);
    });

    it('answers 404 for another tenant’s parent', async () => {
      await expectCrossTenantNotFound(server, {
        endpoint: reorderCategories,
        body: { parentId: otherCategory.id, orderedIds: [] },
        as: { email: DEMO.manager },
        storeId: demo.lekkiId,
      });
    });
  });

  describe('archive and unarchive', () => {
    it('archives a parent and its children in one go, hides them unless includeArchived, and audits it', async () => {
      const parent = await create({ name: 'Garden' });
      const a = await create({ name: 'Seeds', parentId: parent.id });
      const b = await create({ name: 'Tools', parentId: parent.id });
      const res = await call(archiveCategory, { params: { categoryId: parent.id }, body: { version: 1 } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ isArchived: true, version: 2 });
      expect((await tree()).items.some((c) => c.id === parent.id)).toBe(false);
      const withArchived = (await tree({ includeArchived: 'true' })).items.find((c) => c.id === parent.id)!;
      expect(withArchived.children.map((c) => [c.id, c.isArchived])).toEqual([
        [a.id, true],
        [b.id, true],
      ]);
      const audit = await server.deps.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'category.archived'), eq(auditEvents.entityId, parent.id)));
      expect(audit[0]!.after).toMatchObject({ isArchived: true, archivedChildIds: [a.id, b.id] });

      // A child cannot come back before its parent; the parent can, then the child.
      const blocked = await call(unarchiveCategory, { params: { categoryId: a.id }, body: { version: 2 } });
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().code).toBe('CATEGORY_PARENT_ARCHIVED');
      const back = await call(unarchiveCategory, { params: { categoryId: parent.id }, body: { version: 2 } });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({ isArchived: false, version: 3 });
      expect((await tree()).items.at(-1)!.id).toBe(parent.id);
      const child = await call(unarchiveCategory, { params: { categoryId: a.id }, body: { version: 2 } });
      expect(child.statusCode).toBe(200);
      expect((await tree()).items.find((c) => c.id === parent.id)!.children.map((c) => c.id)).toEqual([a.id]);
    });

    it('leaves an archived child out of the siblings a reorder must name', async () => {
      const parent = await create({ name: 'Outdoor' });
      const a = await create({ name: 'Tents', parentId: parent.id });
      const b = await create({ name: 'Lamps', parentId: parent.id });
      await call(archiveCategory, { params: { categoryId: a.id }, body: { version: 1 } });
      const res = await call(reorderCategories, { body: { parentId: parent.id, orderedIds: [b.id] } });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('answers 409 VERSION_CONFLICT for a stale version, 400, 401, 403 for IPOS_BASIC', async () => {
      const cat = await create({ name: 'Seasonal' });
      const stale = await call(archiveCategory, { params: { categoryId: cat.id }, body: { version: 5 } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('VERSION_CONFLICT');
      const bad = await call(archiveCategory, { params: { categoryId: cat.id }, body: {} });
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad)).toContain('version');
      for (const endpoint of [archiveCategory, unarchiveCategory]) {
        const opts = { params: { categoryId: cat.id }, body: { version: 1 } };
        expect((await call(endpoint, { ...opts, as: null })).statusCode).toBe(401);
        expect((await call(endpoint, { ...opts, as: DEMO.cashier })).statusCode).toBe(403);
      }
    });

    it('answers 404 for another tenant’s category', async () => {
      for (const endpoint of [archiveCategory, unarchiveCategory]) {
        await expectCrossTenantNotFound(server, {
          endpoint,
          params: { categoryId: otherCategory.id },
          body: { version: 1 },
          as: { email: DEMO.manager },
          storeId: demo.lekkiId,
          mustNotReveal: ['Other Secret Shelf'],
        });
      }
    });
  });
});
