import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { businessLogos, businesses } from '../../db/schema.js';

export type BusinessProfileRow = Pick<
  typeof businesses.$inferSelect,
  | 'id'
  | 'name'
  | 'country'
  | 'currency'
  | 'taxId'
  | 'phone'
  | 'email'
  | 'address'
  | 'receiptHeader'
  | 'receiptFooter'
  | 'logoVersion'
  | 'version'
> & { currencyLocked: boolean };

/** The business with whether any sale was made (the currency's lock); `forUpdate` locks its row. */
export async function findBusinessProfile(
  db: Executor,
  businessId: string,
  { forUpdate = false } = {},
): Promise<BusinessProfileRow | undefined> {
  const query = db
    .select({
      id: businesses.id,
      name: businesses.name,
      country: businesses.country,
      currency: businesses.currency,
      taxId: businesses.taxId,
      phone: businesses.phone,
      email: businesses.email,
      address: businesses.address,
      receiptHeader: businesses.receiptHeader,
      receiptFooter: businesses.receiptFooter,
      logoVersion: businesses.logoVersion,
      version: businesses.version,
      currencyLocked: sql<boolean>`exists (select 1 from sales s where s.business_id = ${businessId})`,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  const [row] = forUpdate ? await query.for('update', { of: businesses }) : await query;
  return row;
}

export async function updateBusinessRow(
  db: Executor,
  businessId: string,
  changes: Partial<typeof businesses.$inferInsert>,
  { bumpVersion = true } = {},
) {
  await db
    .update(businesses)
    .set({ ...changes, ...(bumpVersion ? { version: sql`${businesses.version} + 1` } : {}), updatedAt: sql`now()` })
    .where(eq(businesses.id, businessId));
}

export async function upsertBusinessLogo(
  db: Executor,
  row: { businessId: string; contentType: string; bytes: Buffer },
) {
  await db
    .insert(businessLogos)
    .values({ ...row, byteSize: row.bytes.length })
    .onConflictDoUpdate({
      target: businessLogos.businessId,
      set: { contentType: row.contentType, bytes: row.bytes, byteSize: row.bytes.length, updatedAt: sql`now()` },
    });
}

export async function deleteBusinessLogoRow(db: Executor, businessId: string): Promise<boolean> {
  const deleted = await db
    .delete(businessLogos)
    .where(and(eq(businessLogos.businessId, businessId)))
    .returning({ id: businessLogos.businessId });
  return deleted.length > 0;
}
