import { count, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { businesses } from '../../db/schema.js';
import { listOwnedBusinesses } from '../../tenancy/accounts.js';

/** How many businesses of the installation someone other than the account owns . */
export async function countBusinessesOwnedByOthers(db: Executor, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(businesses).where(ne(businesses.ownerAccountId, accountId));
  return row?.n ?? 0;
}

/** The ids of the businesses the account owns (each one's audit trail records its backups). */
export async function ownedBusinessIds(db: Executor, accountId: string): Promise<string[]> {
  return (await listOwnedBusinesses(db, accountId)).map((b) => b.id);
}
