import {
  invoiceState,
  parseThousandths,
  priceCart,
  storeDay,
  thousandthsToNumeric,
  toThousandths,
  type createInvoiceBodySchema,
  type Discount,
  type emailInvoiceBodySchema,
  type FieldError,
  type Invoice,
  type InvoiceStatus,
  type InvoiceSummary,
  type listInvoicesQuerySchema,
  type MobileMoneyProvider,
  type PaymentMethod,
  type PricedCart,
  type recordInvoicePaymentBodySchema,
  type updateInvoiceBodySchema,
  type voidInvoiceBodySchema,
} from '@ipos/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { invoiceLines } from '../../db/schema.js';
import type { Actor } from '../../http/context.js';
import { actedAt } from '../../lib/clock.js';
import { AppError, invalidFields, notFound, checkVersion } from '../../http/app-error.js';
import { recordAudit } from '../../audit/audit.js';
import { entityEvents } from '../../audit/entity-events.js';
import { nextDocumentNumber } from '../../lib/document-numbers.js';
import { moveStock, returnStockTakenBy } from '../inventory/stock-ledger.js';
import { iso, isoOrNull, who, accountNames } from '../../lib/records.js';
import { variantDisplayName } from '../inventory/stock-variants.repository.js';
import { lineFailureError, lineFaults } from '../inventory/line-checks.js';
import { findSaleVariants } from '../checkout/sales.repository.js';
import { findReceiptHeader } from '../../documents/letterhead.js';
import { findContact } from '../contacts/contacts.repository.js';
import { contactFieldError } from '../contacts/contacts.service.js';
import {
  deleteInvoiceRow,
  findInvoice,
  findInvoiceInBusiness,
  findTaxRate,
  insertInvoice,
  insertPayment,
  invoiceLineRows,
  invoicePaymentRows,
  listInvoiceRows,
  lockInvoice,
  paymentIdTaken,
  replaceInvoiceLines,
  setLineCost,
  updateInvoiceRow,
  type InvoiceLineRow,
  type InvoiceRow,
} from './invoices.repository.js';

/**
 * Invoices: drafts priced by the till's `priceCart`, issued with a number and stock out,
 * paid in parts, voided with the stock back. Every mutation is an `xIn(tx, actor, scope, …)` that the
 * route runs in its transaction (with the Idempotency-Key where the contract says so) and the demo
 * seed runs in its own; each writes one audit event (entity `invoice`) in that transaction.
 * The store's today (due, overdue, a payment's day) is the caller's `now` on the store's calendar
 * (`scope.timeZone`, as `StoreAccess` carries it); write timestamps are the actor's (`Actor.at`) or
 * the database's now.
 */

/** The active store: its tenant key and its IANA time zone. */
export type InvoiceScope = { businessId: string; storeId: string; timeZone: string };
type CreateBody = z.output<typeof createInvoiceBodySchema>;
type UpdateBody = z.output<typeof updateInvoiceBodySchema>;
type DraftBody = Omit<CreateBody, 'id'>;
type PaymentBody = z.output<typeof recordInvoicePaymentBodySchema>;
type VoidBody = z.output<typeof voidInvoiceBodySchema>;
type ListQuery = z.output<typeof listInvoicesQuerySchema>;

const WHAT = 'The invoice';
const AUDIT_ENTITY = 'invoice';

const notDraft = (status: string) =>
  new AppError('INVOICE_NOT_DRAFT', `This invoice is ${status}; only a draft can be changed, issued or deleted`);

// ---------------------------------------------------------------- reading

const balanceOf = (row: { status: string; totalMinor: number; paidMinor: number }) =>
  row.status === 'issued' ? Number(row.totalMinor) - Number(row.paidMinor) : 0;

function presentLine(l: InvoiceLineRow): Invoice['lines'][number] {
  return {
    lineNo: l.lineNo,
    kind: l.variantId ? 'product' : 'service',
    productId: l.productId,
    variantId: l.variantId,
    description: l.description,
    sku: l.sku,
    unit: l.unit ?? 'each',
    quantity: parseThousandths(l.quantity) / 1000,
    unitPriceMinor: Number(l.unitPriceMinor),
    discount: (l.discount as Discount | null) ?? null,
    grossMinor: Number(l.grossMinor),
    lineDiscountMinor: Number(l.lineDiscountMinor),
    cartDiscountMinor: Number(l.cartDiscountMinor),
    taxRateId: l.taxRateId,
    taxRateBasisPoints: l.taxRateBasisPoints,
    taxInclusive: l.taxInclusive,
    taxMinor: Number(l.taxMinor),
    totalMinor: Number(l.totalMinor),
  };
}

/**
 * One invoice as the API answers it at `now` (its state on the store's today), read in `db` (the
 * caller's transaction after a change).
 */
export async function loadInvoice(db: Executor, scope: InvoiceScope, id: string, now: Date): Promise<Invoice> {
  const row = await findInvoice(db, scope, id);
  if (!row) throw notFound(WHAT);
  const day = storeDay(scope.timeZone, now);
  const [customer, lines, payments, seller] = await Promise.all([
    findContact(db, scope.businessId, row.customerId),
    invoiceLineRows(db, scope.businessId, id),
    invoicePaymentRows(db, scope.businessId, id),
    // The same header the invoice PDF prints from: the business's tax id as it is now.
    findReceiptHeader(db, scope),
  ]);
  const names = await accountNames(db, [
    row.createdBy,
    row.issuedBy,
    row.voidedBy,
    ...payments.map((p) => p.recordedBy),
  ]);
  const totalMinor = Number(row.totalMinor);
  const paidMinor = Number(row.paidMinor);
  return {
    id: row.id,
    number: row.number,
    status: row.status as InvoiceStatus,
    state: invoiceState({ status: row.status as InvoiceStatus, dueDate: row.dueDate, totalMinor, paidMinor }, day),
    storeId: row.storeId,
    businessTaxId: seller?.taxId ?? null,
    customer: {
      id: row.customerId,
      name: customer?.name ?? 'Unknown',
      email: customer?.email ?? null,
      phone: customer?.phone ?? null,
      address: customer?.address ?? null,
      taxId: customer?.taxId ?? null,
    },
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    lines: lines.map(presentLine),
    cartDiscount: row.cartDiscount ?? null,
    subtotalMinor: Number(row.subtotalMinor),
    discountMinor: Number(row.discountMinor),
    taxMinor: Number(row.taxMinor),
    totalMinor,
    paidMinor,
    balanceMinor: balanceOf({ status: row.status, totalMinor, paidMinor }),
    notes: row.notes,
    terms: row.terms,
    payments: payments.map((p) => ({
      id: p.id,
      method: p.method as PaymentMethod,
      amountMinor: Number(p.amountMinor),
      reference: p.reference,
      provider: (p.provider as MobileMoneyProvider | null) ?? null,
      phone: p.phone,
      paidOn: p.paidOn,
      note: p.note,
      recordedBy: who(p.recordedBy, names)!,
      createdAt: iso(p.createdAt),
    })),
    createdBy: who(row.createdBy, names),
    createdAt: iso(row.createdAt),
    issuedAt: isoOrNull(row.issuedAt),
    issuedBy: who(row.issuedBy, names),
    paidAt: isoOrNull(row.paidAt),
    voidedAt: isoOrNull(row.voidedAt),
    voidedBy: who(row.voidedBy, names),
    voidReason: row.voidReason,
    version: row.version,
  };
}

export const getInvoice = (db: Executor, scope: InvoiceScope, id: string, now: Date) => loadInvoice(db, scope, id, now);

export async function listInvoiceEvents(db: Executor, scope: InvoiceScope, id: string) {
  if (!(await findInvoice(db, scope, id))) throw notFound(WHAT);
  return entityEvents(db, scope.businessId, AUDIT_ENTITY, id);
}

/**
 * GET /invoices: the active store's invoices, newest first, with outstanding and overdue (due before
 * the store's today at `now`) over the filter.
 */
export async function listInvoices(db: Executor, scope: InvoiceScope, query: ListQuery, now: Date) {
  const today = storeDay(scope.timeZone, now);
  const { page, pageSize } = query;
  const raw = query.number?.trim();
  const number = !raw
    ? undefined
    : /^\d+$/.test(raw)
      ? { digits: raw.replace(/^0+(?=\d)/, '') }
      : { exact: raw.toLowerCase() };
  const { rows, totals } = await listInvoiceRows(
    db,
    {
      businessId: scope.businessId,
      storeId: scope.storeId,
      today,
      state: query.state,
      customerId: query.customerId,
      from: query.from,
      to: query.to,
      number,
    },
    { limit: pageSize, offset: (page - 1) * pageSize },
  );
  const items: InvoiceSummary[] = rows.map((r) => {
    const status = r.status as InvoiceStatus;
    const totalMinor = Number(r.total_minor);
    const paidMinor = Number(r.paid_minor);
    return {
      id: r.id,
      number: r.number,
      status,
      state: invoiceState({ status, dueDate: r.due_date, totalMinor, paidMinor }, today),
      customer: { id: r.customer_id, name: r.customer_name },
      issueDate: r.issue_date,
      dueDate: r.due_date,
      totalMinor,
      paidMinor,
      balanceMinor: balanceOf({ status, totalMinor, paidMinor }),
      createdAt: iso(r.created_at),
    };
  });
  return {
    items,
    total: Number(totals.total),
    page,
    pageSize,
    totals: {
      outstandingMinor: Number(totals.outstanding_minor),
      outstandingCount: Number(totals.outstanding_count),
      overdueMinor: Number(totals.overdue_minor),
      overdueCount: Number(totals.overdue_count),
    },
  };
}

// ---------------------------------------------------------------- drafts

interface DraftLine {
  productId: string | null;
  variantId: string | null;
  description: string;
  sku: string | null;
  thousandths: number;
  unitPriceMinor: number;
  discount: Discount | null;
  taxRateId: string | null;
  taxRateBasisPoints: number;
  taxInclusive: boolean;
}

/** The stored lines of a draft as the priced lines they are (for issuing: prices as the draft has them). */
const storedDraftLines = (rows: InvoiceLineRow[]): DraftLine[] =>
  rows.map((l) => ({
    productId: l.productId,
    variantId: l.variantId,
    description: l.description,
    sku: l.sku,
    thousandths: parseThousandths(l.quantity),
    unitPriceMinor: Number(l.unitPriceMinor),
    discount: (l.discount as Discount | null) ?? null,
    taxRateId: l.taxRateId,
    taxRateBasisPoints: l.taxRateBasisPoints,
    taxInclusive: l.taxInclusive,
  }));

/** One pricing for the till and the invoice. */
export const priceInvoice = (lines: DraftLine[], cartDiscount: Discount | null): PricedCart =>
  priceCart(
    lines.map((l) => ({
      quantityThousandths: l.thousandths,
      unitPriceMinor: l.unitPriceMinor,
      discount: l.discount,
      taxRateBasisPoints: l.taxRateBasisPoints,
      taxInclusive: l.taxInclusive,
    })),
    cartDiscount,
  );

/**
 * The draft's customer and lines against the business: a non-archived customer; product lines name a
 * non-archived variant (name, SKU and tax from the catalogue) in a quantity its unit allows; service
 * lines an active tax rate of the business, if any. Every fault at once, as a 400 naming the fields.
 */
async function resolveDraft(tx: Executor, scope: InvoiceScope, body: DraftBody): Promise<DraftLine[]> {
  const invalid: FieldError[] = [];
  const customerProblem = contactFieldError(
    await findContact(tx, scope.businessId, body.customerId),
    'customer',
    'customerId',
  );
  if (customerProblem) invalid.push(customerProblem);
  const variants = await findSaleVariants(
    tx,
    scope,
    body.lines.flatMap((l) => (l.variantId ? [l.variantId] : [])),
  );
  const rates = new Map<string, Awaited<ReturnType<typeof findTaxRate>>>();
  for (const id of new Set(body.lines.flatMap((l) => (!l.variantId && l.taxRateId ? [l.taxRateId] : []))))
    rates.set(id, await findTaxRate(tx, scope.businessId, id));

  const lines = body.lines.map((line, index): DraftLine | undefined => {
    const thousandths = toThousandths(line.quantity);
    const discount = line.discount ?? null;
    if (line.variantId) {
      const variant = variants.get(line.variantId);
      // Each line for its first fault, as a sale answers.
      const [fault] = lineFaults(variant, thousandths, { mustTrack: false });
      if (fault) invalid.push(lineFailureError({ index, reason: fault, variant }, { wholeUnitsVerb: 'sold' }));
      if (!variant || fault) return undefined;
      return {
        productId: variant.productId,
        variantId: variant.variantId,
        description: variantDisplayName(variant),
        sku: variant.sku,
        thousandths,
        unitPriceMinor: line.unitPriceMinor,
        discount,
        taxRateId: variant.taxRateId,
        taxRateBasisPoints: variant.taxRateBasisPoints,
        taxInclusive: variant.taxInclusive,
      };
    }
    const rate = line.taxRateId ? rates.get(line.taxRateId) : undefined;
    if (line.taxRateId && !rate)
      invalid.push({ field: `lines.${index}.taxRateId`, message: 'No such tax rate in this business' });
    else if (rate && !rate.isActive)
      invalid.push({ field: `lines.${index}.taxRateId`, message: `${rate.name} is no longer in use` });
    return {
      productId: null,
      variantId: null,
      description: line.description!,
      sku: null,
      thousandths,
      unitPriceMinor: line.unitPriceMinor,
      discount,
      taxRateId: rate?.id ?? null,
      taxRateBasisPoints: rate?.rateBasisPoints ?? 0,
      taxInclusive: rate?.isInclusive ?? true,
    };
  });
  if (invalid.length > 0) throw invalidFields(invalid);
  return lines as DraftLine[];
}

function lineRows(
  businessId: string,
  invoiceId: string,
  lines: DraftLine[],
  priced: PricedCart,
): (typeof invoiceLines.$inferInsert)[] {
  return lines.map((l, i) => {
    const p = priced.lines[i]!;
    return {
      businessId,
      invoiceId,
      lineNo: i + 1,
      productId: l.productId,
      variantId: l.variantId,
      description: l.description,
      sku: l.sku,
      quantity: thousandthsToNumeric(l.thousandths),
      unitPriceMinor: l.unitPriceMinor,
      discount: l.discount,
      grossMinor: p.grossMinor,
      lineDiscountMinor: p.lineDiscountMinor,
      cartDiscountMinor: p.cartDiscountMinor,
      taxRateId: l.taxRateId,
      taxRateBasisPoints: l.taxRateBasisPoints,
      taxInclusive: l.taxInclusive,
      taxMinor: p.taxMinor,
      totalMinor: p.totalMinor,
    };
  });
}

const totalsOf = (priced: PricedCart) => ({
  subtotalMinor: priced.subtotalMinor,
  discountMinor: priced.discountMinor,
  taxMinor: priced.taxMinor,
  totalMinor: priced.totalMinor,
});

const draftHeader = (body: DraftBody) => ({
  customerId: body.customerId,
  issueDate: body.issueDate,
  dueDate: body.dueDate,
  cartDiscount: body.cartDiscount ?? null,
  notes: body.notes ? body.notes : null,
  terms: body.terms ? body.terms : null,
});

/** What a create asked for, comparable with what an invoice holds (a retried create is the same draft). */
function draftShape(body: DraftBody) {
  return JSON.stringify({
    ...draftHeader(body),
    lines: body.lines.map((l) => ({
      variantId: l.variantId ?? null,
      description: l.variantId ? null : (l.description ?? null),
      thousandths: toThousandths(l.quantity),
      unitPriceMinor: l.unitPriceMinor,
      discount: l.discount ?? null,
      taxRateId: l.variantId ? null : (l.taxRateId ?? null),
    })),
  });
}

function storedShape(row: InvoiceRow, lines: InvoiceLineRow[]) {
  return JSON.stringify({
    customerId: row.customerId,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    cartDiscount: row.cartDiscount ?? null,
    notes: row.notes,
    terms: row.terms,
    lines: lines.map((l) => ({
      variantId: l.variantId,
      description: l.variantId ? null : l.description,
      thousandths: parseThousandths(l.quantity),
      unitPriceMinor: Number(l.unitPriceMinor),
      discount: l.discount ?? null,
      taxRateId: l.variantId ? null : l.taxRateId,
    })),
  });
}

/** A create whose id is taken: the same draft again is a retry (answered with it); else a 400 on `id`. */
async function retriedCreate(
  tx: Executor,
  scope: InvoiceScope,
  row: InvoiceRow,
  body: CreateBody,
  now: Date,
): Promise<Invoice> {
  if (row.storeId === scope.storeId && row.status === 'draft') {
    const lines = await invoiceLineRows(tx, scope.businessId, row.id);
    if (storedShape(row, lines) === draftShape(body)) return loadInvoice(tx, scope, row.id, now);
  }
  throw invalidFields([
    { field: 'id', message: 'This id is already another invoice’s; start a new invoice (a new id)' },
  ]);
}

/** A draft invoice (no number, no stock effect), inside the caller's transaction. */
export async function createInvoiceIn(
  tx: Executor,
  actor: Actor,
  scope: InvoiceScope,
  body: CreateBody,
  now: Date,
): Promise<Invoice> {
  const existing = await findInvoiceInBusiness(tx, scope.businessId, body.id);
  if (existing) return retriedCreate(tx, scope, existing, body, now);
  const lines = await resolveDraft(tx, scope, body);
  const priced = priceInvoice(lines, body.cartDiscount ?? null);
  const inserted = await insertInvoice(tx, {
    businessId: scope.businessId,
    id: body.id,
    storeId: scope.storeId,
    status: 'draft',
    ...draftHeader(body),
    ...totalsOf(priced),
    createdBy: actor.accountId,
    ...(actor.at ? { createdAt: actor.at, updatedAt: actor.at } : {}),
  });
  if (!inserted)
    return retriedCreate(tx, scope, (await findInvoiceInBusiness(tx, scope.businessId, body.id))!, body, now);
  await replaceInvoiceLines(tx, scope.businessId, body.id, lineRows(scope.businessId, body.id, lines, priced));
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'invoice.created',
    entity: AUDIT_ENTITY,
    entityId: body.id,
    after: { ...draftHeader(body), ...totalsOf(priced), lines: lines.length },
  });
  return loadInvoice(tx, scope, body.id, now);
}

/** Changes a draft (all its fields and lines), checking its version. */
export async function updateInvoiceIn(
  tx: Executor,
  actor: Actor,
  scope: InvoiceScope,
  id: string,
  body: UpdateBody,
  now: Date,
): Promise<Invoice> {
  const row = await lockInvoice(tx, scope, id);
  if (!row) throw notFound(WHAT);
  if (row.status !== 'draft') throw notDraft(row.status);
  checkVersion('this invoice', row.version, body.version);
  const lines = await resolveDraft(tx, scope, body);
  const priced = priceInvoice(lines, body.cartDiscount ?? null);
  await replaceInvoiceLines(tx, scope.businessId, id, lineRows(scope.businessId, id, lines, priced));
  await updateInvoiceRow(tx, scope, id, { ...draftHeader(body), ...totalsOf(priced), version: row.version + 1 });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'invoice.updated',
    entity: AUDIT_ENTITY,
    entityId: id,
    before: { totalMinor: Number(row.totalMinor), dueDate: row.dueDate, customerId: row.customerId },
    after: { ...draftHeader(body), ...totalsOf(priced), lines: lines.length },
  });
  return loadInvoice(tx, scope, id, now);
}

/** Discards a draft (an issued invoice is voided, never deleted). */
export async function deleteInvoiceIn(tx: Executor, actor: Actor, scope: InvoiceScope, id: string): Promise<void> {
  const row = await lockInvoice(tx, scope, id);
  if (!row) throw notFound(WHAT);
  if (row.status !== 'draft') throw notDraft(row.status);
  await deleteInvoiceRow(tx, scope, id);
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'invoice.deleted',
    entity: AUDIT_ENTITY,
    entityId: id,
    before: { status: 'draft', customerId: row.customerId, totalMinor: Number(row.totalMinor) },
  });
}

// ---------------------------------------------------------------- issuing, payments, voiding

/**
 * Issues a draft: re-priced from its stored lines (prices as the draft has them), tracked product
 * lines leave stock (`sale` movements, ref_type `invoice`; 409 INSUFFICIENT_STOCK naming the lines,
 * nothing written, unless the store allows negative stock), each product line keeps its unit cost,
 * then the gapless number.
 */
export async function issueInvoiceIn(
  tx: Executor,
  actor: Actor,
  scope: InvoiceScope,
  id: string,
  body: { version: number },
  now: Date,
): Promise<Invoice> {
  const row = await lockInvoice(tx, scope, id);
  if (!row) throw notFound(WHAT);
  if (row.status !== 'draft') throw notDraft(row.status);
  checkVersion('this invoice', row.version, body.version);
  const stored = await invoiceLineRows(tx, scope.businessId, id);
  const lines = storedDraftLines(stored);
  const priced = priceInvoice(lines, (row.cartDiscount as Discount | null) ?? null);
  const variants = await findSaleVariants(
    tx,
    scope,
    lines.flatMap((l) => (l.variantId ? [l.variantId] : [])),
  );
  const tracked = lines.flatMap((l, index) => {
    const variant = l.variantId ? variants.get(l.variantId) : undefined;
    return variant?.isTracked ? [{ line: l, index }] : [];
  });
  if (tracked.length > 0)
    await moveStock(
      tx,
      actor,
      scope,
      tracked.map(({ line }) => ({
        productId: line.productId!,
        variantId: line.variantId!,
        deltaThousandths: -line.thousandths,
        reason: 'sale' as const,
        isTracked: true,
        refType: 'invoice' as const,
        refId: id,
      })),
      { fieldOf: (_input, i) => `lines.${tracked[i]!.index}.quantity` },
    );
  const number = await nextDocumentNumber(tx, scope, 'invoice');
  for (const [index, l] of lines.entries()) {
    const variant = l.variantId ? variants.get(l.variantId) : undefined;
    if (variant) await setLineCost(tx, scope.businessId, id, index + 1, variant.costPriceMinor);
  }
  await updateInvoiceRow(tx, scope, id, {
    status: 'issued',
    number,
    ...totalsOf(priced),
    issuedBy: actor.accountId,
    issuedAt: actedAt(actor),
    version: row.version + 1,
  });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'invoice.issued',
    entity: AUDIT_ENTITY,
    entityId: id,
    before: { status: 'draft' },
    after: {
      status: 'issued',
      number,
      totalMinor: priced.totalMinor,
      dueDate: row.dueDate,
      stock: tracked.map(({ line }) => ({ variantId: line.variantId, quantity: line.thousandths / 1000 })),
    },
  });
  return loadInvoice(tx, scope, id, now);
}

/**
 * Records a payment on an issued invoice, the invoice row locked so payments queue: 409
 * INVOICE_NOT_PAYABLE unless issued, INVOICE_OVERPAYMENT above the balance (with the balance); paid in
 * full → status paid and paid_at.
 */
export async function recordInvoicePaymentIn(
  tx: Executor,
  actor: Actor,
  scope: InvoiceScope,
  id: string,
  body: PaymentBody,
  now: Date,
): Promise<Invoice> {
  const row = await lockInvoice(tx, scope, id);
  if (!row) throw notFound(WHAT);
  if (row.status !== 'issued')
    throw new AppError(
      'INVOICE_NOT_PAYABLE',
      row.status === 'paid'
        ? 'This invoice is already paid in full'
        : `This invoice is ${row.status}; only an issued invoice takes payments`,
    );
  if (await paymentIdTaken(tx, scope.businessId, body.id))
    throw new AppError('INVOICE_PAYMENT_EXISTS', 'A payment with this id was already recorded; reload the invoice');
  const balanceMinor = Number(row.totalMinor) - Number(row.paidMinor);
  if (body.amountMinor > balanceMinor)
    throw new AppError('INVOICE_OVERPAYMENT', `Only ${balanceMinor} is owed on this invoice`, {
      balanceMinor,
      errors: [{ field: 'amountMinor', message: `At most the balance (${balanceMinor})` }],
    });
  const today = storeDay(scope.timeZone, now);
  if (body.paidOn && body.paidOn > today)
    throw invalidFields([{ field: 'paidOn', message: 'The money cannot come in after today' }]);
  const paidOn = body.paidOn ?? today;
  const inserted = await insertPayment(tx, {
    businessId: scope.businessId,
    id: body.id,
    invoiceId: id,
    storeId: scope.storeId,
    method: body.method,
    amountMinor: body.amountMinor,
    reference: body.reference ? body.reference : null,
    provider: body.provider ?? null,
    phone: body.phone ? body.phone : null,
    paidOn,
    note: body.note ? body.note : null,
    recordedBy: actor.accountId!,
    ...(actor.at ? { createdAt: actor.at } : {}),
  });
  if (!inserted)
    throw new AppError('INVOICE_PAYMENT_EXISTS', 'A payment with this id was already recorded; reload the invoice');
  const paidMinor = Number(row.paidMinor) + body.amountMinor;
  const paidInFull = paidMinor === Number(row.totalMinor);
  await updateInvoiceRow(tx, scope, id, {
    paidMinor,
    ...(paidInFull ? { status: 'paid', paidAt: actedAt(actor) } : {}),
    version: row.version + 1,
  });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'invoice.payment_recorded',
    entity: AUDIT_ENTITY,
    entityId: id,
    before: { status: row.status, paidMinor: Number(row.paidMinor) },
    after: {
      status: paidInFull ? 'paid' : 'issued',
      paidMinor,
      paymentId: body.id,
      method: body.method,
      amountMinor: body.amountMinor,
      paidOn,
    },
  });
  return loadInvoice(tx, scope, id, now);
}

/**
 * Voids an issued invoice without payments: the stock it took comes back exactly (`void` movements,
 * ref_type `invoice`), the reason is kept. 409 INVOICE_HAS_PAYMENTS once anything is paid;
 * INVOICE_NOT_ISSUED for a draft (delete it) or a void one.
 */
export async function voidInvoiceIn(
  tx: Executor,
  actor: Actor,
  scope: InvoiceScope,
  id: string,
  body: VoidBody,
  now: Date,
): Promise<Invoice> {
  const row = await lockInvoice(tx, scope, id);
  if (!row) throw notFound(WHAT);
  if (row.status === 'paid' || (row.status === 'issued' && Number(row.paidMinor) > 0))
    throw new AppError('INVOICE_HAS_PAYMENTS', 'This invoice has payments; it can no longer be voided');
  if (row.status !== 'issued')
    throw new AppError(
      'INVOICE_NOT_ISSUED',
      row.status === 'draft' ? 'A draft is not issued: delete it instead' : 'This invoice is already void',
    );
  checkVersion('this invoice', row.version, body.version);
  const returned = await returnStockTakenBy(tx, actor, scope, { refType: 'invoice', refId: id });
  await updateInvoiceRow(tx, scope, id, {
    status: 'void',
    voidedBy: actor.accountId,
    voidedAt: actedAt(actor),
    voidReason: body.reason,
    version: row.version + 1,
  });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'invoice.voided',
    entity: AUDIT_ENTITY,
    entityId: id,
    before: { status: 'issued' },
    after: {
      status: 'void',
      number: row.number,
      totalMinor: Number(row.totalMinor),
      reason: body.reason,
      stock: returned.map((r) => ({ variantId: r.variantId, quantity: r.thousandths / 1000 })),
    },
  });
  return loadInvoice(tx, scope, id, now);
}

export type EmailBody = z.output<typeof emailInvoiceBodySchema>;
