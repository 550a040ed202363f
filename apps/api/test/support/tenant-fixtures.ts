import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  addBusinessStore,
  buildPath,
  createCategory,
  createContact,
  createInvoice,
  createPurchaseOrder,
  createRole,
  createSale,
  createStockAdjustment,
  createStockCount,
  createStockTransfer,
  createTaxRate,
  holdSale,
  IDEMPOTENCY_HEADER,
  openRegisterSession,
  recordWaste,
  STORE_HEADER,
  type Endpoint,
  type Permission,
} from '@ipos/contracts';
import { linkIdentity } from '../../src/tenancy/accounts.js';
import { accounts, businesses, memberships, roles, staffInvitations, staffMembers } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { createTestProduct, randomEan13 } from './catalog.js';
import type { RecordKind } from './openapi-requests.js';
import type { TestServer } from './server.js';

/**
 * One record of every kind in a business, for the generated security matrices: what a request of
 * that business names as its own, or what another business's requests must not reach. Demo Mart has
 * most of them seeded; the rest (and everything of a new business) are made here through the API.
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
  body?: unknown;
}

/** Calls endpoints as one token in one store (every call with a fresh Idempotency-Key). */
export function callerOf(server: TestServer, token: string, storeId?: string) {
  return (endpoint: Pick<Endpoint, 'method' | 'path'>, options: CallOptions = {}): Promise<LightMyRequestResponse> =>
    server.app.inject({
      method: endpoint.method,
      url: buildPath(endpoint.path, options.params),
      query: options.query,
      headers: {
        authorization: `Bearer ${token}`,
        [IDEMPOTENCY_HEADER]: `probe-${randomBytes(8).toString('hex')}`,
        ...(storeId ? { [STORE_HEADER]: storeId } : {}),
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
}

async function created(res: LightMyRequestResponse, what: string): Promise<string> {
  if (res.statusCode >= 300) throw new Error(`Making the fixture's ${what} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/**
 * A person on the business's staff with `roleId` in `storeIds`, written as an accepted invitation
 * leaves it (account, staff row, memberships), so tests do not depend on how invitations work.
 */
export async function addStaffPerson(
  server: TestServer,
  scope: { businessId: string; storeIds: string[]; roleId: string },
  email = `person-${randomBytes(4).toString('hex')}@matrix.ipos.test`,
): Promise<{ accountId: string; email: string }> {
  const db = server.deps.database.db;
  const accountId = newId();
  await db.transaction(async (tx) => {
    await tx.insert(accounts).values({ id: accountId, email, name: 'Matrix Person' });
    // Signed in through the embedded provider, as every account made by the app is.
    await linkIdentity(tx, server.deps.config.oidc.issuer, accountId, accountId);
    await tx.insert(staffMembers).values({ businessId: scope.businessId, accountId });
    for (const storeId of scope.storeIds)
      await tx.insert(memberships).values({ businessId: scope.businessId, storeId, accountId, roleId: scope.roleId });
  });
  return { accountId, email };
}

/** A pending invitation of a new address into the business (as IPOS_BASIC in `storeId`). */
async function addInvitation(server: TestServer, scope: TenantScope): Promise<string> {
  const db = server.deps.database.db;
  const [business] = await db
    .select({ owner: businesses.ownerAccountId })
    .from(businesses)
    .where(eq(businesses.id, scope.businessId));
  const email = `invited-${randomBytes(4).toString('hex')}@matrix.ipos.test`;
  const accountId = newId();
  const id = newId();
  const now = new Date();
  await db.insert(accounts).values({ id: accountId, email, name: 'Matrix Invitee' });
  await db.insert(staffInvitations).values({
    businessId: scope.businessId,
    id,
    email,
    name: 'Matrix Invitee',
    accountId,
    createdAccount: true,
    roleId: await roleIdOf(server, scope.businessId, 'IPOS_BASIC'),
    storeIds: [scope.storeId],
    invitedBy: business!.owner,
    invitedAt: now,
    expiresAt: new Date(now.getTime() + 7 * 24 * 3600_000),
  });
  return id;
}

export async function roleIdOf(server: TestServer, businessId: string, name: string): Promise<string> {
  const [row] = await server.deps.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.businessId, businessId), eq(roles.name, name)));
  if (!row) throw new Error(`No role ${name}`);
  return row.id;
}

/** A custom role with these permissions, made through the roles API. */
export async function createCustomRole(
  server: TestServer,
  owner: { token: string; storeId: string },
  permissions: Permission[],
): Promise<string> {
  const call = callerOf(server, owner.token, owner.storeId);
  const name = `Matrix role ${randomBytes(3).toString('hex')}`;
  return created(await call(createRole, { body: { name, permissions } }), 'custom role');
}

export interface TenantScope {
  businessId: string;
  storeId: string;
  ownerToken: string;
}

async function firstId(server: TestServer, query: ReturnType<typeof sql>): Promise<string | undefined> {
  return rowsOf<{ id: string }>(await server.deps.database.db.execute(query))[0]?.id;
}

/** A second store of the business, made through the owner's API (on a plan that allows it). */
async function ensureOtherStore(server: TestServer, scope: TenantScope): Promise<string> {
  const b = scope.businessId;
  const existing = await firstId(
    server,
    sql`select id from stores where business_id = ${b} and id <> ${scope.storeId}`,
  );
  if (existing) return existing;
  await server.deps.database.db.update(businesses).set({ plan: 'business' }).where(eq(businesses.id, b));
  const res = await callerOf(server, scope.ownerToken)(addBusinessStore, {
    params: { businessId: b },
    body: { name: 'Second store', alias: 'SEC', timeZone: 'Africa/Nairobi' },
  });
  return created(res, 'second store');
}

/**
 * One id of every kind the business has, making through the API (as its owner, in `storeId`) what it
 * lacks: a product of its own (80 000 a unit, no tax, 100 in stock) carries the sale, cart, invoice,
 * order, waste, count, transfer and adjustment made here.
 */
export async function prepareTenant(server: TestServer, scope: TenantScope): Promise<Record<RecordKind, string>> {
  const b = scope.businessId;
  const call = callerOf(server, scope.ownerToken, scope.storeId);
  const find = (query: ReturnType<typeof sql>) => firstId(server, query);
  const otherStore = await ensureOtherStore(server, scope);
  const category =
    (await find(sql`select id from categories where business_id = ${b} and not is_archived order by id desc`)) ??
    (await created(await call(createCategory, { body: { name: 'Matrix category' } }), 'category'));
  const product = await createTestProduct(server, {
    businessId: b,
    name: `Matrix product ${randomBytes(3).toString('hex')}`,
    categoryId: category,
    variants: [{ barcodes: [{ code: randomEan13() }], stock: { [scope.storeId]: 100, [otherStore]: 100 } }],
  });
  const variant = product.variantId;
  const contact = async (kind: 'customer' | 'vendor') =>
    (await find(
      sql`select id from contacts where business_id = ${b} and kind = ${kind} and archived_at is null order by id desc`,
    )) ?? (await created(await call(createContact, { body: { name: `Matrix ${kind}`, kind } }), kind));
  const customer = await contact('customer');
  const vendor = await contact('vendor');
  const taxRate =
    (await find(sql`select id from tax_rates where business_id = ${b} and is_active order by id desc`)) ??
    (await created(
      await call(createTaxRate, { body: { name: 'Matrix VAT', rateBasisPoints: 750, isInclusive: true } }),
      'tax rate',
    ));
  const role =
    (await find(sql`select id from roles where business_id = ${b} and not is_system order by id desc`)) ??
    (await createCustomRole(server, { token: scope.ownerToken, storeId: scope.storeId }, ['dashboard.view']));
  const staff =
    (await find(sql`select s.account_id as id from staff_members s join businesses bz on bz.id = s.business_id
                     where s.business_id = ${b} and s.account_id <> bz.owner_account_id and s.deactivated_at is null
                     order by s.account_id`)) ??
    (
      await addStaffPerson(server, {
        businessId: b,
        storeIds: [scope.storeId],
        roleId: await roleIdOf(server, b, 'IPOS_BASIC'),
      })
    ).accountId;
  const invitation =
    (await find(sql`select id from staff_invitations where business_id = ${b} and status = 'pending'`)) ??
    (await addInvitation(server, scope));
  const documents = await prepareDocuments(server, scope, { variant, customer, vendor, otherStore });
  return {
    business: b,
    store: scope.storeId,
    otherStore,
    product: product.id,
    variant,
    barcode: product.variants[0]!.barcodes[0]!,
    category,
    customer,
    vendor,
    taxRate,
    role,
    staff,
    invitation,
    ...documents,
  };
}

/** The documents of the fixture: found when the business has one in the state edits need, else made. */
async function prepareDocuments(
  server: TestServer,
  scope: TenantScope,
  refs: { variant: string; customer: string; vendor: string; otherStore: string },
) {
  const b = scope.businessId;
  const s = scope.storeId;
  const call = callerOf(server, scope.ownerToken, scope.storeId);
  const find = (query: ReturnType<typeof sql>) => firstId(server, query);
  const line = { variantId: refs.variant, quantity: 1 };
  const today = new Date().toISOString().slice(0, 10);
  const registerSession =
    (await find(
      sql`select id from register_sessions where business_id = ${b} and store_id = ${s} and status = 'open'`,
    )) ?? (await created(await call(openRegisterSession, { body: { openingFloatMinor: 10_000 } }), 'register session'));
  const saleBody = {
    id: newId(),
    sessionId: registerSession,
    lines: [line],
    payments: [{ method: 'cash', amountMinor: 80_000 }],
    expectedTotalMinor: 80_000,
  };
  const invoiceBody = {
    id: newId(),
    customerId: refs.customer,
    issueDate: today,
    dueDate: today,
    lines: [{ ...line, unitPriceMinor: 80_000 }],
  };
  const orderBody = { vendorId: refs.vendor, lines: [{ ...line, unitCostMinor: 100 }] };
  return {
    registerSession,
    sale: await created(await call(createSale, { body: saleBody }), 'sale'),
    heldSale: await created(await call(holdSale, { body: { cart: { lines: [line] } } }), 'held sale'),
    invoice: await created(await call(createInvoice, { body: invoiceBody }), 'invoice'),
    purchaseOrder: await created(await call(createPurchaseOrder, { body: orderBody }), 'purchase order'),
    waste: await created(
      await call(recordWaste, { body: { id: newId(), ...line, reason: 'damaged' } }),
      'waste record',
    ),
    stockCount:
      (await find(sql`select id from stock_counts where business_id = ${b} and store_id = ${s} and status = 'open'`)) ??
      (await created(await call(createStockCount, { body: { note: 'Matrix count' } }), 'stock count')),
    transfer: await created(
      await call(createStockTransfer, { body: { toStoreId: refs.otherStore, lines: [line] } }),
      'stock transfer',
    ),
    adjustment: await created(
      await call(createStockAdjustment, {
        body: { reasonCode: 'correction', lines: [{ variantId: refs.variant, delta: 1 }] },
      }),
      'stock adjustment',
    ),
    saleException:
      (await find(
        sql`select id from sale_exceptions where business_id = ${b} and store_id = ${s} and resolved_at is null`,
      )) ?? (await offlineSaleException(server, scope, { ...saleBody, id: newId() })),
  };
}

/** An open sale exception: a sale made offline at a price under the store's (70 000 paid for 80 000). */
async function offlineSaleException(server: TestServer, scope: TenantScope, body: { id: string; lines: object[] }) {
  const res = await callerOf(
    server,
    scope.ownerToken,
    scope.storeId,
  )(createSale, {
    body: {
      ...body,
      lines: body.lines.map((l) => ({ ...l, unitPriceMinor: 70_000 })),
      payments: [{ method: 'cash', amountMinor: 70_000 }],
      expectedTotalMinor: 70_000,
      offlineReference: `MTX-T1-OFF-${Date.now() % 100_000_000}`,
    },
  });
  await created(res, 'offline sale');
  const id = await firstId(
    server,
    sql`select id from sale_exceptions where business_id = ${scope.businessId} and sale_id = ${body.id}`,
  );
  if (!id) throw new Error('The offline sale recorded no exception');
  return id;
}

// ---------------------------------------------------------------- what a business holds

interface TenantTable {
  name: string;
  primaryKey: string[];
  hasId: boolean;
}

/** Every table with a business_id column, with its primary key's columns in order. */
async function tenantTables(server: TestServer): Promise<TenantTable[]> {
  const rows = rowsOf<{ table_name: string; pk: string; has_id: boolean }>(
    await server.deps.database.db.execute(sql`
      select c.table_name,
             (select string_agg(k.column_name, ',' order by k.ordinal_position)
                from information_schema.table_constraints tc
                join information_schema.key_column_usage k
                  on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema
                 and k.table_name = tc.table_name
               where tc.table_schema = c.table_schema and tc.table_name = c.table_name
                 and tc.constraint_type = 'PRIMARY KEY') as pk,
             exists (select 1 from information_schema.columns i
                      where i.table_schema = c.table_schema and i.table_name = c.table_name
                        and i.column_name = 'id') as has_id
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = current_schema() and c.column_name = 'business_id' and t.table_type = 'BASE TABLE'
       order by c.table_name`),
  );
  return rows.map((r) => ({
    name: r.table_name,
    primaryKey: (r.pk ?? '').split(',').filter(Boolean),
    hasId: r.has_id,
  }));
}

/** The business's people: its owner and its staff. */
const peopleOf = (businessId: string) => sql`
  select owner_account_id from businesses where id = ${businessId}
  union select account_id from staff_members where business_id = ${businessId}`;

/**
 * Columns that change without anyone acting on the business: an account's first request after a
 * sign-in stamps it. (The counters that move on their own, rate limits, and the mail outbox carry no
 * business_id; mail is checked apart.)
 */
const MOVING_COLUMNS: Record<string, string[]> = { accounts: ['first_signed_in_at'] };

const rowText = (table: string) => {
  const moving = MOVING_COLUMNS[table];
  return moving
    ? sql`(to_jsonb(t) - ${sql.raw(`array[${moving.map((c) => `'${c}'`).join(', ')}]`)})::text`
    : sql`t::text`;
};

/**
 * An md5 per table of every row the business holds (rows with its business_id, ordered by primary
 * key), plus its own `businesses` row and its people's `accounts` rows.
 */
export async function tenantDigest(server: TestServer, businessId: string): Promise<Record<string, string>> {
  const db = server.deps.database.db;
  const digest: Record<string, string> = {};
  const md5Of = async (query: ReturnType<typeof sql>) => rowsOf<{ digest: string }>(await db.execute(query))[0]!.digest;
  for (const table of await tenantTables(server)) {
    const order = sql.join(
      table.primaryKey.map((c) => sql`t.${sql.identifier(c)}`),
      sql`, `,
    );
    digest[table.name] = await md5Of(sql`
      select count(*) || ':' || md5(coalesce(string_agg(${rowText(table.name)}, E'\\n' order by ${order}), '')) as digest
        from ${sql.identifier(table.name)} t where t.business_id = ${businessId}`);
  }
  digest.businesses = await md5Of(sql`select md5(t::text) as digest from businesses t where t.id = ${businessId}`);
  digest.accounts = await md5Of(sql`
    select count(*) || ':' || md5(coalesce(string_agg(${rowText('accounts')}, E'\\n' order by t.id), '')) as digest
      from accounts t where t.id in (${peopleOf(businessId)})`);
  return digest;
}

/** Every id the business holds (its records, stores and people), to find one in an answer. */
export async function tenantIdSet(server: TestServer, businessId: string): Promise<Set<string>> {
  const db = server.deps.database.db;
  const ids = new Set<string>([businessId]);
  const add = (rows: { id: string }[]) => rows.forEach((r) => ids.add(r.id.toLowerCase()));
  for (const table of await tenantTables(server)) {
    if (!table.hasId) continue;
    add(
      rowsOf(
        await db.execute(
          sql`select t.id::text as id from ${sql.identifier(table.name)} t where t.business_id = ${businessId}`,
        ),
      ),
    );
  }
  add(rowsOf(await db.execute(sql`select id::text as id from accounts where id in (${peopleOf(businessId)})`)));
  return ids;
}

/** The names a business's answers carry that another business must never see. */
export async function tenantNames(server: TestServer, businessId: string): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await server.deps.database.db.execute(sql`
      select name from businesses where id = ${businessId}
      union select name from stores where business_id = ${businessId}`),
  );
  return rows.map((r) => r.name);
}
