import { createStockTransfer, type FieldError, type Product, type ProductUnit, type Sellable } from '@ipos/contracts';
import { parseQuantityInput } from './quantity-input';
import { onHandIn, variantName } from './stock-figures';

/** One line of a transfer sheet: a variant and the quantity typed for it (kept as typed). */
export interface TransferLine {
  variantId: string;
  /** The product name with the variant label: "T-shirt (Red / M)". */
  name: string;
  sku: string;
  unit: ProductUnit;
  isTracked: boolean;
  /** On hand in the sending store when the line was added. */
  onHand: number;
  quantity: string;
}

export interface TransferErrors {
  toStoreId?: string;
  note?: string;
  /** Nothing to send. */
  lines?: string;
  byVariant: Record<string, string>;
}

export type TransferBody = NonNullable<typeof createStockTransfer.body>['_input'];

/** A product's live variants as lines, with on hand in the sending store. */
export function linesOfProduct(product: Product, storeId: string): TransferLine[] {
  return product.variants
    .filter((v) => !v.isArchived)
    .map((v) => ({
      variantId: v.id,
      name: variantName(product.name, v),
      sku: v.sku,
      unit: product.unit,
      isTracked: product.isTracked,
      onHand: onHandIn(v, storeId),
      quantity: '',
    }));
}

/** A variant found by the search or a scan, as a new line. */
export function lineOfSellable(v: Sellable): TransferLine {
  return {
    variantId: v.variantId,
    name: v.name,
    sku: v.sku,
    unit: v.unit,
    isTracked: v.isTracked,
    onHand: v.onHand,
    quantity: '',
  };
}

/** The typed quantity is above what the sending store holds (tracked goods only). */
export function isOverOnHand(line: TransferLine) {
  const parsed = parseQuantityInput(line.quantity, line.unit);
  return line.isTracked && parsed.ok && parsed.value > line.onHand;
}

/**
 * Checks the sheet before sending: lines left blank are not sent, every filled line needs a quantity
 * above zero in its unit, and something must be sent. Returns the body when there is nothing to fix,
 * and the sent lines in body order (a server error on `lines.N` names the N-th of them).
 */
export function checkTransfer(form: { toStoreId: string; note: string; lines: TransferLine[] }) {
  const errors: TransferErrors = { byVariant: {} };
  if (!form.toStoreId) errors.toStoreId = 'Choose the store that receives it';
  const sent: { variantId: string; quantity: number }[] = [];
  for (const line of form.lines) {
    if (line.quantity.trim() === '') continue;
    const parsed = parseQuantityInput(line.quantity, line.unit);
    if (!parsed.ok) errors.byVariant[line.variantId] = parsed.message;
    else if (parsed.value === 0) errors.byVariant[line.variantId] = 'Enter a quantity above zero';
    else sent.push({ variantId: line.variantId, quantity: parsed.value });
  }
  if (sent.length === 0 && Object.keys(errors.byVariant).length === 0) errors.lines = 'Enter the quantity to send';
  const body: TransferBody = {
    toStoreId: form.toStoreId,
    ...(form.note.trim() ? { note: form.note.trim() } : {}),
    lines: sent,
  };
  const result = createStockTransfer.body!.safeParse(body);
  if (!result.success)
    for (const issue of result.error.issues) {
      if (issue.path[0] === 'note') errors.note ??= issue.message;
      if (issue.path[0] === 'lines' && issue.path.length === 1) errors.lines ??= issue.message;
    }
  const ok = !errors.toStoreId && !errors.note && !errors.lines && Object.keys(errors.byVariant).length === 0;
  return { errors, body: ok ? body : undefined };
}

/** The API's field errors placed on the sheet; `placed` is false when none belongs to a field shown. */
export function placeServerErrors(fieldErrors: readonly FieldError[], sent: TransferBody['lines']) {
  const found: TransferErrors = { byVariant: {} };
  for (const { field, message } of fieldErrors) {
    const path = field.replace(/^body\./, '');
    const line = /^lines\.(\d+)/.exec(path);
    const variantId = line ? sent[Number(line[1])]?.variantId : undefined;
    if (variantId) found.byVariant[variantId] ??= message;
    else if (path === 'toStoreId') found.toStoreId = message;
    else if (path === 'note') found.note = message;
  }
  const placed = Boolean(found.toStoreId || found.note || Object.keys(found.byVariant).length > 0);
  return { found, placed };
}

/** The stores a transfer from `storeId` may go to: every other store of the business, in name order. */
export function destinationsOf(products: readonly Product[], storeId: string) {
  // Every variant lists every store of the business.
  const stores = products[0]?.variants[0]?.stores ?? [];
  return stores
    .filter((s) => s.storeId !== storeId)
    .map((s) => ({ storeId: s.storeId, storeName: s.storeName, storeAlias: s.storeAlias }));
}
