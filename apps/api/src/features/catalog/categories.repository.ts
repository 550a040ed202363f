import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { categories } from '../../db/schema.js';

export type CategoryRow = {
  id: string;
  parentId: string | null;
  name: string;
  position: number;
  isArchived: boolean;
  version: number;
};

const columns = {
  id: categories.id,
  parentId: categories.parentId,
  name: categories.name,
  position: categories.position,
  isArchived: categories.isArchived,
  version: categories.version,
};

const siblingsOf = (businessId: string, parentId: string | null) =>
  and(
    eq(categories.businessId, businessId),
    parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId),
  );

/** Every category of a business (optionally without the archived ones), parents before children, in order. */
export async function listCategoryRows(
  db: Executor,
  businessId: string,
  options: { includeArchived: boolean },
): Promise<CategoryRow[]> {
  return db
    .select(columns)
    .from(categories)
    .where(
      and(
        eq(categories.businessId, businessId),
        options.includeArchived ? undefined : eq(categories.isArchived, false),
      ),
    )
    .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
}

/** One category of this business, locked for the rest of the transaction; another business's id finds nothing. */
export async function findCategoryForUpdate(
  db: Executor,
  businessId: string,
  id: string,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(categories)
    .where(and(eq(categories.businessId, businessId), eq(categories.id, id)))
    .for('update');
  return row;
}

/** The siblings under one parent (null: the top level), locked, in order. */
export async function listSiblingsForUpdate(
  db: Executor,
  businessId: string,
  parentId: string | null,
): Promise<CategoryRow[]> {
  return db
    .select(columns)
    .from(categories)
    .where(siblingsOf(businessId, parentId))
    .orderBy(asc(categories.position), asc(categories.name), asc(categories.id))
    .for('update');
}

/** Whether a sibling (archived or not) already has this name, ignoring case; `exceptId` skips the category itself. */
export async function siblingNameTaken(
  db: Executor,
  businessId: string,
  parentId: string | null,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(siblingsOf(businessId, parentId), sql`lower(${categories.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
}

export async function nextPosition(db: Executor, businessId: string, parentId: string | null): Promise<number> {
  const [row] = await db
    .select({ last: max(categories.position) })
    .from(categories)
    .where(siblingsOf(businessId, parentId));
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export async function insertCategory(
  db: Executor,
  row: { businessId: string; id: string; parentId: string | null; name: string; position: number },
): Promise<CategoryRow> {
  const [inserted] = await db.insert(categories).values(row).returning(columns);
  return inserted!;
}

/** Applies changes and bumps the version. */
export async function updateCategory(
  db: Executor,
  businessId: string,
  id: string,
  changes: Partial<Pick<CategoryRow, 'name' | 'position' | 'isArchived'>>,
): Promise<CategoryRow> {
  const [row] = await db
    .update(categories)
    .set({ ...changes, updatedAt: sql`now()`, version: sql`${categories.version} + 1` })
    .where(and(eq(categories.businessId, businessId), eq(categories.id, id)))
    .returning(columns);
  return row!;
}

/** Archives every non-archived child of a parent; returns the children it archived. */
export async function archiveChildren(db: Executor, businessId: string, parentId: string): Promise<CategoryRow[]> {
  return db
    .update(categories)
    .set({ isArchived: true, updatedAt: sql`now()`, version: sql`${categories.version} + 1` })
    .where(and(siblingsOf(businessId, parentId), eq(categories.isArchived, false)))
    .returning(columns);
}
