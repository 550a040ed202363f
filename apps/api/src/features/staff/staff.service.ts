import type { StoreAccess } from '../../auth/access.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError, notFound } from '../../http/app-error.js';
import { recordAudit } from '../../audit/audit.js';
import { getAccountForUpdate, updateAccount } from '../accounts/accounts.repository.js';
import { isBusinessOwner, isStoreMember } from './staff.repository.js';

/** A manager clears a staff member's PIN and lock; the person creates a new PIN at next sign-in. */
export async function resetStaffPin(deps: AppDeps, actor: Actor, store: StoreAccess, accountId: string) {
  await deps.database.db.transaction(async (tx) => {
    // Only people of the manager's own store: anyone else answers as if they did not exist.
    if (!(await isStoreMember(tx, store.businessId, store.storeId, accountId))) throw notFound('The staff member');
    // The PIN lock guards an unattended session: clearing your own through this door would let whoever
    // sits at a locked till lift it with the session's token alone. Your own PIN takes your password.
    if (accountId === actor.accountId) {
      throw new AppError('FORBIDDEN', 'Reset your own PIN with your password instead');
    }
    // The owner answers to no manager of theirs; the owner resets their PIN with their password.
    if (await isBusinessOwner(tx, store.businessId, accountId)) {
      throw new AppError('FORBIDDEN', "Only the owner may reset the owner's PIN");
    }
    const account = await getAccountForUpdate(tx, accountId);
    if (!account) throw notFound('The staff member');
    await updateAccount(tx, accountId, { pinHash: null, pinFailedAttempts: 0, pinLockedAt: null });
    await recordAudit(tx, actor, {
      businessId: store.businessId,
      storeId: store.storeId,
      action: 'staff.pin_reset',
      entity: 'account',
      entityId: accountId,
      // The PIN's state, never the PIN. (Keys avoid "pin": the audit filter blanks any key containing it.)
      before: {
        isSet: account.pinHash !== null,
        isLocked: account.pinLockedAt !== null,
        failedAttempts: account.pinFailedAttempts,
      },
      after: { isSet: false, isLocked: false, failedAttempts: 0 },
    });
  });
}
