import type { z } from 'zod';
import { registerBodySchema, SIGN_UP_LINK_TTL_HOURS, type RegisterBody } from '@ipos/contracts';
import { uniqueViolation, type Tx } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../../audit/audit.js';
import { newId } from '../../lib/ids.js';
import { hashSecret, randomToken, sha256 } from '../../lib/secrets.js';
import { enforceRateLimit, hitRateLimit } from '../../lib/rate-limit.js';
import { findAccountByEmail, updateAccount, type AccountRow } from '../../tenancy/accounts.js';
import { createAccount } from '../accounts/accounts.service.js';
import { aliasFromName, createBusiness } from '../businesses/businesses.service.js';
import {
  expireResetTokensOf,
  expireSignUpRequestsOf,
  findUsableResetToken,
  findUsableSignUpRequestForUpdate,
  insertResetToken,
  insertSignUpRequest,
  markResetTokenUsed,
  markSignUpRequestUsed,
} from './onboarding.repository.js';

export const RESET_LINK_TTL_MS = 30 * 60 * 1000;
const SIGN_UP_LINK_TTL_MS = SIGN_UP_LINK_TTL_HOURS * 60 * 60 * 1000;
const SIGN_UP_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 };
/** Sign-up mails one address at most this often, whoever asks. */
const SIGN_UP_EMAIL_LIMIT = { limit: 5, windowMs: 60 * 60 * 1000 };
/** Finishing a sign-up, per client address (a wrong token costs an indexed read; still, no guessing in bulk). */
const VERIFY_LIMIT = { limit: 20, windowMs: 15 * 60 * 1000 };
const FORGOT_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 };
const RESET_LIMIT = { limit: 20, windowMs: 15 * 60 * 1000 };

type NewOwner = Omit<RegisterBody, 'password'> & { passwordHash: string };

/**
 * The owner account, the business, its first store (with the IPOS_ADMIN membership) and their audit
 * rows, in the caller's transaction. Two sign-ups finishing with one email at once: the unique index
 * on the account's email decides (the caller turns the violation into EMAIL_TAKEN).
 */
async function createOwnerAndBusiness(deps: AppDeps, tx: Tx, actor: Actor, owner: NewOwner) {
  const accountId = await createAccount(deps, tx, {
    email: owner.email,
    name: owner.ownerName,
    phone: owner.phone,
    passwordHash: owner.passwordHash,
  });
  const self = { ...actor, accountId };
  await recordAudit(tx, self, {
    businessId: null,
    action: 'account.registered',
    entity: 'account',
    entityId: accountId,
    after: { email: owner.email, name: owner.ownerName },
  });
  const { businessId, storeIds } = await createBusiness(tx, self, {
    ownerAccountId: accountId,
    name: owner.businessName,
    country: owner.country,
    currency: owner.currency,
    stores: [{ name: 'Main store', alias: aliasFromName(owner.businessName) }],
  });
  return { accountId, businessId, storeId: storeIds[0]! };
}

/** The sign-up form as kept in `sign_up_requests.details` until the address is proved. */
const signUpDetailsSchema = registerBodySchema.omit({ email: true, password: true });

/** A subject line is one line, whatever the business name holds. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function signUpLinkMail(deps: AppDeps, body: RegisterBody, token: string) {
  const link = `${deps.config.publicUrl}/onboarding/verify-email?token=${encodeURIComponent(token)}`;
  return {
    to: body.email,
    subject: `Finish creating your iPos account for ${oneLine(body.businessName)}`,
    text: `Hello ${body.ownerName},\n\nTo finish creating your iPos account for ${body.businessName}, open this link within ${SIGN_UP_LINK_TTL_HOURS} hours:\n\n${link}\n\nIt works once. If you did not sign up for iPos, ignore this message: nothing is created without the link.\n\niPos`,
  };
}

function alreadyRegisteredMail(deps: AppDeps, account: AccountRow) {
  const base = deps.config.publicUrl;
  return {
    to: account.email,
    subject: 'You already have an iPos account',
    text: `Hello ${account.name},\n\nSomeone (maybe you) tried to sign up for iPos with this address. You already have an iPos account, so nothing was created.\n\nSign in at ${base}/\nor, if you forgot your password, reset it at ${base}/onboarding/forgot-password\n\nIf it was not you, ignore this message: your account is unchanged.\n\niPos`,
  };
}

/**
 * Sign-up (decision 0022): answers 202 with no body whatever the address, so sign-up cannot tell
 * which emails have accounts. An address without one gets a single-use link that finishes the sign-up
 * (`verifyEmail`); the form waits in `sign_up_requests` with the password already hashed and only the
 * token's SHA-256. An address with an account gets a note saying so, and nothing is stored. Both paths
 * hash the password, write in one transaction and deliver after the answer, so they take the same time.
 */
export async function register(deps: AppDeps, actor: Actor, body: RegisterBody) {
  const db = deps.database.db;
  const now = deps.now();
  await enforceRateLimit(db, `sign-up:ip:${actor.ip}`, SIGN_UP_LIMIT, now);
  // Past the limit for one address the answer stays the same and nothing is mailed: sign-up cannot be
  // used to flood someone's mailbox from many client addresses.
  const withinEmail = await hitRateLimit(db, `sign-up:email:${body.email}`, SIGN_UP_EMAIL_LIMIT, now);
  const passwordHash = await hashSecret(body.password);
  if (!withinEmail) return;
  const account = await findAccountByEmail(db, body.email);
  const token = randomToken();
  await db.transaction(async (tx) => {
    await expireSignUpRequestsOf(tx, body.email, now);
    if (account) {
      await deps.mailer.enqueue(tx, alreadyRegisteredMail(deps, account));
      await recordAudit(tx, actor, {
        businessId: null,
        action: 'account.sign_up_attempted',
        entity: 'account',
        entityId: account.id,
      });
      return;
    }
    const id = newId();
    await insertSignUpRequest(tx, {
      id,
      email: body.email,
      tokenHash: sha256(token),
      passwordHash,
      details: {
        ownerName: body.ownerName,
        phone: body.phone,
        businessName: body.businessName,
        country: body.country,
        currency: body.currency,
      } satisfies z.input<typeof signUpDetailsSchema>,
      expiresAt: new Date(now.getTime() + SIGN_UP_LINK_TTL_MS),
    });
    await deps.mailer.enqueue(tx, signUpLinkMail(deps, body, token));
    await recordAudit(tx, actor, {
      businessId: null,
      action: 'account.sign_up_requested',
      entity: 'sign_up_request',
      entityId: id,
      after: { email: body.email, businessName: body.businessName },
    });
  });
  // As forgotPassword: delivery after the answer, so a slow SMTP server shows in neither path's timing.
  void deps.mailer.flush(db).catch(() => undefined);
}

const signUpLinkInvalid = () =>
  new AppError('SIGN_UP_LINK_INVALID', 'This sign-up link has expired or was already used; sign up again');

const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 'An account with this email already exists; sign in or reset the password', {
    errors: [{ field: 'email', message: 'Already registered' }],
  });

/**
 * Finishes a sign-up with the mailed token: spends it once under a row lock, then makes the account,
 * the business and its first store from the stored form. A made-up, expired or used token is one
 * answer (410) and costs one indexed read. An account made with the address meanwhile is a 409: the
 * person has proved the address, so telling them is no leak.
 */
export async function verifyEmail(deps: AppDeps, actor: Actor, token: string) {
  const db = deps.database.db;
  const now = deps.now();
  await enforceRateLimit(db, `verify-email:ip:${actor.ip}`, VERIFY_LIMIT, now);
  try {
    return await db.transaction(async (tx) => {
      const request = await findUsableSignUpRequestForUpdate(tx, sha256(token), now);
      if (!request) throw signUpLinkInvalid();
      if (await findAccountByEmail(tx, request.email)) throw emailTaken();
      await markSignUpRequestUsed(tx, request.id, now);
      const details = signUpDetailsSchema.parse(request.details);
      const ids = await createOwnerAndBusiness(deps, tx, actor, {
        ...details,
        email: request.email,
        passwordHash: request.passwordHash,
      });
      return { ...ids, email: request.email, businessName: details.businessName };
    });
  } catch (error) {
    if (uniqueViolation(error)) throw emailTaken();
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
