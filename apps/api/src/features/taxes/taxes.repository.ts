import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { products, taxRates } from '../../db/schema.js';

const columns = {
  id: taxRates.id,
  name: taxRates.name,
  rateBasisPoints: taxRates.rateBasisPoints,
  isInclusive: taxRates.isInclusive,
  isDefault: taxRates.isDefault,
  isActive: taxRates.isActive,
  version: taxRates.version,
};

export type TaxRateRow = {
  id: string;
  name: string;
  rateBasisPoints: number;
  isInclusive: boolean;
  isDefault: boolean;
  isActive: boolean;
  version: number;
};

export type TaxRateChanges = Partial<
  Pick<TaxRateRow, 'name' | 'rateBasisPoints' | 'isInclusive' | 'isDefault' | 'isActive'>
>;

const scope = (businessId: string, includeInactive: boolean) =>
  includeInactive
    ? eq(taxRates.businessId, businessId)
    : and(eq(taxRates.businessId, businessId), eq(taxRates.isActive, true));

export async function countTaxRates(db: Executor, businessId: string, includeInactive: boolean): Promise<number> {
  const [row] = await db.select({ n: count() }).from(taxRates).where(scope(businessId, includeInactive));
  return Number(row?.n ?? 0);
}

/** One page of a business's rates: the default first, then active ones, then by name. */
export async function listTaxRates(
  db: Executor,
  businessId: string,
  options: { includeInactive: boolean; limit: number; offset: number },
): Promise<TaxRateRow[]> {
  return db
    .select(columns)
    .from(taxRates)
    .where(scope(businessId, options.includeInactive))
    .orderBy(desc(taxRates.isDefault), desc(taxRates.isActive), asc(sql`lower(${taxRates.name})`), asc(taxRates.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** A rate of this business, locked for the rest of the transaction; another tenant's id finds nothing. */
export async function lockTaxRate(tx: Executor, businessId: string, id: string): Promise<TaxRateRow | undefined> {
  const [row] = await tx
    .select(columns)
    .from(taxRates)
    .where(and(eq(taxRates.businessId, businessId), eq(taxRates.id, id)))
    .for('update');
  return row;
}

/** A rate of this business with the same name, ignoring case (the unique index is on lower(name)). */
export async function findTaxRateIdByName(
  db: Executor,
  businessId: string,
  name: string,
  exceptId?: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(
      and(
        eq(taxRates.businessId, businessId),
        eq(sql`lower(${taxRates.name})`, name.toLowerCase()),
        exceptId ? ne(taxRates.id, exceptId) : undefined,
      ),
    );
  return row?.id;
}

/** The current default rate of the business, locked (so two "make default" calls queue up). */
export async function lockDefaultTaxRate(tx: Executor, businessId: string): Promise<TaxRateRow | undefined> {
  const [row] = await tx
    .select(columns)
    .from(taxRates)
    .where(and(eq(taxRates.businessId, businessId), eq(taxRates.isDefault, true)))
    .for('update');
  return row;
}

export async function insertTaxRate(tx: Executor, row: typeof taxRates.$inferInsert): Promise<TaxRateRow> {
  const [inserted] = await tx.insert(taxRates).values(row).returning(columns);
  return inserted!;
}

/** Applies changes and bumps the version; the caller holds the row lock and has checked the version. */
export async function updateTaxRate(
  tx: Executor,
  businessId: string,
  id: string,
  changes: TaxRateChanges,
): Promise<TaxRateRow> {
  const [row] = await tx
    .update(taxRates)
    .set({ ...changes, version: sql`${taxRates.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(taxRates.businessId, businessId), eq(taxRates.id, id)))
    .returning(columns);
  return row!;
}

/**
 * Whether anything refers to this rate, which freezes its rate and inclusiveness (and forbids deleting
 * it, which no endpoint does anyway): any product of the business, archived or not. Sale and invoice
 * lines join this EXISTS when they arrive.
 */
export async function isTaxRateUsed(db: Executor, businessId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.businessId, businessId), eq(products.taxRateId, id)))
    .limit(1);
  return row !== undefined;
}
