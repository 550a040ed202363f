import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { passwordResetTokens } from '../../db/schema.js';

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
