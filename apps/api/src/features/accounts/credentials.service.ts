import { PIN_MAX_ATTEMPTS } from '@ipos/contracts';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError } from '../../http/app-error.js';
import type { Tx } from '../../db/client.js';
import { recordAudit } from '../../audit/audit.js';
import { hashSecret, verifySecret } from '../../lib/secrets.js';
import { enforceRateLimit } from '../../lib/rate-limit.js';
import { findAccountById, getAccountForUpdate, updateAccount, type AccountRow } from '../../tenancy/accounts.js';

/**
 * An account's credentials (contracts `accounts/credentials`): changing its password, replacing a
 * default password, and creating, verifying, changing and resetting its PIN.
 */

const accountAudit = (accountId: string, action: string) => ({
  businessId: null,
  action,
  entity: 'account',
  entityId: accountId,
});

/** Runs a credential change on the row-locked account, so concurrent tries count one by one. */
async function withLockedAccount<T>(
  deps: AppDeps,
  accountId: string,
  work: (tx: Tx, account: AccountRow) => Promise<T>,
) {
  return deps.database.db.transaction(async (tx) => {
    const account = await getAccountForUpdate(tx, accountId);
    if (!account) throw new AppError('UNAUTHENTICATED', 'This account no longer exists');
    return work(tx, account);
  });
}

/**
 * Checking a password here is a sign-in by another door: a stolen session must not be able to guess
 * the password behind it without limit. Counted per account in the database, like every limit.
 */
const PASSWORD_CHECK_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 };
const limitPasswordChecks = (deps: AppDeps, accountId: string) =>
  enforceRateLimit(deps.database.db, `password-check:account:${accountId}`, PASSWORD_CHECK_LIMIT, deps.now());

export async function changePassword(
  deps: AppDeps,
  actor: Actor,
  accountId: string,
  currentPassword: string,
  newPassword: string,
) {
  await limitPasswordChecks(deps, accountId);
  const account = await findAccountById(deps.database.db, accountId);
  if (!account || !(await verifySecret(currentPassword, account.passwordHash))) {
    throw new AppError('INVALID_CREDENTIALS', 'The current password is not right', {
      errors: [{ field: 'currentPassword', message: 'Not your current password' }],
    });
  }
  const passwordHash = await hashSecret(newPassword);
  await withLockedAccount(deps, accountId, async (tx) => {
    await updateAccount(tx, accountId, { passwordHash, mustChangePassword: false });
    await recordAudit(tx, actor, accountAudit(accountId, 'account.password_changed'));
  });
}

export async function replaceDefaultPassword(deps: AppDeps, actor: Actor, account: AccountRow, newPassword: string) {
  if (!account.mustChangePassword)
    throw new AppError('NO_DEFAULT_PASSWORD', 'Your password is already your own; change it from your profile');
  if (await verifySecret(newPassword, account.passwordHash)) {
    throw new AppError('VALIDATION_FAILED', 'Choose a password different from the one you were given', {
      errors: [{ field: 'newPassword', message: 'Must differ from the default password' }],
    });
  }
  const passwordHash = await hashSecret(newPassword);
  await withLockedAccount(deps, account.id, async (tx, locked) => {
    if (!locked.mustChangePassword) throw new AppError('NO_DEFAULT_PASSWORD', 'Your password was already replaced');
    await updateAccount(tx, account.id, { passwordHash, mustChangePassword: false });
    await recordAudit(tx, actor, accountAudit(account.id, 'account.default_password_replaced'));
  });
}

export async function createPin(deps: AppDeps, actor: Actor, accountId: string, pin: string) {
  const pinHash = await hashSecret(pin);
  await withLockedAccount(deps, accountId, async (tx, account) => {
    if (account.pinHash) throw new AppError('PIN_ALREADY_SET', 'You already have a PIN; change or reset it instead');
    await updateAccount(tx, accountId, { pinHash, pinFailedAttempts: 0, pinLockedAt: null });
    await recordAudit(tx, actor, accountAudit(accountId, 'account.pin_created'));
  });
}

/**
 * Checks a PIN. Each wrong try is counted in the database under a row lock; the fifth locks the PIN
 * until a full sign-in or a manager's reset. A locked PIN is refused without being compared.
 */
export async function verifyPin(deps: AppDeps, actor: Actor, accountId: string, pin: string) {
  return withLockedAccount(deps, accountId, async (tx, account) => {
    if (!account.pinHash) throw new AppError('PIN_NOT_SET', 'You have no PIN yet; create one first');
    if (account.pinLockedAt)
      throw new AppError(
        'PIN_LOCKED',
        'Your PIN is locked after too many wrong tries; sign in again with your password',
      );
    if (await verifySecret(pin, account.pinHash)) {
      if (account.pinFailedAttempts > 0) {
        await updateAccount(tx, accountId, { pinFailedAttempts: 0 });
        await recordAudit(tx, actor, {
          ...accountAudit(accountId, 'account.pin_verified'),
          before: { failedAttempts: account.pinFailedAttempts },
          after: { failedAttempts: 0 },
        });
      }
      return { verified: true as const };
    }
    const attempts = account.pinFailedAttempts + 1;
    const locked = attempts >= PIN_MAX_ATTEMPTS;
    await updateAccount(tx, accountId, { pinFailedAttempts: attempts, pinLockedAt: locked ? deps.now() : null });
    // Every wrong try is a change (the counter) and a security event: both kinds leave an audit row.
    await recordAudit(tx, actor, {
      ...accountAudit(accountId, locked ? 'account.pin_locked' : 'account.pin_failed'),
      before: { failedAttempts: account.pinFailedAttempts },
      after: { failedAttempts: attempts },
    });
    if (locked) return 'locked' as const;
    return { attemptsLeft: PIN_MAX_ATTEMPTS - attempts };
  }).then((result) => {
    // The failure is committed before the error is thrown, so the count survives.
    if (result === 'locked')
      throw new AppError('PIN_LOCKED', 'Too many wrong PINs: your PIN is locked; sign in again with your password');
    if ('attemptsLeft' in result) {
      throw new AppError(
        'INVALID_PIN',
        `That PIN is not right; ${result.attemptsLeft} ${result.attemptsLeft === 1 ? 'try' : 'tries'} left`,
        {
          attemptsLeft: result.attemptsLeft,
          errors: [{ field: 'pin', message: 'Wrong PIN' }],
        },
      );
    }
    return result;
  });
}

export async function changePin(deps: AppDeps, actor: Actor, accountId: string, currentPin: string, newPin: string) {
  // A wrong current PIN counts towards the lock like any other try; the field in error is currentPin.
  await verifyPin(deps, actor, accountId, currentPin).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'INVALID_PIN') {
      throw new AppError(error.code, error.message, {
        ...error.extra,
        errors: [{ field: 'currentPin', message: 'Wrong PIN' }],
      });
    }
    throw error;
  });
  const pinHash = await hashSecret(newPin);
  await withLockedAccount(deps, accountId, async (tx) => {
    await updateAccount(tx, accountId, { pinHash, pinFailedAttempts: 0, pinLockedAt: null });
    await recordAudit(tx, actor, accountAudit(accountId, 'account.pin_changed'));
  });
}

/** Forgotten or locked PIN: the password proves who it is, and the new PIN replaces the old one. */
export async function resetPin(deps: AppDeps, actor: Actor, accountId: string, password: string, newPin: string) {
  await limitPasswordChecks(deps, accountId);
  const account = await findAccountById(deps.database.db, accountId);
  if (!account || !(await verifySecret(password, account.passwordHash))) {
    throw new AppError('INVALID_CREDENTIALS', 'The password is not right', {
      errors: [{ field: 'password', message: 'Not your password' }],
    });
  }
  const pinHash = await hashSecret(newPin);
  await withLockedAccount(deps, accountId, async (tx) => {
    await updateAccount(tx, accountId, { pinHash, pinFailedAttempts: 0, pinLockedAt: null });
    await recordAudit(tx, actor, accountAudit(accountId, 'account.pin_reset'));
  });
}

/** A full sign-in (password at the identity provider) clears a PIN lock. */
export async function clearPinLockAfterSignIn(deps: AppDeps, accountId: string) {
  await deps.database.db.transaction(async (tx) => {
    const account = await getAccountForUpdate(tx, accountId);
    if (!account || (account.pinFailedAttempts === 0 && !account.pinLockedAt)) return;
    await updateAccount(tx, accountId, { pinFailedAttempts: 0, pinLockedAt: null });
    await recordAudit(
      tx,
      { accountId, requestId: 'sign-in', ip: '' },
      accountAudit(accountId, 'account.pin_unlocked_by_sign_in'),
    );
  });
}
