import type {
  AdminUser,
  createStaffMemberBodySchema,
  listAdminUsersQuerySchema,
  StaffInvitation,
  StaffOptions,
} from '@ipos/contracts';
import type { z } from 'zod';
import { listStoreAccess, type StoreAccess } from '../../auth/access.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { listOwnedBusinesses } from '../../tenancy/accounts.js';
import { listStaffRows, membershipsOf, roleNamesOf, type StaffMembershipRow } from './staff.repository.js';
import { getStaffOptions } from './staff.service.js';
import { inviteStaffMemberIn } from './invitations.service.js';

/**
 * Admin mode's users (decision 0019): the people of every business an owner owns,
 * and inviting someone into one of them through the staff feature's own service, with the owner
 * acting as the administrator they are in each of its stores.
 */

/** Everyone across the owner's businesses, one row per person and business, by name. */
export async function listAdminUsers(
  db: Executor,
  ownerAccountId: string,
  query: z.output<typeof listAdminUsersQuerySchema>,
) {
  const owned = (await listOwnedBusinesses(db, ownerAccountId)).map((b) => b.id);
  // A business filter outside the owner's businesses finds no one, as if it did not exist.
  const businessIds = query.businessId ? owned.filter((id) => id === query.businessId) : owned;
  const search = query.search?.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const digits = query.search?.replace(/\D/g, '');
  const [{ rows, total }, roleNames] = await Promise.all([
    listStaffRows(db, {
      businessIds,
      pattern: search ? `%${search}%` : undefined,
      digits: digits && digits.length >= 3 ? `%${digits}%` : undefined,
      storeId: query.storeId,
      roleName: query.role,
      status: query.status,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    roleNamesOf(db, owned),
  ]);
  const held = new Map<string, StaffMembershipRow[]>();
  for (const businessId of new Set(rows.map((r) => r.businessId))) {
    const people = rows.filter((r) => r.businessId === businessId).map((r) => r.accountId);
    held.set(businessId, await membershipsOf(db, businessId, people));
  }
  const items: AdminUser[] = rows.map((row) => {
    const inBusiness = (held.get(row.businessId) ?? []).filter((m) => m.accountId === row.accountId);
    const first = inBusiness[0];
    return {
      accountId: row.accountId,
      name: row.name,
      email: row.email,
      phone: row.phone,
      businessId: row.businessId,
      businessName: row.businessName,
      role: first
        ? { id: first.roleId, name: first.roleName, isSystem: first.roleIsSystem }
        : { id: '00000000-0000-0000-0000-000000000000', name: '—', isSystem: false },
      stores: inBusiness.map((m) => ({ id: m.storeId, name: m.storeName, alias: m.storeAlias })),
      status: row.deactivatedAt ? 'inactive' : row.mustChangePassword ? 'invited' : 'active',
      isOwner: row.isOwner,
    };
  });
  return { items, total, page: query.page, pageSize: query.pageSize, roleNames };
}

/** The owner as IPOS_ADMIN in a store of the business (the first of `storeIds` there, or any). */
async function ownerScope(db: Executor, ownerAccountId: string, businessId: string, storeIds?: string[]) {
  const access = (await listStoreAccess(db, ownerAccountId)).filter(
    (a): a is StoreAccess => a.businessId === businessId && a.viaOwnership,
  );
  if (access.length === 0) throw notFound('The business');
  if (!storeIds) return access[0]!;
  const chosen = storeIds.map((id) => access.find((a) => a.storeId === id)).find(Boolean);
  if (!chosen || storeIds.some((id) => !access.some((a) => a.storeId === id)))
    throw new AppError('VALIDATION_FAILED', 'A store was not found', {
      errors: [{ field: 'storeIds', message: 'Not a store of the business' }],
    });
  return chosen;
}

/** GET /admin/businesses/:businessId/staff-options: the business's roles and stores (an owner may give all). */
export async function getAdminStaffOptions(
  db: Executor,
  actor: Actor,
  ownerAccountId: string,
  businessId: string,
): Promise<StaffOptions> {
  return getStaffOptions(db, actor, await ownerScope(db, ownerAccountId, businessId));
}

/** POST /admin/businesses/:businessId/users: the staff feature's invitation, as the business's owner. */
export async function inviteAdminUserIn(
  deps: AppDeps,
  tx: Tx,
  actor: Actor,
  businessId: string,
  body: z.output<typeof createStaffMemberBodySchema>,
): Promise<StaffInvitation> {
  const scope = await ownerScope(tx, actor.accountId!, businessId, body.storeIds);
  return inviteStaffMemberIn(deps, tx, actor, scope, body);
}
