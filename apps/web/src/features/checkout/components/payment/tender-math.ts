import {
  paymentInputSchema,
  type CurrencyCode,
  type MobileMoneyProvider,
  type PaymentInput,
  type PaymentMethod,
} from '@ipos/contracts';
import type { ParsedMoney } from '../../../../components/money/money-input';
import { formatMoney } from '../../../../lib/money';

export type FieldErrors = Partial<Record<'amount' | 'reference' | 'provider' | 'phone', string>>;

/** The tender being entered as the contract takes it, the field errors that stop it, or nothing (no amount). */
export type DraftPayment = { payment: PaymentInput } | { errors: FieldErrors } | null;

/** What the payments add up to, in minor units. */
export const sumMinor = (payments: readonly PaymentInput[]) => payments.reduce((sum, p) => sum + p.amountMinor, 0);

/**
 * What the tender being entered comes to against what remains: cash counts up to what remains (the
 * rest of what was tendered is change); another method counts its amount, and is refused above
 * what remains.
 */
export function tenderFigures({
  method,
  cash,
  amount,
  remainingMinor,
  currency,
}: {
  method: PaymentMethod;
  cash: ParsedMoney;
  amount: ParsedMoney;
  remainingMinor: number;
  currency: CurrencyCode;
}) {
  const tenderedMinor = cash.ok ? (cash.minor ?? 0) : 0;
  const changeMinor = method === 'cash' ? Math.max(0, tenderedMinor - remainingMinor) : 0;
  const draftMinor = method === 'cash' ? Math.min(tenderedMinor, remainingMinor) : amount.ok ? (amount.minor ?? 0) : 0;
  const overpaid = method !== 'cash' && draftMinor > remainingMinor;
  const amountError =
    method === 'cash'
      ? cash.ok
        ? undefined
        : cash.message
      : !amount.ok
        ? amount.message
        : overpaid
          ? `More than what remains (${formatMoney(remainingMinor, currency)})`
          : undefined;
  return { tenderedMinor, changeMinor, draftMinor, amountError };
}

/** The contract's issues as the form's field errors (the first per field; both amounts are the amount field). */
function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] === 'amountMinor' || issue.path[0] === 'tenderedMinor' ? 'amount' : issue.path[0];
    if (field === 'amount' || field === 'reference' || field === 'provider' || field === 'phone')
      fieldErrors[field] ??= issue.message;
  }
  return fieldErrors;
}

/**
 * The tender being entered checked with the contract's payment schema: cash with what was tendered;
 * another method with its reference, and mobile money with its provider and phone (blank fields
 * left out).
 */
export function draftPayment({
  method,
  draftMinor,
  tenderedMinor,
  amountError,
  reference,
  provider,
  phone,
}: {
  method: PaymentMethod;
  draftMinor: number;
  tenderedMinor: number;
  amountError: string | undefined;
  reference: string;
  provider: MobileMoneyProvider;
  phone: string;
}): DraftPayment {
  if (amountError) return { errors: { amount: amountError } };
  if (draftMinor <= 0) return null;
  const candidate =
    method === 'cash'
      ? { method, amountMinor: draftMinor, tenderedMinor }
      : {
          method,
          amountMinor: draftMinor,
          ...(reference.trim() ? { reference: reference.trim() } : {}),
          ...(method === 'mobile_money' ? { provider, ...(phone.trim() ? { phone: phone.trim() } : {}) } : {}),
        };
  const parsed = paymentInputSchema.safeParse(candidate);
  if (parsed.success) return { payment: parsed.data };
  return { errors: fieldErrorsOf(parsed.error.issues) };
}

/**
 * The payments that complete a sale of `totalMinor`: the tenders added and the one being entered,
 * adding up to the total exactly; else the errors to show (the entered tender's, or what is still
 * to pay).
 */
export function completingPayments({
  tenders,
  draft,
  totalMinor,
  currency,
}: {
  tenders: PaymentInput[];
  draft: DraftPayment;
  totalMinor: number;
  currency: CurrencyCode;
}): { payments: PaymentInput[] } | { errors: FieldErrors } {
  if (draft && 'errors' in draft) return { errors: draft.errors };
  const payments = draft ? [...tenders, draft.payment] : tenders;
  if (sumMinor(payments) !== totalMinor) {
    const stillToPay = totalMinor - sumMinor(tenders) - (draft?.payment.amountMinor ?? 0);
    return { errors: { amount: `${formatMoney(stillToPay, currency)} still to pay` } };
  }
  return { payments };
}
