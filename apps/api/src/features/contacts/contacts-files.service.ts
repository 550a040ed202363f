import { Readable } from 'node:stream';
import {
  contactCsvColumns,
  contactFieldsSchema,
  contactKinds,
  csvLine,
  storeDay,
  type ContactCsvColumn,
  type ContactImportReport,
  type ContactImportRow,
  type ContactKind,
  type FieldError,
} from '@ipos/contracts';
import type { Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError } from '../../http/app-error.js';
import { parseYesNo, readCsv, type CsvRecord } from '../../lib/csv.js';
import { contactExportPage, findContactsByIds, findContactsSharing, type ContactRow } from './contacts.repository.js';
import { createContactIn, setContactArchivedIn, storedFields, updateContactIn } from './contacts.service.js';

type Scope = { businessId: string; storeId: string };

/** What the import's audit events say they came from. */
const VIA = 'contact_import';
const EXPORT_PAGE = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The file's column for a field of contactFieldsSchema. */
const columnOf: Record<string, ContactCsvColumn> = {
  name: 'name',
  phone: 'phone',
  email: 'email',
  address: 'address',
  taxId: 'tax_id',
  notes: 'notes',
};

type PlannedRow = {
  record: CsvRecord<ContactCsvColumn>;
  report: ContactImportRow;
  existing: ContactRow | null;
  kind: ContactKind;
  fields: ReturnType<typeof storedFields> | null;
  archived: boolean | null;
};

/** What is known about the whole file when its rows are planned. */
type FileFacts = {
  /** The columns the file has: for an update, a column it lacks keeps what the contact has. */
  has: ReadonlySet<ContactCsvColumn>;
  /** The business's contacts named by the file's well-formed ids, by id. */
  byId: ReadonlyMap<string, ContactRow>;
  /** The line each id was first seen on; filled in as the rows are planned, in file order. */
  firstIdLine: Map<string, number>;
};

/** Records a problem with one cell of a row: an error on the row's report. */
type Flag = (field: string, message: string) => void;

/**
 * Reads a file and decides, row by row, what committing it would do: a row with an `id` updates
 * that contact of the business (an unknown id is an error), a row without one creates a contact.
 * Errors stop the import; the same phone or email as another row or a contact already kept are
 * warnings (phones and emails are not unique). Reads only: the commit runs it again in its transaction.
 */
async function planImport(
  db: Executor,
  scope: Scope,
  bytes: Buffer,
): Promise<{ rows: PlannedRow[]; report: ContactImportReport }> {
  const file = readCsv(bytes, { columns: contactCsvColumns, required: ['name'], rowNoun: 'contact' });
  if (!file.ok)
    throw new AppError('VALIDATION_FAILED', file.errors.map((e) => e.message).join('; '), { errors: file.errors });

  const ids = file.records.map((r) => r.values.id ?? '').filter((id) => UUID.test(id));
  const byId = new Map((await findContactsByIds(db, scope.businessId, ids)).map((c) => [c.id, c]));
  const facts: FileFacts = { has: new Set(file.columns), byId, firstIdLine: new Map() };

  // In file order, so a repeated id's error names the first row that has it.
  const rows = file.records.map((record) => planRow(facts, record));
  await warnOfSharedContacts(db, scope, rows);
  return {
    rows,
    report: { rows: rows.map((r) => r.report), summary: summaryOf(rows), committed: false },
  };
}

/** One row's plan: its errors in column order (id, kind, the fields, archived) and what it would do. */
function planRow(facts: FileFacts, record: CsvRecord<ContactCsvColumn>): PlannedRow {
  const v = record.values;
  const errors: FieldError[] = [];
  const error: Flag = (field, message) => errors.push({ field, message });

  const existing = rowContact(facts, record, error);
  const kind = rowKind(v.kind ?? '', existing, error);
  const fields = rowFields(facts, v, existing, error);
  const archived = rowArchived(facts, v, error);
  return {
    record,
    existing,
    kind,
    fields,
    archived,
    report: {
      line: record.line,
      id: existing?.id ?? null,
      kind,
      name: v.name ?? '',
      action: actionOf(errors, existing, fields, archived),
      errors,
      warnings: [],
    },
  };
}

/**
 * The contact a row's `id` names, or null for a new contact (no id) or an id that is malformed,
 * unknown to the business or already on an earlier row (each an error).
 */
function rowContact(facts: FileFacts, record: CsvRecord<ContactCsvColumn>, error: Flag): ContactRow | null {
  const id = (record.values.id ?? '').toLowerCase();
  if (!id) return null;
  if (!UUID.test(id)) {
    error('id', 'Leave the id empty for a new contact, or keep the one the export wrote');
    return null;
  }
  const existing = facts.byId.get(id) ?? null;
  if (!existing) error('id', 'No contact has this id: leave it empty to create one');
  const seen = facts.firstIdLine.get(id);
  if (seen !== undefined) error('id', `This id is also on row ${seen}`);
  else facts.firstIdLine.set(id, record.line);
  return existing;
}

/**
 * The row's kind: the `kind` cell, which a new contact must have and an existing one may only
 * repeat (a contact cannot change kind); otherwise the contact's own kind, or customer.
 */
function rowKind(cell: string, existing: ContactRow | null, error: Flag): ContactKind {
  const kindCell = cell.toLowerCase();
  let kind: ContactKind = (existing?.kind as ContactKind | undefined) ?? 'customer';
  if (kindCell) {
    if (!(contactKinds as readonly string[]).includes(kindCell)) error('kind', 'Write customer or vendor');
    else if (existing && existing.kind !== kindCell)
      error('kind', `This contact is a ${existing.kind}; a contact cannot change kind`);
    else kind = kindCell as ContactKind;
  } else if (!existing) error('kind', 'Write customer or vendor');
  return kind;
}

/** The fields the row would store, or null when they do not validate (each issue an error on its column). */
function rowFields(
  facts: FileFacts,
  v: CsvRecord<ContactCsvColumn>['values'],
  existing: ContactRow | null,
  error: Flag,
): PlannedRow['fields'] {
  // For an update, a column the file lacks keeps what the contact has.
  const keep = (column: ContactCsvColumn, current: string | null) =>
    facts.has.has(column) ? (v[column] ?? '') : (current ?? '');
  const parsed = contactFieldsSchema.safeParse({
    name: v.name ?? '',
    phone: keep('phone', existing?.phone ?? null),
    email: keep('email', existing?.email ?? null),
    address: keep('address', existing?.address ?? null),
    taxId: keep('tax_id', existing?.taxId ?? null),
    notes: keep('notes', existing?.notes ?? null),
  });
  if (parsed.success) return storedFields(parsed.data);
  for (const issue of parsed.error.issues)
    error(columnOf[String(issue.path[0])] ?? String(issue.path[0]), issue.message);
  return null;
}

/** Whether the row archives (true) or restores (false) the contact; null when the cell is absent or empty. */
function rowArchived(facts: FileFacts, v: CsvRecord<ContactCsvColumn>['values'], error: Flag): boolean | null {
  if (!facts.has.has('archived') || (v.archived ?? '') === '') return null;
  const yes = parseYesNo(v.archived ?? '');
  if (yes.ok) return yes.value;
  error('archived', yes.message);
  return null;
}

/** An error row is not imported; an existing contact whose cells all match what it has is left unchanged. */
function actionOf(
  errors: readonly FieldError[],
  existing: ContactRow | null,
  fields: PlannedRow['fields'],
  archived: boolean | null,
): ContactImportRow['action'] {
  if (errors.length > 0) return 'error';
  if (!existing) return 'create';
  const same =
    fields!.name === existing.name &&
    fields!.phone === existing.phone &&
    fields!.email === existing.email &&
    fields!.address === existing.address &&
    fields!.taxId === existing.taxId &&
    fields!.notes === existing.notes &&
    (archived === null || archived === (existing.archivedAt !== null));
  return same ? 'unchanged' : 'update';
}

/**
 * Warns of the same phone or email as an earlier row, or as a kept contact other than the row's own.
 * Rows with errors are left out: they will not be imported as they stand.
 */
async function warnOfSharedContacts(db: Executor, scope: Scope, rows: PlannedRow[]): Promise<void> {
  const ok = rows.filter((r) => r.fields && r.report.errors.length === 0);
  const sharing = await findContactsSharing(
    db,
    scope.businessId,
    [...new Set(ok.map((r) => r.fields!.phoneDigits).filter((k): k is string => !!k))],
    [...new Set(ok.map((r) => r.fields!.email).filter((e): e is string => !!e))],
  );
  const firstPhone = new Map<string, number>();
  const firstEmail = new Map<string, number>();
  for (const row of ok) {
    const { phoneDigits, email } = row.fields!;
    const warn = (field: string, message: string) => row.report.warnings.push({ field, message });
    if (phoneDigits) {
      const seen = firstPhone.get(phoneDigits);
      if (seen !== undefined) warn('phone', `The same phone number as row ${seen}`);
      else firstPhone.set(phoneDigits, row.record.line);
      const other = sharing.find((c) => c.phoneDigits === phoneDigits && c.id !== row.existing?.id);
      if (other) warn('phone', `${other.name} already has this phone number`);
    }
    if (email) {
      const seen = firstEmail.get(email);
      if (seen !== undefined) warn('email', `The same email as row ${seen}`);
      else firstEmail.set(email, row.record.line);
      const other = sharing.find((c) => c.email?.toLowerCase() === email && c.id !== row.existing?.id);
      if (other) warn('email', `${other.name} already has this email`);
    }
  }
}

/** The counts of the report's rows by action, and of rows with warnings. */
function summaryOf(rows: PlannedRow[]): ContactImportReport['summary'] {
  const count = (action: ContactImportRow['action']) => rows.filter((r) => r.report.action === action).length;
  return {
    total: rows.length,
    create: count('create'),
    update: count('update'),
    unchanged: count('unchanged'),
    errors: count('error'),
    warnings: rows.filter((r) => r.report.warnings.length > 0).length,
  };
}

export async function previewImport(deps: AppDeps, scope: Scope, bytes: Buffer): Promise<ContactImportReport> {
  return (await planImport(deps.database.db, scope, bytes)).report;
}

/**
 * Imports a file all-or-nothing in one transaction: every row is created or updated through the
 * same functions as the screen (audited, `via: contact_import`); any row error is a 422
 * IMPORT_INVALID with the report, and nothing is written. Duplicates were warned of, not refused.
 */
export async function commitImport(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  bytes: Buffer,
): Promise<ContactImportReport> {
  return deps.database.db.transaction(async (tx) => {
    const { rows, report } = await planImport(tx, scope, bytes);
    if (report.summary.errors > 0)
      throw new AppError(
        'IMPORT_INVALID',
        `${report.summary.errors} ${report.summary.errors === 1 ? 'row has' : 'rows have'} errors: nothing was imported`,
        { report },
      );
    for (const row of rows) {
      const fields = row.fields!;
      const body = {
        name: fields.name,
        phone: fields.phone,
        email: fields.email,
        address: fields.address,
        taxId: fields.taxId,
        notes: fields.notes,
        allowDuplicate: true,
      };
      if (row.report.action === 'create') {
        const created = await createContactIn(tx, actor, scope, { ...body, kind: row.kind }, { via: VIA });
        row.report.id = created.id;
        if (row.archived) await setContactArchivedIn(tx, actor, scope, created.id, true, { via: VIA });
      } else if (row.report.action === 'update') {
        await updateContactIn(tx, actor, scope, row.existing!.id, body, { via: VIA });
        if (row.archived !== null)
          await setContactArchivedIn(tx, actor, scope, row.existing!.id, row.archived, { via: VIA });
      }
    }
    return { ...report, rows: rows.map((r) => r.report), committed: true };
  });
}

/** `contacts-vendors-2026-05-02.csv`, `contacts-2026-05-02.csv` (the active store's today). */
export async function exportFileName(
  deps: AppDeps,
  scope: { timeZone: string },
  kind: ContactKind | undefined,
): Promise<string> {
  const date = storeDay(scope.timeZone, deps.now());
  return `contacts-${kind ? `${kind}s-` : ''}${date}.csv`;
}

/**
 * The contacts as CSV in the import's columns, produced page by page (500 at a time, keyset on name
 * and id) while the client reads; cells are escaped and guarded against spreadsheet formulas.
 */
export function exportContacts(deps: AppDeps, scope: Scope, kind: ContactKind | undefined): Readable {
  const db = deps.database.db;
  async function* lines() {
    // The BOM lets spreadsheet programs read the file as UTF-8; the import accepts it.
    yield `\uFEFF${csvLine(contactCsvColumns)}`;
    let after: { sortName: string; id: string } | null = null;
    for (;;) {
      const page = await contactExportPage(db, scope.businessId, {
        ...(kind ? { kind } : {}),
        after,
        limit: EXPORT_PAGE,
      });
      if (page.length === 0) return;
      yield page
        .map((c) =>
          csvLine([
            c.id,
            c.kind,
            c.name,
            c.phone ?? '',
            c.email ?? '',
            c.address ?? '',
            c.taxId ?? '',
            c.notes ?? '',
            c.archivedAt ? 'yes' : 'no',
          ]),
        )
        .join('');
      const last = page.at(-1)!;
      after = { sortName: last.sortName, id: last.id };
      if (page.length < EXPORT_PAGE) return;
    }
  }
  return Readable.from(lines());
}
