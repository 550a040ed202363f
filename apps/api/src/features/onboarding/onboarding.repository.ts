import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { passwordResetTokens, signUpRequests } from '../../db/schema.js';

export async function insertResetToken(db: Executor, row: typeof passwordResetTokens.$inferInsert) {
  await db.insert(passwordResetTokens).values(row);
}

/** A usable token (unused, unexpired), by default under a row lock so it can be spent once. */
export async function findUsableResetToken(
  db: Executor,
  tokenHash: string,
  now: Date,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  const [row] = options.lock === false ? await query : await query.for('update');
  return row;
}

export async function markResetTokenUsed(db: Executor, id: string, now: Date) {
  await db.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.id, id));
}

/** A new link makes the account's older, unused links worthless. */
export async function expireResetTokensOf(db: Executor, accountId: string, now: Date) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.accountId, accountId), isNull(passwordResetTokens.usedAt)));
}

export async function insertSignUpRequest(db: Executor, row: typeof signUpRequests.$inferInsert) {
  await db.insert(signUpRequests).values(row);
}

/** A usable sign-up request (unused, unexpired) by its token's hash, under a row lock so it is spent once. */
export async function findUsableSignUpRequestForUpdate(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(signUpRequests)
    .where(
      and(eq(signUpRequests.tokenHash, tokenHash), isNull(signUpRequests.usedAt), gt(signUpRequests.expiresAt, now)),
    )
    .for('update');
  return row;
}

export async function markSignUpRequestUsed(db: Executor, id: string, now: Date) {
  await db.update(signUpRequests).set({ usedAt: now }).where(eq(signUpRequests.id, id));
}

/** A newer sign-up with the address makes its older, unused links worthless. */
export async function expireSignUpRequestsOf(db: Executor, email: string, now: Date) {
  await db
    .update(signUpRequests)
    .set({ usedAt: now })
    .where(and(eq(signUpRequests.email, email), isNull(signUpRequests.usedAt)));
}
