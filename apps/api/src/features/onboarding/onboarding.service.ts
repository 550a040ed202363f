import type { RegisterBody } from '@ipos/contracts';
import { uniqueViolation, type Tx } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../../audit/audit.js';
import { newId } from '../../lib/ids.js';
import { hashSecret, randomToken, sha256 } from '../../lib/secrets.js';
import { enforceRateLimit } from '../../lib/rate-limit.js';
import { findAccountByEmail, insertAccount, linkIdentity, updateAccount } from '../accounts/accounts.repository.js';
import { aliasFromName, createBusiness } from '../businesses/businesses.service.js';
import {
  expireResetTokensOf,
  findUsableResetToken,
  insertResetToken,
  markResetTokenUsed,
} from './onboarding.repository.js';

export const RESET_LINK_TTL_MS = 30 * 60 * 1000;
const SIGN_UP_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 };
const FORGOT_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 };
const RESET_LIMIT = { limit: 20, windowMs: 15 * 60 * 1000 };

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

export async function register(deps: AppDeps, actor: Actor, body: RegisterBody) {
  const db = deps.database.db;
  await enforceRateLimit(db, `sign-up:ip:${actor.ip}`, SIGN_UP_LIMIT, deps.now());
  if (await findAccountByEmail(db, body.email)) {
    throw new AppError('EMAIL_TAKEN', 'An account with this email already exists; sign in or reset the password', {
      errors: [{ field: 'email', message: 'Already registered' }],
    });
  }
  const passwordHash = await hashSecret(body.password);
  try {
    return await db.transaction(async (tx) => {
      const accountId = await createAccount(deps, tx, {
        email: body.email,
        name: body.ownerName,
        phone: body.phone,
        passwordHash,
      });
      const self = { ...actor, accountId };
      await recordAudit(tx, self, {
        businessId: null,
        action: 'account.registered',
        entity: 'account',
        entityId: accountId,
        after: { email: body.email, name: body.ownerName },
      });
      const { businessId, storeIds } = await createBusiness(tx, self, {
        ownerAccountId: accountId,
        name: body.businessName,
        country: body.country,
        currency: body.currency,
        stores: [{ name: 'Main store', alias: aliasFromName(body.businessName) }],
      });
      return { accountId, businessId, storeId: storeIds[0]! };
    });
  } catch (error) {
    // Two sign-ups with one email at once: the unique index decides, the loser gets the same answer.
    if (uniqueViolation(error)) {
      throw new AppError('EMAIL_TAKEN', 'An account with this email already exists; sign in or reset the password', {
        errors: [{ field: 'email', message: 'Already registered' }],
      });
    }
    throw error;
  }
}

/** Always answers the same, whether or not the email has an account, so addresses cannot be probed. */
export async function forgotPassword(deps: AppDeps, actor: Actor, email: string) {
  const db = deps.database.db;
  const now = deps.now();
  const withinIp = await enforceRateLimit(db, `forgot:ip:${actor.ip}`, FORGOT_LIMIT, now).then(
    () => true,
    () => false,
  );
  const withinEmail = await enforceRateLimit(db, `forgot:email:${email}`, FORGOT_LIMIT, now).then(
    () => true,
    () => false,
  );
  if (!withinIp || !withinEmail) return;
  const account = await findAccountByEmail(db, email);
  if (!account || account.isDisabled || !account.passwordHash) return;
  const token = randomToken();
  await db.transaction(async (tx) => {
    await expireResetTokensOf(tx, account.id, now);
    await insertResetToken(tx, {
      id: newId(),
      accountId: account.id,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
    });
    const link = `${deps.config.publicUrl}/onboarding/reset-password?token=${encodeURIComponent(token)}`;
    await deps.mailer.enqueue(tx, {
      to: account.email,
      subject: 'Reset your iPos password',
      text: `Hello ${account.name},\n\nSomeone asked to reset the password of your iPos account. If it was you, open this link within 30 minutes:\n\n${link}\n\nIt works once. If you did not ask, ignore this message: your password stays as it is.\n\niPos`,
    });
    await recordAudit(
      tx,
      { ...actor, accountId: account.id },
      {
        businessId: null,
        action: 'account.password_reset_requested',
        entity: 'account',
        entityId: account.id,
      },
    );
  });
  // Delivery happens after the answer: a slow or unreachable SMTP server must neither hold the request
  // (nodemailer waits up to minutes) nor make a known address answer measurably later than an unknown
  // one. The message is committed in the outbox, so a failed delivery stays queued for the next flush.
  void deps.mailer.flush(db).catch(() => undefined);
}

const resetTokenInvalid = () =>
  new AppError('RESET_TOKEN_INVALID', 'This reset link has expired or was already used; ask for a new one');

export async function resetPassword(deps: AppDeps, actor: Actor, token: string, newPassword: string) {
  const db = deps.database.db;
  const now = deps.now();
  await enforceRateLimit(db, `reset:ip:${actor.ip}`, RESET_LIMIT, now);
  const tokenHash = sha256(token);
  // Hash the new password (about 50 ms of CPU) only for a link that can still work, so made-up tokens
  // cost the server one indexed read each; the spend below re-checks the token under a row lock.
  if (!(await findUsableResetToken(db, tokenHash, now, { lock: false }))) throw resetTokenInvalid();
  const passwordHash = await hashSecret(newPassword);
  await db.transaction(async (tx) => {
    const row = await findUsableResetToken(tx, tokenHash, now);
    if (!row) throw resetTokenInvalid();
    await markResetTokenUsed(tx, row.id, now);
    // A new password also clears a default-password flag and any PIN lock: it is a full proof of identity.
    await updateAccount(tx, row.accountId, {
      passwordHash,
      mustChangePassword: false,
      pinFailedAttempts: 0,
      pinLockedAt: null,
    });
    await recordAudit(
      tx,
      { ...actor, accountId: row.accountId },
      {
        businessId: null,
        action: 'account.password_reset',
        entity: 'account',
        entityId: row.accountId,
      },
    );
  });
}
