import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { emailChangeTokens, oidcPayloads } from '../../db/schema.js';

export type EmailChangeTokenRow = typeof emailChangeTokens.$inferSelect;

export async function insertEmailChangeToken(db: Executor, row: typeof emailChangeTokens.$inferInsert) {
  await db.insert(emailChangeTokens).values(row);
}

/** The account's change still waiting for its link (unused, not cancelled, unexpired), newest first. */
export async function findPendingEmailChange(
  db: Executor,
  accountId: string,
  now: Date,
): Promise<EmailChangeTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.accountId, accountId),
        isNull(emailChangeTokens.usedAt),
        isNull(emailChangeTokens.cancelledAt),
        gt(emailChangeTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(emailChangeTokens.createdAt))
    .limit(1);
  return row;
}

/** A token by its hash, whatever its state, under a row lock so it is spent once. */
export async function findEmailChangeTokenForUpdate(
  db: Executor,
  tokenHash: string,
): Promise<EmailChangeTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(emailChangeTokens)
    .where(eq(emailChangeTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markEmailChangeUsed(db: Executor, id: string, now: Date) {
  await db.update(emailChangeTokens).set({ usedAt: now }).where(eq(emailChangeTokens.id, id));
}

/** Cancels every open change of the account (a new change replaces them; the person cancels). */
export async function cancelOpenEmailChanges(db: Executor, accountId: string, now: Date): Promise<number> {
  const rows = await db
    .update(emailChangeTokens)
    .set({ cancelledAt: now })
    .where(
      and(
        eq(emailChangeTokens.accountId, accountId),
        isNull(emailChangeTokens.usedAt),
        isNull(emailChangeTokens.cancelledAt),
      ),
    )
    .returning({ id: emailChangeTokens.id });
  return rows.length;
}

/** The embedded provider's artefacts that keep a person signed in or let them renew. */
const SESSION_MODELS = ['Session', 'Grant', 'RefreshToken', 'AuthorizationCode', 'AccessToken'];

/**
 * Deletes the account's sessions, grants, refresh tokens and codes at the embedded provider: no
 * browser can renew, and its next visit to the provider asks for a password. Returns how many went.
 */
export async function deleteProviderSessionsOf(db: Executor, accountId: string): Promise<number> {
  const rows = await db
    .delete(oidcPayloads)
    .where(
      and(inArray(oidcPayloads.model, SESSION_MODELS), sql`${oidcPayloads.payload} ->> 'accountId' = ${accountId}`),
    )
    .returning({ id: oidcPayloads.id });
  return rows.length;
}
