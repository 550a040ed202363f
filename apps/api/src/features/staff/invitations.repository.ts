import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { staffInvitations } from '../../db/schema.js';

export type InvitationRow = typeof staffInvitations.$inferSelect;

export async function insertInvitation(db: Executor, row: typeof staffInvitations.$inferInsert) {
  await db.insert(staffInvitations).values(row);
}

/** One invitation of the business; `forUpdate` locks it. */
export async function findInvitation(
  db: Executor,
  businessId: string,
  id: string,
  { forUpdate = false } = {},
): Promise<InvitationRow | undefined> {
  const query = db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.businessId, businessId), eq(staffInvitations.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The business's open invitation of an account, if any (at most one: a unique index). */
export async function findPendingInvitationOf(db: Executor, businessId: string, accountId: string) {
  const [row] = await db
    .select({ id: staffInvitations.id })
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.businessId, businessId),
        eq(staffInvitations.accountId, accountId),
        eq(staffInvitations.status, 'pending'),
      ),
    );
  return row;
}

/** An invitation addressed to the account, whichever business sent it. */
export async function findInvitationOfAccount(db: Executor, accountId: string, id: string) {
  const [row] = await db
    .select({ businessId: staffInvitations.businessId })
    .from(staffInvitations)
    .where(and(eq(staffInvitations.accountId, accountId), eq(staffInvitations.id, id)));
  return row;
}

/**
 * The business's invitations worth showing: every unanswered one, and those declined or expired in
 * the last 30 days; newest first.
 */
export async function listInvitationRows(db: Executor, businessId: string, now: Date): Promise<InvitationRow[]> {
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  return db
    .select()
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.businessId, businessId),
        sql`(${staffInvitations.status} = 'pending' and ${staffInvitations.expiresAt} > ${since}
          or ${staffInvitations.status} = 'declined' and ${staffInvitations.respondedAt} > ${since})`,
      ),
    )
    .orderBy(sql`${staffInvitations.invitedAt} desc`, sql`${staffInvitations.id} desc`)
    .limit(100);
}

export interface MyInvitationRow {
  id: string;
  businessId: string;
  businessName: string;
  roleName: string;
  storeIds: string[];
  invitedByName: string;
  invitedAt: Date | string;
  expiresAt: Date | string;
}

/** The account's invitations still open, oldest first. */
export async function listMyInvitationRows(db: Executor, accountId: string, now: Date): Promise<MyInvitationRow[]> {
  return queryRows<MyInvitationRow>(
    db,
    sql`select i.id, i.business_id as "businessId", b.name as "businessName", r.name as "roleName",
               i.store_ids as "storeIds", inviter.name as "invitedByName", i.invited_at as "invitedAt",
               i.expires_at as "expiresAt"
          from staff_invitations i
          join businesses b on b.id = i.business_id
          join roles r on r.business_id = i.business_id and r.id = i.role_id
          join accounts inviter on inviter.id = i.invited_by
         where i.account_id = ${accountId} and i.status = 'pending' and i.expires_at > ${now}
         order by i.invited_at, i.id`,
  );
}

export async function updateInvitation(
  db: Executor,
  businessId: string,
  id: string,
  changes: Partial<Pick<InvitationRow, 'status' | 'respondedAt' | 'invitedAt' | 'expiresAt'>>,
) {
  await db
    .update(staffInvitations)
    .set({ ...changes, version: sql`${staffInvitations.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(staffInvitations.businessId, businessId), eq(staffInvitations.id, id)));
}

/** The businesses the account works in or owns, for telling each of them about a change to the person. */
export async function businessesOf(db: Executor, accountId: string): Promise<{ id: string; name: string }[]> {
  return queryRows<{ id: string; name: string }>(
    db,
    sql`select b.id, b.name from businesses b
         where b.owner_account_id = ${accountId}
            or exists (select 1 from staff_members s where s.business_id = b.id and s.account_id = ${accountId})
         order by b.name, b.id`,
  );
}
