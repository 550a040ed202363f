import type { Account, FindAccount } from 'oidc-provider';
import type { Executor } from '../db/client.js';
import { findAccountById, listMembershipRows, listOwnedBusinesses } from '../tenancy/accounts.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The role claim a business owner carries besides the roles of their store memberships. */
export const OWNER_ROLE = 'OWNER';

/** The distinct role names of the account's memberships, plus OWNER when it owns a business. */
export async function rolesOf(db: Executor, accountId: string): Promise<string[]> {
  const [memberships, owned] = await Promise.all([
    listMembershipRows(db, accountId),
    listOwnedBusinesses(db, accountId),
  ]);
  const roles = new Set(memberships.map((m) => m.roleName));
  if (owned.length > 0) roles.add(OWNER_ROLE);
  return [...roles].sort();
}

/**
 * The provider's view of an account: sub is the account id. A disabled or deleted account is "not
 * found", which ends its sessions and makes its refresh tokens fail.
 */
export function createFindAccount(db: Executor): FindAccount {
  return async (_ctx, sub): Promise<Account | undefined> => {
    if (!UUID.test(sub)) return undefined;
    const account = await findAccountById(db, sub);
    if (!account || account.isDisabled) return undefined;
    return {
      accountId: account.id,
      async claims() {
        return {
          sub: account.id,
          email: account.email,
          // Sign-up does not prove ownership of the address; say so rather than claim it.
          email_verified: false,
          name: account.name,
          roles: await rolesOf(db, account.id),
        };
      },
    };
  };
}
