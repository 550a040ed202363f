import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accountIdentities, accounts, businesses, memberships, roles, staffMembers, stores } from '../db/schema.js';

export type AccountRow = typeof accounts.$inferSelect;

export async function findAccountById(db: Executor, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

export async function findAccountByEmail(db: Executor, email: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(sql`lower(${accounts.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

/** Row-locked read, for credential changes that count failures. */
export async function getAccountForUpdate(db: Executor, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).for('update');
  return row;
}

/**
 * Notes the account's first use after a sign-in. Not an edit of the account: its version stays, so
 * an open profile form does not turn stale.
 */
export async function markFirstSignIn(db: Executor, id: string, at: Date) {
  await db
    .update(accounts)
    .set({ firstSignedInAt: at })
    .where(and(eq(accounts.id, id), isNull(accounts.firstSignedInAt)));
}

export async function insertAccount(db: Executor, row: typeof accounts.$inferInsert) {
  await db.insert(accounts).values(row);
}

export async function updateAccount(
  db: Executor,
  id: string,
  changes: Partial<Omit<typeof accounts.$inferInsert, 'id'>>,
) {
  await db
    .update(accounts)
    .set({ ...changes, updatedAt: new Date(), version: sql`${accounts.version} + 1` })
    .where(eq(accounts.id, id));
}

/** The account an issuer's subject signs in as, in one statement (every request runs it). */
export async function findAccountByIdentity(
  db: Executor,
  issuer: string,
  subject: string,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select({ account: accounts })
    .from(accountIdentities)
    .innerJoin(accounts, eq(accounts.id, accountIdentities.accountId))
    .where(and(eq(accountIdentities.issuer, issuer), eq(accountIdentities.subject, subject)));
  return row?.account;
}

export async function linkIdentity(db: Executor, issuer: string, subject: string, accountId: string) {
  await db.insert(accountIdentities).values({ issuer, subject, accountId }).onConflictDoNothing();
}

export interface StoreRoleRow {
  businessId: string;
  businessName: string;
  currency: string;
  storeId: string;
  storeName: string;
  storeAlias: string;
  storeTimeZone: string;
  roleName: string;
  roleIsSystem: boolean;
  rolePermissions: string[];
}

/** The account's explicit store memberships with their roles. */
export async function listMembershipRows(db: Executor, accountId: string): Promise<StoreRoleRow[]> {
  return (
    db
      .select({
        businessId: memberships.businessId,
        businessName: businesses.name,
        currency: businesses.currency,
        storeId: stores.id,
        storeName: stores.name,
        storeAlias: stores.alias,
        storeTimeZone: stores.timeZone,
        roleName: roles.name,
        roleIsSystem: roles.isSystem,
        rolePermissions: roles.permissions,
      })
      .from(memberships)
      .innerJoin(stores, and(eq(stores.businessId, memberships.businessId), eq(stores.id, memberships.storeId)))
      .innerJoin(businesses, eq(businesses.id, memberships.businessId))
      .innerJoin(roles, and(eq(roles.businessId, memberships.businessId), eq(roles.id, memberships.roleId)))
      // A deactivated person keeps their memberships, but they open nothing.
      .innerJoin(
        staffMembers,
        and(eq(staffMembers.businessId, memberships.businessId), eq(staffMembers.accountId, memberships.accountId)),
      )
      .where(and(eq(memberships.accountId, accountId), isNull(staffMembers.deactivatedAt)))
      .orderBy(businesses.name, stores.name)
  );
}

/**
 * The account's role in one store, in one statement: as the owner of its business (which wins), or by
 * an active membership (a deactivated person's memberships open nothing). Undefined when neither.
 */
export async function findStoreRoleRow(
  db: Executor,
  accountId: string,
  storeId: string,
): Promise<(StoreRoleRow & { owned: boolean }) | undefined> {
  const [row] = await db
    .select({
      businessId: stores.businessId,
      businessName: businesses.name,
      currency: businesses.currency,
      storeId: stores.id,
      storeName: stores.name,
      storeAlias: stores.alias,
      storeTimeZone: stores.timeZone,
      owned: sql<boolean>`${businesses.ownerAccountId} = ${accountId}`.mapWith(Boolean),
      memberRoleName: roles.name,
      memberRoleIsSystem: roles.isSystem,
      memberRolePermissions: roles.permissions,
    })
    .from(stores)
    .innerJoin(businesses, eq(businesses.id, stores.businessId))
    .leftJoin(
      memberships,
      and(
        eq(memberships.businessId, stores.businessId),
        eq(memberships.storeId, stores.id),
        eq(memberships.accountId, accountId),
      ),
    )
    .leftJoin(
      staffMembers,
      and(
        eq(staffMembers.businessId, memberships.businessId),
        eq(staffMembers.accountId, memberships.accountId),
        isNull(staffMembers.deactivatedAt),
      ),
    )
    .leftJoin(roles, and(eq(roles.businessId, memberships.businessId), eq(roles.id, memberships.roleId)))
    .where(
      and(
        eq(stores.id, storeId),
        sql`(${businesses.ownerAccountId} = ${accountId} or (${staffMembers.accountId} is not null and ${roles.id} is not null))`,
      ),
    );
  if (!row) return undefined;
  const { memberRoleName, memberRoleIsSystem, memberRolePermissions, ...store } = row;
  // Not the owner: then the where clause found an active membership with its role.
  return row.owned
    ? { ...store, roleName: 'IPOS_ADMIN', roleIsSystem: true, rolePermissions: [] }
    : {
        ...store,
        roleName: memberRoleName!,
        roleIsSystem: memberRoleIsSystem!,
        rolePermissions: memberRolePermissions!,
      };
}

/** The business whose staff deactivated this account, when it holds a membership of the store there. */
export async function findDeactivatedMembership(db: Executor, accountId: string, storeId: string) {
  const [row] = await db
    .select({ businessName: businesses.name })
    .from(memberships)
    .innerJoin(
      staffMembers,
      and(eq(staffMembers.businessId, memberships.businessId), eq(staffMembers.accountId, memberships.accountId)),
    )
    .innerJoin(businesses, eq(businesses.id, memberships.businessId))
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(memberships.storeId, storeId),
        isNotNull(staffMembers.deactivatedAt),
      ),
    );
  return row;
}

export async function listOwnedBusinesses(db: Executor, accountId: string) {
  return db
    .select({ id: businesses.id, name: businesses.name, currency: businesses.currency })
    .from(businesses)
    .where(eq(businesses.ownerAccountId, accountId))
    .orderBy(businesses.name);
}
