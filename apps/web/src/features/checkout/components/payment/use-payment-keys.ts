import { useEffect, type RefObject } from 'react';
import { paymentMethods, type PaymentMethod } from '@ipos/contracts';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The payment form's keys, anywhere on the page: F1–F4 (or 1–4 outside a field) choose the method;
 * on a free sale, Enter outside the form completes it. The listener is set again on every render,
 * so it always calls the latest `complete` and `choose`.
 */
export function usePaymentKeys({
  formRef,
  nothingToPay,
  complete,
  choose,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  nothingToPay: boolean;
  complete: () => void;
  choose: (method: PaymentMethod) => void;
}) {
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
}
