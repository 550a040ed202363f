import { useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import type { CurrencyCode, PaymentInput } from '@ipos/contracts';
import { completingPayments, sumMinor } from './tender-math';
import { usePaymentKeys } from './use-payment-keys';
import { useTenderDraft } from './use-tender-draft';

export type { FieldErrors } from './tender-math';

interface PaymentFormOptions {
  totalMinor: number;
  currency: CurrencyCode;
  onConfirm: (payments: PaymentInput[]) => void;
  submitting: boolean;
  refs: {
    cashRef: RefObject<HTMLInputElement | null>;
    amountRef: RefObject<HTMLInputElement | null>;
    formRef: RefObject<HTMLFormElement | null>;
  };
}

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
}: PaymentFormOptions) {
  const [tenders, setTenders] = useState<PaymentInput[]>([]);
  const paidMinor = sumMinor(tenders);
  const remainingMinor = Math.max(0, totalMinor - paidMinor);
  const nothingToPay = totalMinor <= 0;
  const entry = useTenderDraft({ currency, remainingMinor, cashRef, amountRef });
  const { draftMinor, amountError } = entry.fields;

  const coveredMinor = paidMinor + (amountError ? 0 : draftMinor);
  const covered = nothingToPay || (coveredMinor >= totalMinor && !amountError);

  const addPayment = () => {
    const result = entry.draft();
    if (!result) {
      entry.setErrors({ amount: 'Enter an amount above zero' });
      return;
    }
    if ('errors' in result) {
      entry.setErrors(result.errors);
      return;
    }
    setTenders((list) => [...list, result.payment]);
    entry.reset(remainingMinor - result.payment.amountMinor);
    entry.focusAmount();
  };

  const complete = (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting) return;
    // A free sale (everything discounted, or free items) is recorded without a payment.
    if (nothingToPay) {
      onConfirm([]);
      return;
    }
    const result = completingPayments({ tenders, draft: entry.draft(), totalMinor, currency });
    if ('errors' in result) entry.setErrors(result.errors);
    else onConfirm(result.payments);
  };

  /** Enter on an empty Cash tendered: the customer hands over exactly what remains. */
  const onCashKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || entry.fields.cashText.trim() !== '' || remainingMinor <= 0) return;
    event.preventDefault();
    if (submitting) return;
    onConfirm([...tenders, { method: 'cash', amountMinor: remainingMinor, tenderedMinor: remainingMinor }]);
  };

  usePaymentKeys({ formRef, nothingToPay, complete, choose: entry.fields.choose });

  return {
    tenders,
    removeTender: (index: number) => setTenders((list) => list.filter((_, j) => j !== index)),
    ...entry.fields,
    paidMinor,
    remainingMinor,
    nothingToPay,
    covered,
    addPayment,
    complete,
    onCashKeyDown,
  };
}

export type PaymentFormState = ReturnType<typeof usePaymentForm>;
