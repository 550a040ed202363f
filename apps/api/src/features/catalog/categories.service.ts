import type { Category, CategoryTree, CreateCategoryBody, ReorderCategoriesBody } from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import { uniqueViolation, type Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError, notFound } from '../../http/app-error.js';
import { recordAudit } from '../../audit/audit.js';
import { newId } from '../../lib/ids.js';
import {
  archiveChildren,
  findCategoryForUpdate,
  insertCategory,
  listCategoryRows,
  listSiblingsForUpdate,
  nextPosition,
  siblingNameTaken,
  updateCategory,
  type CategoryRow,
} from './categories.repository.js';

type Scope = Pick<StoreAccess, 'businessId' | 'storeId'>;

const WHAT = 'The category';

const nameTaken = (name: string) =>
  new AppError('CATEGORY_NAME_TAKEN', `A category named "${name}" already exists at this level`, {
    errors: [{ field: 'name', message: 'A category at this level already has this name' }],
  });

/** A duplicate that slipped past the check (two requests at once) is the same 409, not a 500. */
async function guardNameRace<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

function checkVersion(row: CategoryRow, version: number) {
  if (row.version !== version)
    throw new AppError('VERSION_CONFLICT', 'Someone changed this category since you loaded it; reload and try again', {
      currentVersion: row.version,
    });
}

/** Rows (already in position order) as the tree: top-level categories, each with its children. */
export function toTree(rows: CategoryRow[]): CategoryTree {
  const children = new Map<string, Category[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  return {
    items: rows.filter((r) => r.parentId === null).map((r) => ({ ...r, children: children.get(r.id) ?? [] })),
  };
}

export async function listCategories(deps: AppDeps, scope: Scope, includeArchived: boolean): Promise<CategoryTree> {
  return toTree(await listCategoryRows(deps.database.db, scope.businessId, { includeArchived }));
}

/** Creates one category inside the caller's transaction (also used by the demo seed). */
export async function createCategoryIn(
  tx: Executor,
  actor: Actor,
  scope: { businessId: string; storeId?: string | null },
  body: CreateCategoryBody,
): Promise<CategoryRow> {
  const parentId = body.parentId ?? null;
  const name = body.name.trim();
  if (parentId !== null) {
    const parent = await findCategoryForUpdate(tx, scope.businessId, parentId);
    // An unknown parent (or another business's) is a bad field of this request, not a missing resource.
    if (!parent || parent.isArchived)
      throw new AppError('VALIDATION_FAILED', 'The parent category was not found', {
        errors: [{ field: 'parentId', message: 'Choose an existing, non-archived top-level category' }],
      });
    if (parent.parentId !== null)
      throw new AppError('CATEGORY_TOO_DEEP', 'Categories nest one level only: a sub-category cannot have children', {
        errors: [{ field: 'parentId', message: 'Choose a top-level category' }],
      });
  }
  if (await siblingNameTaken(tx, scope.businessId, parentId, name)) throw nameTaken(name);
  const row = await insertCategory(tx, {
    businessId: scope.businessId,
    id: newId(),
    parentId,
    name,
    position: await nextPosition(tx, scope.businessId, parentId),
  });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId ?? null,
    action: 'category.created',
    entity: 'category',
    entityId: row.id,
    after: { name: row.name, parentId: row.parentId, position: row.position },
  });
  return row;
}

export async function createCategory(deps: AppDeps, actor: Actor, scope: Scope, body: CreateCategoryBody) {
  return guardNameRace(body.name.trim(), () =>
    deps.database.db.transaction((tx) => createCategoryIn(tx, actor, scope, body)),
  );
}

export async function renameCategory(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  id: string,
  body: { name: string; version: number },
) {
  const name = body.name.trim();
  return guardNameRace(name, () =>
    deps.database.db.transaction(async (tx) => {
      const row = await findCategoryForUpdate(tx, scope.businessId, id);
      if (!row) throw notFound(WHAT);
      checkVersion(row, body.version);
      if (row.name === name) return row;
      if (await siblingNameTaken(tx, scope.businessId, row.parentId, name, row.id)) throw nameTaken(name);
      const updated = await updateCategory(tx, scope.businessId, id, { name });
      await recordAudit(tx, actor, {
        businessId: scope.businessId,
        storeId: scope.storeId,
        action: 'category.renamed',
        entity: 'category',
        entityId: id,
        before: { name: row.name },
        after: { name },
      });
      return updated;
    }),
  );
}

export async function reorderCategories(deps: AppDeps, actor: Actor, scope: Scope, body: ReorderCategoriesBody) {
  await deps.database.db.transaction(async (tx) => {
    if (body.parentId !== null) {
      const parent = await findCategoryForUpdate(tx, scope.businessId, body.parentId);
      if (!parent) throw notFound('The parent category');
    }
    const siblings = (await listSiblingsForUpdate(tx, scope.businessId, body.parentId)).filter((s) => !s.isArchived);
    const current = new Set(siblings.map((s) => s.id));
    const given = new Set(body.orderedIds);
    const exact =
      given.size === body.orderedIds.length &&
      given.size === current.size &&
      body.orderedIds.every((id) => current.has(id));
    if (!exact)
      throw new AppError(
        'CATEGORY_ORDER_STALE',
        'The list does not match the current categories at this level; reload and try again',
        { errors: [{ field: 'orderedIds', message: 'Send exactly the current non-archived siblings' }] },
      );
    const before = siblings.map((s) => s.id);
    if (before.every((id, i) => id === body.orderedIds[i]) && siblings.every((s, i) => s.position === i)) return;
    const byId = new Map(siblings.map((s) => [s.id, s]));
    for (const [position, id] of body.orderedIds.entries()) {
      if (byId.get(id)!.position !== position) await updateCategory(tx, scope.businessId, id, { position });
    }
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: 'category.reordered',
      entity: 'category',
      entityId: body.parentId ?? 'top-level',
      before: { orderedIds: before },
      after: { orderedIds: body.orderedIds },
    });
  });
  return listCategories(deps, scope, false);
}

export async function archiveCategory(deps: AppDeps, actor: Actor, scope: Scope, id: string, version: number) {
  return deps.database.db.transaction(async (tx) => {
    const row = await findCategoryForUpdate(tx, scope.businessId, id);
    if (!row) throw notFound(WHAT);
    checkVersion(row, version);
    if (row.isArchived) return row;
    const updated = await updateCategory(tx, scope.businessId, id, { isArchived: true });
    const children = row.parentId === null ? await archiveChildren(tx, scope.businessId, id) : [];
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: 'category.archived',
      entity: 'category',
      entityId: id,
      before: { isArchived: false },
      after: { isArchived: true, archivedChildIds: children.map((c) => c.id) },
    });
    return updated;
  });
}

export async function unarchiveCategory(deps: AppDeps, actor: Actor, scope: Scope, id: string, version: number) {
  return deps.database.db.transaction(async (tx) => {
    const row = await findCategoryForUpdate(tx, scope.businessId, id);
    if (!row) throw notFound(WHAT);
    checkVersion(row, version);
    if (!row.isArchived) return row;
    if (row.parentId !== null) {
      const parent = await findCategoryForUpdate(tx, scope.businessId, row.parentId);
      if (parent?.isArchived) throw new AppError('CATEGORY_PARENT_ARCHIVED', 'Restore the parent category first');
    }
    // Back at the end of its level, so the order of the categories in use is left as it is.
    const position = await nextPosition(tx, scope.businessId, row.parentId);
    const updated = await updateCategory(tx, scope.businessId, id, { isArchived: false, position });
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: 'category.unarchived',
      entity: 'category',
      entityId: id,
      before: { isArchived: true, position: row.position },
      after: { isArchived: false, position },
    });
    return updated;
  });
}

/** Demo Mart's categories: top-level ones in order, each with its sub-categories in order. */
export const demoCategories: readonly (readonly [string, readonly string[]])[] = [
  ['Groceries', ['Rice & Grains', 'Flour & Baking', 'Canned Food', 'Spices & Seasoning']],
  ['Drinks', ['Soft Drinks', 'Water', 'Juice', 'Beer & Wine']],
  ['Toiletries', []],
  ['Household', []],
  ['Baby', []],
  ['Frozen', []],
  ['Bakery', []],
];

/** Seeds the demo categories inside the seed's transaction, each audited like any other create. */
export async function seedDemoCategories(tx: Executor, actor: Actor, businessId: string) {
  for (const [name, children] of demoCategories) {
    const parent = await createCategoryIn(tx, actor, { businessId }, { name });
    for (const child of children)
      await createCategoryIn(tx, actor, { businessId }, { name: child, parentId: parent.id });
  }
}
