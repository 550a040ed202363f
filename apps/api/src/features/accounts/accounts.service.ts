import type { Me } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import type { Tx } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import { listStoreAccess } from '../../auth/access.js';
import { insertAccount, linkIdentity, listOwnedBusinesses, type AccountRow } from '../../tenancy/accounts.js';

/** Creates an account for the embedded provider and links (issuer, account id) as its identity. */
export async function createAccount(
  deps: AppDeps,
  tx: Tx,
  input: {
    email: string;
    name: string;
    phone?: string | null;
    /** Null for an account that signs in only through an external issuer. */
    passwordHash: string | null;
    mustChangePassword?: boolean;
    pinHash?: string | null;
  },
) {
  const id = newId();
  await insertAccount(tx, {
    id,
    email: input.email.toLowerCase(),
    name: input.name,
    phone: input.phone ?? null,
    passwordHash: input.passwordHash,
    mustChangePassword: input.mustChangePassword ?? false,
    pinHash: input.pinHash ?? null,
  });
  if (!deps.config.oidc.externalIssuer) await linkIdentity(tx, deps.config.oidc.issuer, id, id);
  return id;
}

export async function getMe(deps: AppDeps, account: AccountRow): Promise<Me> {
  const db = deps.database.db;
  const [owned, access] = await Promise.all([listOwnedBusinesses(db, account.id), listStoreAccess(db, account.id)]);
  return {
    account: { id: account.id, email: account.email, name: account.name },
    isOwner: owned.length > 0,
    businesses: owned.map((b) => ({ id: b.id, name: b.name })),
    mustChangePassword: account.mustChangePassword,
    hasPin: account.pinHash !== null,
    isPinLocked: account.pinLockedAt !== null,
    memberships: access.map((s) => ({
      storeId: s.storeId,
      storeName: s.storeName,
      storeAlias: s.storeAlias,
      businessId: s.businessId,
      businessName: s.businessName,
      currency: s.currency,
      roleName: s.roleName,
      permissions: s.permissions,
    })),
  };
}
