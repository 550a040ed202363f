import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { businesses, memberships } from '../../db/schema.js';

export async function isStoreMember(db: Executor, businessId: string, storeId: string, accountId: string) {
  const [row] = await db
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(
      and(
        eq(memberships.businessId, businessId),
        eq(memberships.storeId, storeId),
        eq(memberships.accountId, accountId),
      ),
    );
  return Boolean(row);
}

export async function isBusinessOwner(db: Executor, businessId: string, accountId: string) {
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.ownerAccountId, accountId)));
  return Boolean(row);
}
