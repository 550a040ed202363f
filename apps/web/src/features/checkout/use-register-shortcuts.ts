import { useEffect, type RefObject } from 'react';

/**
 * The register's keys, anywhere on the register while no dialog is open: / or F2 search, F4
 * customer, F8 hold, F9 or Ctrl/⌘+Enter pay.
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
