import { useEffect, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import {
  paymentInputSchema,
  paymentMethods,
  type CurrencyCode,
  type MobileMoneyProvider,
  type PaymentInput,
  type PaymentMethod,
} from '@ipos/contracts';
import { minorToInput, parseMoneyInput } from '../../../../components/money/money-input';
import { formatMoney } from '../../../../lib/money';

export type FieldErrors = Partial<Record<'amount' | 'reference' | 'provider' | 'phone', string>>;

const defaultProvider = (currency: CurrencyCode): MobileMoneyProvider => (currency === 'NGN' ? 'mtn_momo' : 'mpesa');

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The payment being taken: the tenders added so far and the one being entered (checked with the
 * contract's payment schema), what remains and the change, adding a tender, and completing — only
 * with the tenders adding up to the total exactly (cash may exceed what remains; the difference is
 * change). F1–F4 (or 1–4 outside a field) choose the method; Enter completes a free sale at once.
 */
export function usePaymentForm({
  totalMinor,
  currency,
  onConfirm,
  submitting,
  refs: { cashRef, amountRef, formRef },
}: {
  totalMinor: number;
  currency: CurrencyCode;
  onConfirm: (payments: PaymentInput[]) => void;
  submitting: boolean;
  refs: {
    cashRef: RefObject<HTMLInputElement | null>;
    amountRef: RefObject<HTMLInputElement | null>;
    formRef: RefObject<HTMLFormElement | null>;
  };
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  const [tenders, setTenders] = useState<PaymentInput[]>([]);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [cashText, setCashText] = useState('');
  const [amountText, setAmountText] = useState('');
  const [reference, setReference] = useState('');
  const [provider, setProvider] = useState<MobileMoneyProvider>(defaultProvider(currency));
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const paidMinor = tenders.reduce((sum, t) => sum + t.amountMinor, 0);
  const remainingMinor = Math.max(0, totalMinor - paidMinor);
  const nothingToPay = totalMinor <= 0;

  const choose = (next: PaymentMethod) => {
    setMethod(next);
    setErrors({});
    if (next !== 'cash') setAmountText(minorToInput(remainingMinor, currency));
    requestAnimationFrame(() => (next === 'cash' ? cashRef : amountRef).current?.focus());
  };

  // ---- the tender being entered
  const cash = parseMoneyInput(cashText, currency);
  const amount = parseMoneyInput(amountText, currency);
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
          ? `More than what remains (${money(remainingMinor)})`
          : undefined;

  /** The tender being entered as the contract takes it, or the field errors that stop it. */
  function draft(): { payment: PaymentInput } | { errors: FieldErrors } | null {
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
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'amountMinor' || issue.path[0] === 'tenderedMinor' ? 'amount' : issue.path[0];
      if (field === 'amount' || field === 'reference' || field === 'provider' || field === 'phone')
        fieldErrors[field] ??= issue.message;
    }
    return { errors: fieldErrors };
  }

  const coveredMinor = paidMinor + (amountError ? 0 : draftMinor);
  const covered = nothingToPay || (coveredMinor >= totalMinor && !amountError);

  const resetDraft = (nextRemaining: number) => {
    setCashText('');
    setReference('');
    setPhone('');
    setErrors({});
    setAmountText(method === 'cash' ? '' : minorToInput(nextRemaining, currency));
  };

  const addPayment = () => {
    const result = draft();
    if (!result) {
      setErrors({ amount: 'Enter an amount above zero' });
      return;
    }
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setTenders((list) => [...list, result.payment]);
    resetDraft(remainingMinor - result.payment.amountMinor);
    requestAnimationFrame(() => (method === 'cash' ? cashRef : amountRef).current?.focus());
  };

  const complete = (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting) return;
    // A free sale (everything discounted, or free items) is recorded without a payment.
    if (nothingToPay) {
      onConfirm([]);
      return;
    }
    const result = draft();
    if (result && 'errors' in result) {
      setErrors(result.errors);
      return;
    }
    const payments = result ? [...tenders, result.payment] : tenders;
    if (payments.reduce((sum, p) => sum + p.amountMinor, 0) !== totalMinor) {
      setErrors({ amount: `${money(totalMinor - paidMinor - (result?.payment.amountMinor ?? 0))} still to pay` });
      return;
    }
    onConfirm(payments);
  };

  /** Enter on an empty Cash tendered: the customer hands over exactly what remains. */
  const onCashKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || cashText.trim() !== '' || remainingMinor <= 0) return;
    event.preventDefault();
    if (submitting) return;
    onConfirm([...tenders, { method: 'cash', amountMinor: remainingMinor, tenderedMinor: remainingMinor }]);
  };

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      // A free sale: Enter completes it even before the dialog has taken the focus (F9 then Enter at
      // a cashier's speed lands inside the opening transition, with the focus still behind the dialog).
      const outside = !(event.target instanceof Node && formRef.current?.contains(event.target));
      if (event.key === 'Enter' && nothingToPay && outside && !event.defaultPrevented) {
        event.preventDefault();
        complete();
        return;
      }
      const fKey = /^F([1-4])$/.exec(event.key);
      const digit = !isTyping(event.target) && /^[1-4]$/.test(event.key) ? event.key : null;
      const index = fKey ? Number(fKey[1]) : digit ? Number(digit) : 0;
      if (!index || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      choose(paymentMethods[index - 1]!);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  /** Typing in a field clears the errors shown. */
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors({});
  };

  return {
    tenders,
    removeTender: (index: number) => setTenders((list) => list.filter((_, j) => j !== index)),
    method,
    choose,
    cash,
    cashText,
    setCashText: edit(setCashText),
    amountText,
    setAmountText: edit(setAmountText),
    reference,
    setReference,
    provider,
    setProvider,
    phone,
    setPhone,
    errors,
    paidMinor,
    remainingMinor,
    nothingToPay,
    changeMinor,
    draftMinor,
    amountError,
    covered,
    addPayment,
    complete,
    onCashKeyDown,
  };
}

export type PaymentFormState = ReturnType<typeof usePaymentForm>;
