import type { StoreAccess } from '../../auth/access.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { notFound } from '../../http/app-error.js';
import { recordAudit } from '../../audit/audit.js';
import { getAccountForUpdate, updateAccount } from '../accounts/accounts.repository.js';
import { isStoreMember } from './staff.repository.js';

/** A manager clears a staff member's PIN and lock; the person creates a new PIN at next sign-in. */
export async function resetStaffPin(deps: AppDeps, actor: Actor, store: StoreAccess, accountId: string) {
  await deps.database.db.transaction(async (tx) => {
    // Only people of the manager's own store: anyone else answers as if they did not exist.
    if (!(await isStoreMember(tx, store.businessId, store.storeId, accountId))) throw notFound('The staff member');
    const account = await getAccountForUpdate(tx, accountId);
    if (!account) throw notFound('The staff member');
    await updateAccount(tx, accountId, { pinHash: null, pinFailedAttempts: 0, pinLockedAt: null });
    await recordAudit(tx, actor, {
      businessId: store.businessId,
      storeId: store.storeId,
      action: 'staff.pin_reset',
      entity: 'account',
      entityId: accountId,
      before: { hasPin: account.pinHash !== null, isPinLocked: account.pinLockedAt !== null },
      after: { hasPin: false, isPinLocked: false },
    });
  });
}
