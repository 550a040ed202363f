import {
  addDays,
  priceCart,
  toThousandths,
  type CreateInvoiceBody,
  type CurrencyCode,
  type Discount,
  type Invoice,
  type InvoiceLineInput,
  type PricedCart,
  type ProductUnit,
  type RegisterSellable,
  type TaxRate,
} from '@ipos/contracts';
import { minorToInput, parseMoneyInput } from '../../components/money/money-input';
import { newId } from '../../lib/ids';

/**
 * An invoice as it is typed: text fields (what the person sees) with the catalogue facts a product
 * line needs to be priced on screen. `toPricingLines` + `priceCart` give the same figures the API
 * computes when it saves; `toDraftBody` gives the body `createInvoiceBodySchema` checks.
 */
export type DiscountType = Discount['type'];

export interface DraftLine {
  /** Stable React key; not sent. */
  key: string;
  kind: 'product' | 'service';
  variantId: string | null;
  /** The product's name, or the service's description (typed). */
  description: string;
  sku: string | null;
  unit: ProductUnit;
  quantity: string;
  price: string;
  discountType: DiscountType;
  discount: string;
  /** Service lines: a rate of the business, or '' for none. */
  taxRateId: string;
  /** Product lines carry their product's rate; service lines take it from `taxRateId`. */
  taxRateBasisPoints: number;
  taxInclusive: boolean;
}

export interface DraftForm {
  customerId: string | null;
  issueDate: string;
  dueDate: string;
  lines: DraftLine[];
  cartDiscountType: DiscountType;
  cartDiscount: string;
  notes: string;
  terms: string;
}

export const DEFAULT_DUE_DAYS = 14;
export const dueChoices = [7, 14, 30] as const;

export function emptyDraft(today: string, customerId: string | null): DraftForm {
  return {
    customerId,
    issueDate: today,
    dueDate: addDays(today, DEFAULT_DUE_DAYS),
    lines: [],
    cartDiscountType: 'percent',
    cartDiscount: '',
    notes: '',
    terms: '',
  };
}

export function productLine(variant: RegisterSellable, currency: CurrencyCode): DraftLine {
  return {
    key: newId(),
    kind: 'product',
    variantId: variant.variantId,
    description: variant.name,
    sku: variant.sku,
    unit: variant.unit,
    quantity: '1',
    price: minorToInput(variant.priceMinor, currency),
    discountType: 'percent',
    discount: '',
    taxRateId: '',
    taxRateBasisPoints: variant.taxRateBasisPoints,
    taxInclusive: variant.taxInclusive,
  };
}

export function serviceLine(defaultRate: TaxRate | undefined): DraftLine {
  return {
    key: newId(),
    kind: 'service',
    variantId: null,
    description: '',
    sku: null,
    unit: 'each',
    quantity: '1',
    price: '',
    discountType: 'percent',
    discount: '',
    taxRateId: defaultRate?.id ?? '',
    taxRateBasisPoints: defaultRate?.rateBasisPoints ?? 0,
    taxInclusive: defaultRate?.isInclusive ?? false,
  };
}

/** A saved draft back in the form, to edit it. */
export function draftFromInvoice(invoice: Invoice, currency: CurrencyCode): DraftForm {
  const discountText = (d: Discount | null) =>
    !d ? '' : d.type === 'amount' ? minorToInput(d.value, currency) : String(d.value / 100);
  return {
    customerId: invoice.customer.id,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    lines: invoice.lines.map((line) => ({
      key: newId(),
      kind: line.kind,
      variantId: line.variantId,
      description: line.description,
      sku: line.sku,
      unit: line.unit,
      quantity: String(line.quantity),
      price: minorToInput(line.unitPriceMinor, currency),
      discountType: line.discount?.type ?? 'percent',
      discount: discountText(line.discount),
      taxRateId: line.kind === 'service' ? (line.taxRateId ?? '') : '',
      taxRateBasisPoints: line.taxRateBasisPoints,
      taxInclusive: line.taxInclusive,
    })),
    cartDiscountType: invoice.cartDiscount?.type ?? 'percent',
    cartDiscount: discountText(invoice.cartDiscount),
    notes: invoice.notes ?? '',
    terms: invoice.terms ?? '',
  };
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** "2", "1.5": at most 3 decimals (the ledger's thousandths); empty or zero is refused. */
export function parseQuantity(text: string): Parsed<number> {
  const cleaned = text.trim().replace(/,/g, '');
  if (!/^\d*(\.\d*)?$/.test(cleaned) || cleaned === '' || cleaned === '.')
    return { ok: false, message: 'Enter a quantity' };
  if ((cleaned.split('.')[1] ?? '').length > 3) return { ok: false, message: 'Use at most 3 decimals' };
  const value = Number(cleaned);
  if (!(value > 0)) return { ok: false, message: 'Enter a quantity above zero' };
  return { ok: true, value };
}

/** "12.5" (%) → 1250 basis points, by string arithmetic; at most 2 decimals and 100%. */
export function parsePercent(text: string): Parsed<number> {
  const cleaned = text.trim();
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return { ok: false, message: 'Enter a percentage such as 10 or 12.5' };
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (value > 10_000) return { ok: false, message: 'At most 100%' };
  return { ok: true, value };
}

/** A discount field: empty is none; an amount in the currency or a percentage. */
export function parseDiscount(type: DiscountType, text: string, currency: CurrencyCode): Parsed<Discount | null> {
  if (text.trim() === '') return { ok: true, value: null };
  if (type === 'percent') {
    const p = parsePercent(text);
    return p.ok ? { ok: true, value: p.value === 0 ? null : { type, value: p.value } } : p;
  }
  const m = parseMoneyInput(text, currency);
  if (!m.ok) return m;
  return { ok: true, value: m.minor ? { type, value: m.minor } : null };
}

export function parsePrice(text: string, currency: CurrencyCode): Parsed<number> {
  const m = parseMoneyInput(text, currency);
  if (!m.ok) return m;
  if (m.minor === null) return { ok: false, message: 'Enter a price' };
  return { ok: true, value: m.minor };
}

/** Every figure of the draft as the server will compute it; a field that does not parse counts as 0. */
export function priceDraft(form: DraftForm, currency: CurrencyCode): PricedCart {
  const cartDiscount = parseDiscount(form.cartDiscountType, form.cartDiscount, currency);
  return priceCart(
    form.lines.map((line) => {
      const quantity = parseQuantity(line.quantity);
      const price = parsePrice(line.price, currency);
      const discount = parseDiscount(line.discountType, line.discount, currency);
      return {
        quantityThousandths: quantity.ok ? toThousandths(quantity.value) : 0,
        unitPriceMinor: price.ok ? price.value : 0,
        discount: discount.ok ? discount.value : null,
        taxRateBasisPoints: line.taxRateBasisPoints,
        taxInclusive: line.taxInclusive,
      };
    }),
    cartDiscount.ok ? cartDiscount.value : null,
  );
}

/** Paths of the form's own fields, as the contract and the API name them (`lines.2.quantity`). */
export type FieldErrors = Record<string, string>;

export interface DraftBody {
  customerId: string;
  issueDate: string;
  dueDate: string;
  lines: InvoiceLineInput[];
  cartDiscount?: Discount;
  notes?: string;
  terms?: string;
}

/**
 * The request body, and the text fields that did not parse (by the contract's paths). Values that
 * parse but break a rule (a due date before the issue date, no lines) are left to the schema.
 */
export function toDraftBody(form: DraftForm, currency: CurrencyCode): { body: DraftBody; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const lines = form.lines.map((line, i): InvoiceLineInput => {
    const quantity = parseQuantity(line.quantity);
    const price = parsePrice(line.price, currency);
    const discount = parseDiscount(line.discountType, line.discount, currency);
    if (!quantity.ok) errors[`lines.${i}.quantity`] = quantity.message;
    if (!price.ok) errors[`lines.${i}.unitPriceMinor`] = price.message;
    if (!discount.ok) errors[`lines.${i}.discount`] = discount.message;
    return {
      ...(line.kind === 'product' && line.variantId
        ? { variantId: line.variantId }
        : { description: line.description, ...(line.taxRateId ? { taxRateId: line.taxRateId } : {}) }),
      quantity: quantity.ok ? quantity.value : Number.NaN,
      unitPriceMinor: price.ok ? price.value : Number.NaN,
      ...(discount.ok && discount.value ? { discount: discount.value } : {}),
    };
  });
  const cartDiscount = parseDiscount(form.cartDiscountType, form.cartDiscount, currency);
  if (!cartDiscount.ok) errors.cartDiscount = cartDiscount.message;
  const body: DraftBody = {
    customerId: form.customerId ?? '',
    issueDate: form.issueDate,
    dueDate: form.dueDate,
    lines,
    ...(cartDiscount.ok && cartDiscount.value ? { cartDiscount: cartDiscount.value } : {}),
    ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
    ...(form.terms.trim() ? { terms: form.terms.trim() } : {}),
  };
  return { body, errors };
}

/** The create body for a new draft (its id from the client, so a retried create is the same draft). */
export const toCreateBody = (id: string, body: DraftBody): CreateInvoiceBody => ({ id, ...body });
