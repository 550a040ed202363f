import type {
  Contact,
  ContactDuplicate,
  ContactKind,
  contactFieldsSchema,
  createContactBodySchema,
  FieldError,
  listContactsQuerySchema,
  quickCreateCustomerBodySchema,
  updateContactBodySchema,
} from '@ipos/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { actedAt } from '../../lib/clock.js';
import { AppError, invalidFields, notFound, checkVersion } from '../../http/app-error.js';
import { diff, recordAudit } from '../../audit/audit.js';
import { newId } from '../../lib/ids.js';
import { iso } from '../../lib/records.js';
import { likePrefix } from '../../lib/like-patterns.js';
import {
  findContact,
  findDuplicateContacts,
  insertContact,
  listContactRows,
  lockContact,
  updateContactRow,
  type ContactRow,
  type ContactFields,
} from './contacts.repository.js';

type Scope = { businessId: string; storeId?: string | null };

const WHAT = 'The contact';

/** Every digit of a phone number, in order ('+234 803-123 4567' → '2348031234567'). */
export const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/**
 * The key that finds the same phone written two ways: its last 9 digits, so '+234 803 123 4567',
 * '234 803 123 4567' and '0803 123 4567' agree (as do '+254 712 345 678' and '0712 345 678').
 */
export const phoneKeyOf = (phone: string | null | undefined) => (phone ? digitsOf(phone).slice(-9) || null : null);

/** What the search looks in: the lower-cased name, every digit of the phone, the lower-cased email. */
export const contactSearchText = (c: { name: string; phone?: string | null; email?: string | null }) =>
  [c.name.toLowerCase(), c.phone ? digitsOf(c.phone) : '', c.email ? c.email.toLowerCase() : '']
    .filter(Boolean)
    .join(' ');

export function present(row: ContactFields): Contact {
  return {
    id: row.id,
    kind: row.kind as ContactKind,
    name: row.name,
    phone: row.phone,
    email: row.email,
    address: row.address,
    taxId: row.taxId,
    notes: row.notes,
    archived: row.archivedAt !== null,
    createdAt: iso(row.createdAt),
    version: Number(row.version),
  };
}

/**
 * The LIKE patterns a search becomes. Text matches anywhere in the name or email. A phone-looking
 * search ('0803 123', '+234 803') is matched on its digits without the trunk 0 or the 3-digit country
 * code, so a number typed either way finds the contact however it was saved.
 */
export function searchPatterns(q: string): string[] {
  const text = q.trim().toLowerCase();
  if (!text) return [];
  const patterns = [`%${likePrefix(text)}`];
  if (/^\+?[0-9 ()-]+$/.test(text)) {
    let digits = digitsOf(text);
    if (text.startsWith('+')) digits = digits.slice(3);
    else if (digits.startsWith('0')) digits = digits.replace(/^0+/, '');
    if (digits.length >= 2 && digits !== text) patterns.push(`%${likePrefix(digits)}`);
  }
  return [...new Set(patterns)];
}

export async function listContacts(
  db: Executor,
  scope: Scope,
  query: z.output<typeof listContactsQuerySchema>,
): Promise<{ items: Contact[]; total: number; page: number; pageSize: number }> {
  const q = query.q?.trim() || undefined;
  const { page, pageSize } = query;
  const { rows, total } = await listContactRows(db, {
    businessId: scope.businessId,
    patterns: q ? searchPatterns(q) : [],
    ...(q ? { namePrefix: likePrefix(q) } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    archived: query.archived === 'true',
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { items: rows.map(present), total, page, pageSize };
}

export async function getContact(db: Executor, scope: Scope, id: string): Promise<Contact> {
  const row = await findContact(db, scope.businessId, id);
  if (!row) throw notFound(WHAT);
  return present(row);
}

type QuickCreateBody = z.output<typeof quickCreateCustomerBodySchema>;

/** Whether a stored contact is what this create asked for (a retry of it). */
const sameCustomer = (row: ContactRow, body: QuickCreateBody) =>
  row.kind === 'customer' &&
  row.name === body.name &&
  (row.phone ?? null) === (body.phone ?? null) &&
  (row.email ?? null) === (body.email ?? null);

/** A create whose id is taken: the same customer again is a retry (answered with it); else a 400 on `id`. */
function retried(row: ContactRow, body: QuickCreateBody): Contact {
  if (sameCustomer(row, body)) return present(row);
  throw invalidFields([
    { field: 'id', message: 'This id is already another contact’s; start a new customer (a new id)' },
  ]);
}

function duplicateOf(row: ContactRow, phoneKey: string | null, email: string | null): ContactDuplicate {
  const matches: ContactDuplicate['matches'] = [];
  if (phoneKey && row.phoneDigits === phoneKey) matches.push('phone');
  if (email && row.email?.toLowerCase() === email) matches.push('email');
  return { id: row.id, kind: row.kind as ContactKind, name: row.name, phone: row.phone, email: row.email, matches };
}

/**
 * The one duplicate rule, for the till's quick create, the contacts screen's create and edit: a
 * non-archived contact with the same phone (last 9 digits) or email → 409 CONTACT_DUPLICATE with
 * `duplicates` and field errors on phone and email. The caller skips it when the person confirmed.
 */
export async function refuseDuplicates(
  tx: Executor,
  businessId: string,
  match: { kind: ContactKind; phoneKey: string | null; email: string | null; excludeId?: string },
): Promise<void> {
  const { phoneKey, email } = match;
  const duplicates = await findDuplicateContacts(tx, businessId, { phoneDigits: phoneKey, email }, match.excludeId);
  if (duplicates.length === 0) return;
  const list = duplicates.map((d) => duplicateOf(d, phoneKey, email));
  const first = list[0]!;
  throw new AppError(
    'CONTACT_DUPLICATE',
    `${first.name} already has this ${first.matches.includes('phone') ? 'phone number' : 'email'}; choose them, or save a new ${match.kind} anyway`,
    {
      duplicates: list,
      errors: [
        ...(list.some((d) => d.matches.includes('phone'))
          ? [{ field: 'phone', message: 'Another contact has this phone number' }]
          : []),
        ...(list.some((d) => d.matches.includes('email'))
          ? [{ field: 'email', message: 'Another contact has this email' }]
          : []),
      ],
    },
  );
}

/**
 * POST /checkout/customers: a customer made at the till, in one transaction with its audit event.
 *
 * - The till's id makes it retry-safe: a create whose id already holds the same customer (name,
 *   phone, email) answers with that customer and changes nothing; the same id with other details is
 *   a 400 naming `id` (a client bug, not a duplicate person: CONTACT_DUPLICATE would invite a
 *   confirm-and-retry that can never succeed).
 * - A non-archived contact with the same phone (last 9 digits) or email → 409 CONTACT_DUPLICATE with
 *   `duplicates`, unless the cashier confirmed with `allowDuplicate`. It is a warning, not a
 *   constraint (a family shares a phone), so two tills creating the same person at the same instant
 *   may both succeed.
 */
export async function quickCreateCustomer(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  body: QuickCreateBody,
): Promise<Contact> {
  return deps.database.db.transaction(async (tx) => {
    const existing = await findContact(tx, scope.businessId, body.id);
    if (existing) return retried(existing, body);
    const phone = body.phone || null;
    const email = body.email || null;
    const phoneKey = phoneKeyOf(phone);
    if (!body.allowDuplicate) await refuseDuplicates(tx, scope.businessId, { kind: 'customer', phoneKey, email });
    const inserted = await insertContact(tx, {
      businessId: scope.businessId,
      id: body.id,
      kind: 'customer',
      name: body.name,
      phone,
      phoneDigits: phoneKey,
      email,
      searchText: contactSearchText({ name: body.name, phone, email }),
      createdBy: actor.accountId,
    });
    const row = await findContact(tx, scope.businessId, body.id);
    // A concurrent create with the same id committed first: a retry, or another contact.
    if (!inserted) return retried(row!, body);
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId ?? null,
      action: 'contact.created',
      entity: 'contact',
      entityId: body.id,
      after: { kind: 'customer', name: body.name, phone, email, allowDuplicate: body.allowDuplicate },
    });
    return present(row!);
  });
}

// ---------------------------------------------------------------- the contacts section

type ContactFieldsInput = z.output<typeof contactFieldsSchema>;

/** The stored form of a form's fields: trimmed, '' as null, the phone's key and the search text. */
export function storedFields(body: Omit<ContactFieldsInput, 'allowDuplicate'>) {
  const phone = body.phone || null;
  const email = body.email || null;
  return {
    name: body.name,
    phone,
    phoneDigits: phoneKeyOf(phone),
    email,
    address: body.address || null,
    taxId: body.taxId || null,
    notes: body.notes || null,
    searchText: contactSearchText({ name: body.name, phone, email }),
  };
}

/** What an audit event says about a contact (search keys left out). */
const audited = (c: {
  name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  taxId: string | null;
  notes: string | null;
}) => ({
  name: c.name,
  phone: c.phone,
  email: c.email,
  address: c.address,
  taxId: c.taxId,
  notes: c.notes,
});

/**
 * Creates a contact inside the caller's transaction, audited (`contact.created`): the route, the
 * import and the demo seed use it. Duplicates are refused unless `allowDuplicate`.
 */
export async function createContactIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  body: z.output<typeof createContactBodySchema>,
  options: { id?: string; via?: string } = {},
): Promise<Contact> {
  const fields = storedFields(body);
  if (!body.allowDuplicate)
    await refuseDuplicates(tx, scope.businessId, {
      kind: body.kind,
      phoneKey: fields.phoneDigits,
      email: fields.email,
    });
  const id = options.id ?? newId();
  await insertContact(tx, { businessId: scope.businessId, id, kind: body.kind, ...fields, createdBy: actor.accountId });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId ?? null,
    action: 'contact.created',
    entity: 'contact',
    entityId: id,
    after: {
      kind: body.kind,
      ...audited(fields),
      allowDuplicate: body.allowDuplicate,
      ...(options.via ? { via: options.via } : {}),
    },
  });
  return present((await findContact(tx, scope.businessId, id))!);
}

export async function createContact(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  body: z.output<typeof createContactBodySchema>,
): Promise<Contact> {
  return deps.database.db.transaction((tx) => createContactIn(tx, actor, scope, body));
}

/**
 * Edits a contact inside the caller's transaction: locked, version checked (409 VERSION_CONFLICT),
 * duplicates checked against the others (when the phone or email changed, unless confirmed), audited
 * with the changed fields (`contact.updated`). An edit that changes nothing writes nothing.
 */
export async function updateContactIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  id: string,
  body: Omit<ContactFieldsInput, 'allowDuplicate'> & { allowDuplicate?: boolean; version?: number },
  options: { via?: string } = {},
): Promise<{ contact: Contact; changed: boolean }> {
  const row = await lockContact(tx, scope.businessId, id);
  if (!row) throw notFound(WHAT);
  if (body.version !== undefined) checkVersion('this contact', row.version, body.version);
  const fields = storedFields(body);
  const { before, after } = diff(audited(row), audited(fields));
  if (Object.keys(after).length === 0) return { contact: present(row), changed: false };
  const contactChanged = 'phone' in after || 'email' in after;
  if (contactChanged && !body.allowDuplicate)
    await refuseDuplicates(tx, scope.businessId, {
      kind: row.kind as ContactKind,
      phoneKey: 'phone' in after ? fields.phoneDigits : null,
      email: 'email' in after ? fields.email : null,
      excludeId: id,
    });
  const updated = await updateContactRow(tx, scope.businessId, id, fields);
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId ?? null,
    action: 'contact.updated',
    entity: 'contact',
    entityId: id,
    before,
    after: { ...after, ...(options.via ? { via: options.via } : {}) },
  });
  return { contact: present(updated), changed: true };
}

export async function updateContact(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  id: string,
  body: z.output<typeof updateContactBodySchema>,
): Promise<Contact> {
  return deps.database.db.transaction(async (tx) => (await updateContactIn(tx, actor, scope, id, body)).contact);
}

/**
 * Archives or restores a contact inside the caller's transaction, audited (`contact.archived`,
 * `contact.restored`); already so, nothing is written. Restoring does not check duplicates: the
 * contact existed before the one that shares its phone.
 */
export async function setContactArchivedIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  id: string,
  archived: boolean,
  options: { via?: string } = {},
): Promise<{ contact: Contact; changed: boolean }> {
  const row = await lockContact(tx, scope.businessId, id);
  if (!row) throw notFound(WHAT);
  if ((row.archivedAt !== null) === archived) return { contact: present(row), changed: false };
  const updated = await updateContactRow(tx, scope.businessId, id, { archivedAt: archived ? actedAt(actor) : null });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId ?? null,
    action: archived ? 'contact.archived' : 'contact.restored',
    entity: 'contact',
    entityId: id,
    before: { archived: !archived },
    after: { archived, ...(options.via ? { via: options.via } : {}) },
  });
  return { contact: present(updated), changed: true };
}

export async function setContactArchived(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  id: string,
  archived: boolean,
): Promise<Contact> {
  return deps.database.db.transaction(
    async (tx) => (await setContactArchivedIn(tx, actor, scope, id, archived)).contact,
  );
}

/**
 * For the purchase-order and invoice services: what is wrong with naming this contact (as found by
 * `findContact`) on a new document — unknown, another tenant's or of the other kind, or archived —
 * as the field error of `field` (`vendorId`, `customerId`); null when it may be named.
 */
export function contactFieldError(
  row: Awaited<ReturnType<typeof findContact>>,
  kind: ContactKind,
  field: string,
): FieldError | null {
  if (!row || row.kind !== kind) return { field, message: `Choose a ${kind} of this business` };
  if (row.archivedAt !== null) return { field, message: `${row.name} is archived; restore them in Contacts first` };
  return null;
}
