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

type StoreRole = StoreRoleRow & { owned: boolean };

/**
 * The account's role in one store, in one statement: as the owner of its business (which wins), or by
 * an active membership (a deactivated person's memberships open nothing). Undefined when neither.
 */
export async function findStoreRoleRow(
  db: Executor,
  accountId: string,
  storeId: string,
): Promise<StoreRole | undefined> {
  return (await accountWithStoreRole(db, { accountId }, storeId))?.role;
}

/**
 * The account of a token's identity and its role in the store the request names, in one statement:
 * every store request begins with it. Undefined when no account has the identity.
 */
export async function findAccountWithStoreRole(
  db: Executor,
  identity: { issuer: string; subject: string },
  storeId: string,
): Promise<{ account: AccountRow; role: StoreRole | undefined } | undefined> {
  return accountWithStoreRole(db, identity, storeId);
}

async function accountWithStoreRole(
  db: Executor,
  who: { accountId: string } | { issuer: string; subject: string },
  storeId: string,
) {
  const query = db
    .select({
      account: accounts,
      businessId: stores.businessId,
      businessName: businesses.name,
      currency: businesses.currency,
      storeId: stores.id,
      storeName: stores.name,
      storeAlias: stores.alias,
      storeTimeZone: stores.timeZone,
      owned: sql<boolean>`coalesce(${businesses.ownerAccountId} = ${accounts.id}, false)`.mapWith(Boolean),
      activeStaff: sql<boolean>`${staffMembers.accountId} is not null`.mapWith(Boolean),
      memberRoleName: roles.name,
      memberRoleIsSystem: roles.isSystem,
      memberRolePermissions: roles.permissions,
    })
    .from(accounts)
    .leftJoin(stores, eq(stores.id, storeId))
    .leftJoin(businesses, eq(businesses.id, stores.businessId))
    .leftJoin(
      memberships,
      and(
        eq(memberships.businessId, stores.businessId),
        eq(memberships.storeId, stores.id),
        eq(memberships.accountId, accounts.id),
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
    .$dynamic();
  const [row] = await ('accountId' in who
    ? query.where(eq(accounts.id, who.accountId))
    : query.innerJoin(
        accountIdentities,
        and(
          eq(accountIdentities.accountId, accounts.id),
          eq(accountIdentities.issuer, who.issuer),
          eq(accountIdentities.subject, who.subject),
        ),
      ));
  if (!row) return undefined;
  const { account, owned, activeStaff, memberRoleName, memberRoleIsSystem, memberRolePermissions, ...place } = row;
  // No such store; or not the owner and no active membership with a role: no access.
  if (place.storeId === null || (!owned && !(activeStaff && memberRoleName !== null)))
    return { account, role: undefined };
  const store = place as Omit<StoreRoleRow, 'roleName' | 'roleIsSystem' | 'rolePermissions'>;
  const role: StoreRole = owned
    ? { ...store, owned, roleName: 'IPOS_ADMIN', roleIsSystem: true, rolePermissions: [] }
    : {
        ...store,
        owned,
        roleName: memberRoleName!,
        roleIsSystem: memberRoleIsSystem!,
        rolePermissions: memberRolePermissions!,
      };
  return { account, role };
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
