import { useState, type RefObject } from 'react';
import type { CurrencyCode, MobileMoneyProvider, PaymentMethod } from '@ipos/contracts';
import { minorToInput, parseMoneyInput } from '../../../../components/money/money-input';
import { draftPayment, tenderFigures, type FieldErrors } from './tender-math';

const defaultProvider = (currency: CurrencyCode): MobileMoneyProvider => (currency === 'NGN' ? 'mtn_momo' : 'mpesa');

interface TenderDraftOptions {
  currency: CurrencyCode;
  /** What the tenders added so far leave to pay. */
  remainingMinor: number;
  cashRef: RefObject<HTMLInputElement | null>;
  amountRef: RefObject<HTMLInputElement | null>;
}

/**
 * The tender being entered: its method and fields, the errors shown on them, and what it comes to
 * against what remains. Choosing another method than cash fills its amount with what remains;
 * either way the method's amount field takes the focus. Typing an amount clears the errors shown.
 */
export function useTenderDraft({ currency, remainingMinor, cashRef, amountRef }: TenderDraftOptions) {
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [cashText, setCashText] = useState('');
  const [amountText, setAmountText] = useState('');
  const [reference, setReference] = useState('');
  const [provider, setProvider] = useState<MobileMoneyProvider>(defaultProvider(currency));
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const cash = parseMoneyInput(cashText, currency);
  const amount = parseMoneyInput(amountText, currency);
  const { tenderedMinor, changeMinor, draftMinor, amountError } = tenderFigures({
    method,
    cash,
    amount,
    remainingMinor,
    currency,
  });

  /** Focuses the amount field of `of` once the form has drawn it. */
  const focusAmount = (of: PaymentMethod) =>
    requestAnimationFrame(() => (of === 'cash' ? cashRef : amountRef).current?.focus());

  const choose = (next: PaymentMethod) => {
    setMethod(next);
    setErrors({});
    if (next !== 'cash') setAmountText(minorToInput(remainingMinor, currency));
    focusAmount(next);
  };

  /** A tender was added: the fields empty, and another method's amount is what remains now. */
  const reset = (nextRemaining: number) => {
    setCashText('');
    setReference('');
    setPhone('');
    setErrors({});
    setAmountText(method === 'cash' ? '' : minorToInput(nextRemaining, currency));
  };

  /** Typing in a field clears the errors shown. */
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors({});
  };

  return {
    /** What the payment form shows and edits of the tender being entered. */
    fields: {
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
      changeMinor,
      draftMinor,
      amountError,
    },
    /** The tender being entered as the contract takes it, or the field errors that stop it. */
    draft: () => draftPayment({ method, draftMinor, tenderedMinor, amountError, reference, provider, phone }),
    setErrors,
    reset,
    /** Focuses the current method's amount field. */
    focusAmount: () => focusAmount(method),
  };
}
