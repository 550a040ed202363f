import {
  CONFIRM_EMAIL_QUERY,
  EMAIL_CHANGE_LINK_TTL_HOURS,
  type Profile,
  type StartEmailChangeBody,
  type updateProfileBodySchema,
} from '@ipos/contracts';
import type { z } from 'zod';
import { diff, recordAudit } from '../../audit/audit.js';
import { uniqueViolation, type Executor } from '../../db/client.js';
import { AppError, checkVersion } from '../../http/app-error.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { newId } from '../../lib/ids.js';
import { enforceRateLimit } from '../../lib/rate-limit.js';
import { randomToken, sha256, verifySecret } from '../../lib/secrets.js';
import {
  findAccountByEmail,
  findAccountById,
  getAccountForUpdate,
  updateAccount,
  type AccountRow,
} from '../../tenancy/accounts.js';
import {
  cancelOpenEmailChanges,
  deleteProviderSessionsOf,
  findEmailChangeTokenForUpdate,
  findPendingEmailChange,
  insertEmailChangeToken,
  markEmailChangeUsed,
} from './profile.repository.js';

/**
 * My profile (decision 0016): the account's own name and phone at the version read,
 * its email changed only through a link mailed to the new address, and "sign out of every device".
 * Everything acts on the caller's account alone and is audited (business null: it is the person's,
 * not a business's).
 */

const EMAIL_CHANGE_TTL_MS = EMAIL_CHANGE_LINK_TTL_HOURS * 60 * 60 * 1000;
/** Starting a change checks the password: counted with the other password checks of the account. */
const PASSWORD_CHECK_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 };
/** Confirmation tries per account (a wrong token costs an indexed read; still, no guessing in bulk). */
const CONFIRM_LIMIT = { limit: 20, windowMs: 15 * 60 * 1000 };

type UpdateBody = z.output<typeof updateProfileBodySchema>;

const audit = (accountId: string, action: string, values: { before?: object; after?: object } = {}) => ({
  businessId: null,
  action,
  entity: 'account',
  entityId: accountId,
  before: (values.before as Record<string, unknown> | undefined) ?? null,
  after: (values.after as Record<string, unknown> | undefined) ?? null,
});

async function toProfile(db: Executor, account: AccountRow, now: Date): Promise<Profile> {
  const pending = await findPendingEmailChange(db, account.id, now);
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    phone: account.phone,
    pendingEmail: pending ? { email: pending.newEmail, expiresAt: pending.expiresAt.toISOString() } : null,
    hasPassword: account.passwordHash !== null,
    hasPin: account.pinHash !== null,
    sessionsRevokedAt: account.sessionsRevokedAt?.toISOString() ?? null,
    version: account.version,
  };
}

async function lockAccount(db: Executor, accountId: string) {
  const account = await getAccountForUpdate(db, accountId);
  if (!account) throw new AppError('UNAUTHENTICATED', 'This account no longer exists');
  return account;
}

export async function getProfile(deps: AppDeps, account: AccountRow) {
  return toProfile(deps.database.db, account, deps.now());
}

export async function updateProfile(deps: AppDeps, actor: Actor, accountId: string, body: UpdateBody) {
  return deps.database.db.transaction(async (tx) => {
    const account = await lockAccount(tx, accountId);
    checkVersion('your profile', account.version, body.version);
    const { before, after } = diff(
      { name: account.name, phone: account.phone },
      { name: body.name, phone: body.phone },
    );
    if (Object.keys(after).length === 0) return toProfile(tx, account, deps.now());
    await updateAccount(tx, accountId, after);
    await recordAudit(tx, actor, audit(accountId, 'account.profile_updated', { before, after }));
    return toProfile(tx, (await getAccountForUpdate(tx, accountId))!, deps.now());
  });
}

const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 'Another account already uses this email', {
    errors: [{ field: 'newEmail', message: 'Already used by another account' }],
  });

/**
 * Starts a change: the password proves the person, the new address gets a single-use link (only its
 * SHA-256 is stored) and the current address is told, so a stolen session cannot move the account
 * quietly. A newer change cancels the older ones.
 */
export async function startEmailChange(deps: AppDeps, actor: Actor, accountId: string, body: StartEmailChangeBody) {
  const db = deps.database.db;
  const now = deps.now();
  const newEmail = body.newEmail.trim().toLowerCase();
  await enforceRateLimit(db, `password-check:account:${accountId}`, PASSWORD_CHECK_LIMIT, now);
  const account = await findAccountById(db, accountId);
  if (!account) throw new AppError('UNAUTHENTICATED', 'This account no longer exists');
  if (!account.passwordHash)
    throw new AppError('FORBIDDEN', 'Your email comes from the service you sign in with; change it there');
  if (!(await verifySecret(body.currentPassword, account.passwordHash)))
    throw new AppError('INVALID_CREDENTIALS', 'The password is not right', {
      errors: [{ field: 'currentPassword', message: 'Not your password' }],
    });
  if (newEmail === account.email.toLowerCase())
    throw new AppError('VALIDATION_FAILED', 'This is already your email', {
      errors: [{ field: 'newEmail', message: 'This is already your email' }],
    });
  const other = await findAccountByEmail(db, newEmail);
  if (other && other.id !== accountId) throw emailTaken();

  const token = randomToken();
  const profile = await db.transaction(async (tx) => {
    const locked = await lockAccount(tx, accountId);
    await cancelOpenEmailChanges(tx, accountId, now);
    await insertEmailChangeToken(tx, {
      id: newId(),
      accountId,
      newEmail,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
    });
    const link = `${deps.config.publicUrl}/dashboard/profile?isAdmin=false&${CONFIRM_EMAIL_QUERY}=${encodeURIComponent(token)}`;
    await deps.mailer.enqueue(tx, {
      to: newEmail,
      subject: 'Confirm your new iPos email',
      text: `Hello ${locked.name},\n\nYou asked to use this address for your iPos account. To confirm it, open this link within ${EMAIL_CHANGE_LINK_TTL_HOURS} hours while signed in to iPos:\n\n${link}\n\nIt works once. Until then you keep signing in with ${locked.email}. If you did not ask for this, ignore this message.\n\niPos`,
    });
    await deps.mailer.enqueue(tx, {
      to: locked.email,
      subject: 'A change of your iPos email was asked',
      text: `Hello ${locked.name},\n\nSomeone signed in to your iPos account asked to change its email to ${newEmail}. Nothing changes until that address confirms it.\n\nIf it was not you, open your profile in iPos, cancel the change, change your password and sign out of every device.\n\niPos`,
    });
    await recordAudit(tx, actor, audit(accountId, 'account.email_change_requested', { after: { newEmail } }));
    return toProfile(tx, locked, now);
  });
  void deps.mailer.flush(db).catch(() => undefined);
  return profile;
}

export async function cancelEmailChange(deps: AppDeps, actor: Actor, accountId: string) {
  await deps.database.db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const pending = await findPendingEmailChange(tx, accountId, deps.now());
    const cancelled = await cancelOpenEmailChanges(tx, accountId, deps.now());
    // Nothing open: nothing changed, nothing to record (the answer is the same: nothing is pending).
    if (cancelled > 0)
      await recordAudit(
        tx,
        actor,
        audit(accountId, 'account.email_change_cancelled', pending ? { before: { newEmail: pending.newEmail } } : {}),
      );
  });
}

const changeInvalid = () =>
  new AppError(
    'EMAIL_CHANGE_INVALID',
    'This confirmation link has expired, was cancelled or was already used; start the change again',
  );

/**
 * Spends the token: the account's email (which the embedded identity provider reads for sign-in)
 * becomes the new address. A token of another account, unknown, expired, cancelled or used is one
 * answer (410), so a token says nothing about anyone else.
 */
export async function confirmEmailChange(deps: AppDeps, actor: Actor, accountId: string, token: string) {
  const db = deps.database.db;
  const now = deps.now();
  await enforceRateLimit(db, `email-confirm:account:${accountId}`, CONFIRM_LIMIT, now);
  try {
    const profile = await db.transaction(async (tx) => {
      const account = await lockAccount(tx, accountId);
      const row = await findEmailChangeTokenForUpdate(tx, sha256(token));
      if (!row || row.accountId !== accountId || row.usedAt || row.cancelledAt || row.expiresAt <= now)
        throw changeInvalid();
      const other = await findAccountByEmail(tx, row.newEmail);
      if (other && other.id !== accountId) throw emailTaken();
      await markEmailChangeUsed(tx, row.id, now);
      await updateAccount(tx, accountId, { email: row.newEmail });
      await deps.mailer.enqueue(tx, {
        to: account.email,
        subject: 'Your iPos email was changed',
        text: `Hello ${account.name},\n\nThe email of your iPos account is now ${row.newEmail}; sign in with it from now on.\n\nIf you did not make this change, contact your business's administrator or iPos support at once.\n\niPos`,
      });
      await recordAudit(
        tx,
        actor,
        audit(accountId, 'account.email_changed', { before: { email: account.email }, after: { email: row.newEmail } }),
      );
      return toProfile(tx, (await getAccountForUpdate(tx, accountId))!, now);
    });
    void deps.mailer.flush(db).catch(() => undefined);
    return profile;
  } catch (error) {
    // Another account took the address between the request and the confirmation: the index decides.
    if (uniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Sign out of every device: the embedded provider's sessions, grants and refresh tokens of the
 * account are deleted (no browser can renew), and `sessions_revoked_at` makes the API refuse every
 * access token issued before now — read with the account on every request, as a deactivation is.
 */
export async function signOutEverywhere(deps: AppDeps, actor: Actor, accountId: string) {
  await deps.database.db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const revokedAt = deps.now();
    await updateAccount(tx, accountId, { sessionsRevokedAt: revokedAt });
    const ended = await deleteProviderSessionsOf(tx, accountId);
    await recordAudit(
      tx,
      actor,
      audit(accountId, 'account.signed_out_everywhere', {
        after: { sessionsRevokedAt: revokedAt.toISOString(), providerRecordsEnded: ended },
      }),
    );
  });
}
