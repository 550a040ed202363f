import { useEffect, type RefObject } from 'react';
import { trackInputKind } from './register-focus';

/**
 * The register's keys, anywhere on the register while no dialog is open: / or F2 search, F4
 * customer, F8 hold, F9 or Ctrl/⌘+Enter pay. (The search box's own keys are in ProductSearch, a
 * cart line's in onCartLineKeyDown.) While the register is open it notes whether the cashier works
 * by touch, which decides whether the focus goes back to the search (register-focus.ts).
 */
export function useRegisterShortcuts({
  idle,
  searchRef,
  openCustomer,
  openHold,
  openPay,
}: {
  /** No dialog and no receipt is open. */
  idle: boolean;
  searchRef: RefObject<HTMLInputElement | null>;
  openCustomer: () => void;
  openHold: () => void;
  openPay: () => void;
}) {
  useEffect(trackInputKind, []);
  useEffect(() => {
    if (!idle) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing =
        !!target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
      if (event.key === 'F2' || (event.key === '/' && !typing)) {
        event.preventDefault();
        searchRef.current?.focus();
      } else if (event.key === 'F4') {
        event.preventDefault();
        openCustomer();
      } else if (event.key === 'F8') {
        event.preventDefault();
        openHold();
      } else if (event.key === 'F9' || (event.key === 'Enter' && (event.ctrlKey || event.metaKey))) {
        event.preventDefault();
        openPay();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [idle, searchRef, openCustomer, openHold, openPay]);
}
