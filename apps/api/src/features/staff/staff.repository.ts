import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { businesses, memberships, roles, staffMembers, stores } from '../../db/schema.js';

export async function isStoreMember(db: Executor, businessId: string, storeId: string, accountId: string) {
  const [row] = await db
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(
      and(
        eq(memberships.businessId, businessId),
        eq(memberships.storeId, storeId),
        eq(memberships.accountId, accountId),
      ),
    );
  return Boolean(row);
}

export async function isBusinessOwner(db: Executor, businessId: string, accountId: string) {
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.ownerAccountId, accountId)));
  return Boolean(row);
}

// ---------------------------------------------------------------- the staff of a business

/** A person of the business as the staff screens read them (their stores come apart, `membershipsOf`). */
export interface StaffRow {
  accountId: string;
  businessId: string;
  businessName: string;
  name: string;
  email: string;
  phone: string | null;
  mustChangePassword: boolean;
  hasPassword: boolean;
  /** Someone has used the account after signing in to it. */
  hasSignedIn: boolean;
  hasPin: boolean;
  isPinLocked: boolean;
  isOwner: boolean;
  deactivatedAt: Date | null;
  invitedAt: Date | null;
  version: number;
}

export interface StaffFilter {
  /** One business (store mode) or every business of an owner (admin mode). */
  businessIds: string[];
  /** Lower-case LIKE patterns matched against name and email; digits against the phone's digits. */
  pattern?: string;
  digits?: string;
  storeId?: string;
  roleId?: string;
  /** A role's name in any of the businesses (admin mode's filter across businesses). */
  roleName?: string;
  status: 'active' | 'invited' | 'inactive' | 'all';
  limit: number;
  offset: number;
}

const staffColumns = sql`a.id as "accountId", s.business_id as "businessId", b.name as "businessName", a.name, a.email, a.phone,
  a.must_change_password as "mustChangePassword", a.password_hash is not null as "hasPassword",
  a.first_signed_in_at is not null as "hasSignedIn",
  a.pin_hash is not null as "hasPin", a.pin_locked_at is not null as "isPinLocked",
  b.owner_account_id = a.id as "isOwner", s.deactivated_at as "deactivatedAt", s.invited_at as "invitedAt",
  s.version`;

const staffFrom = sql`staff_members s
  join accounts a on a.id = s.account_id
  join businesses b on b.id = s.business_id`;

type RawStaffRow = Omit<StaffRow, 'deactivatedAt' | 'invitedAt'> & {
  deactivatedAt: Date | string | null;
  invitedAt: Date | string | null;
};
const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));
const toStaffRow = ({ deactivatedAt, invitedAt, ...row }: RawStaffRow): StaffRow => ({
  ...row,
  deactivatedAt: toDate(deactivatedAt),
  invitedAt: toDate(invitedAt),
});

/** One page of the business's people by name, with the count of the filtered set. */
export async function listStaffRows(db: Executor, filter: StaffFilter): Promise<{ rows: StaffRow[]; total: number }> {
  if (filter.businessIds.length === 0) return { rows: [], total: 0 };
  const parts: SQL[] = [
    sql`s.business_id in (${sql.join(
      filter.businessIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  ];
  const either: SQL[] = [];
  if (filter.pattern)
    either.push(sql`lower(a.name) like ${filter.pattern}`, sql`lower(a.email) like ${filter.pattern}`);
  if (filter.digits) either.push(sql`regexp_replace(coalesce(a.phone, ''), '[^0-9]', '', 'g') like ${filter.digits}`);
  if (either.length > 0) parts.push(sql`(${sql.join(either, sql` or `)})`);
  if (filter.storeId)
    parts.push(sql`exists (select 1 from memberships m where m.business_id = s.business_id
      and m.account_id = s.account_id and m.store_id = ${filter.storeId})`);
  if (filter.roleId)
    parts.push(sql`exists (select 1 from memberships m where m.business_id = s.business_id
      and m.account_id = s.account_id and m.role_id = ${filter.roleId})`);
  if (filter.roleName)
    parts.push(sql`exists (select 1 from memberships m join roles r on r.business_id = m.business_id and r.id = m.role_id
      where m.business_id = s.business_id and m.account_id = s.account_id and r.name = ${filter.roleName})`);
  if (filter.status === 'inactive') parts.push(sql`s.deactivated_at is not null`);
  if (filter.status === 'invited') parts.push(sql`s.deactivated_at is null and a.must_change_password`);
  if (filter.status === 'active') parts.push(sql`s.deactivated_at is null and not a.must_change_password`);
  const where = sql.join(parts, sql` and `);
  const rows = await queryRows<RawStaffRow & { total: number | string }>(
    db,
    sql`select ${staffColumns}, count(*) over () as total from ${staffFrom} where ${where}
         order by lower(a.name), a.id, lower(b.name), b.id limit ${filter.limit} offset ${filter.offset}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && filter.offset > 0) {
    const [row] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from ${staffFrom} where ${where}`,
    );
    total = Number(row?.n ?? 0);
  }
  return { rows: rows.map(({ total: _total, ...r }) => toStaffRow(r)), total };
}

/** One person of the business; `forUpdate` locks their staff row. */
export async function findStaffRow(
  db: Executor,
  businessId: string,
  accountId: string,
  { forUpdate = false } = {},
): Promise<StaffRow | undefined> {
  const [row] = await queryRows<RawStaffRow>(
    db,
    sql`select ${staffColumns} from ${staffFrom} where s.business_id = ${businessId} and s.account_id = ${accountId}
        ${forUpdate ? sql`for update of s` : sql``}`,
  );
  return row && toStaffRow(row);
}

export interface StaffMembershipRow {
  accountId: string;
  storeId: string;
  storeName: string;
  storeAlias: string;
  roleId: string;
  roleName: string;
  roleIsSystem: boolean;
  rolePermissions: string[];
}

/** The stores and roles of these people in the business, by store name. */
export async function membershipsOf(
  db: Executor,
  businessId: string,
  accountIds: string[],
): Promise<StaffMembershipRow[]> {
  if (accountIds.length === 0) return [];
  return db
    .select({
      accountId: memberships.accountId,
      storeId: stores.id,
      storeName: stores.name,
      storeAlias: stores.alias,
      roleId: roles.id,
      roleName: roles.name,
      roleIsSystem: roles.isSystem,
      rolePermissions: roles.permissions,
    })
    .from(memberships)
    .innerJoin(stores, and(eq(stores.businessId, memberships.businessId), eq(stores.id, memberships.storeId)))
    .innerJoin(roles, and(eq(roles.businessId, memberships.businessId), eq(roles.id, memberships.roleId)))
    .where(and(eq(memberships.businessId, businessId), inArray(memberships.accountId, accountIds)))
    .orderBy(asc(stores.name), asc(stores.id));
}

/** Replaces a person's memberships in the business: every store in `storeIds`, with one role. */
export async function replaceMemberships(
  db: Executor,
  businessId: string,
  accountId: string,
  roleId: string,
  storeIds: string[],
) {
  await db.delete(memberships).where(and(eq(memberships.businessId, businessId), eq(memberships.accountId, accountId)));
  await db.insert(memberships).values(storeIds.map((storeId) => ({ businessId, storeId, accountId, roleId })));
}

export async function insertStaffRow(db: Executor, row: typeof staffMembers.$inferInsert) {
  await db.insert(staffMembers).values(row);
}

export async function updateStaffRow(
  db: Executor,
  businessId: string,
  accountId: string,
  changes: Partial<Pick<typeof staffMembers.$inferInsert, 'deactivatedAt' | 'invitedAt'>>,
) {
  await db
    .update(staffMembers)
    .set({ ...changes, version: sql`${staffMembers.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(staffMembers.businessId, businessId), eq(staffMembers.accountId, accountId)));
}

/**
 * The active people holding the system IPOS_ADMIN role in some store of the business, but for one
 * (whose change is being weighed).
 */
export async function countActiveAdmins(db: Executor, businessId: string, exceptAccountId: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(distinct m.account_id) as n
          from memberships m
          join roles r on r.business_id = m.business_id and r.id = m.role_id
          join staff_members s on s.business_id = m.business_id and s.account_id = m.account_id
         where m.business_id = ${businessId} and r.is_system and r.name = 'IPOS_ADMIN'
           and s.deactivated_at is null and m.account_id <> ${exceptAccountId}`,
  );
  return Number(row?.n ?? 0);
}

/** Takes the business row's lock: staff changes of one business happen one at a time. */
export async function lockBusiness(db: Executor, businessId: string) {
  await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('update');
}

/** The business's stores among `storeIds`. */
export async function storesOfBusiness(db: Executor, businessId: string, storeIds: string[]) {
  if (storeIds.length === 0) return [];
  return db
    .select({ id: stores.id, name: stores.name, alias: stores.alias })
    .from(stores)
    .where(and(eq(stores.businessId, businessId), inArray(stores.id, storeIds)));
}

/** The names of the roles of these businesses (system roles once), for admin mode's role filter. */
export async function roleNamesOf(db: Executor, businessIds: string[]): Promise<string[]> {
  if (businessIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ name: roles.name })
    .from(roles)
    .where(inArray(roles.businessId, businessIds))
    .orderBy(asc(roles.name));
  return rows.map((r) => r.name);
}
