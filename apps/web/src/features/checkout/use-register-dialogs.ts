import { useCallback, type RefObject } from 'react';
import { toast } from '../../components/toast';
import type { Cart } from './cart';
import { useRegisterShortcuts } from './use-register-shortcuts';

/** The register's dialog open at the moment, if any. */
export type RegisterDialog = 'customer' | 'hold' | 'held' | 'camera' | 'pay' | null;

/**
 * Opening the register's dialogs, from its buttons and its keys (useRegisterShortcuts): Pay only
 * with lines in the cart and none blocking it (else a notice says why), after `prepare`; Hold with
 * lines in the cart, else the held sales when there are any; the customer picker.
 */
export function useRegisterDialogs({
  cart,
  payBlocked,
  heldCount,
  prepare,
  setDialog,
  idle,
  searchRef,
}: {
  cart: Cart;
  /** Why Pay is blocked (lines beyond the stock), or null. */
  payBlocked: string | null;
  heldCount: number;
  /** Called as Pay opens. */
  prepare: () => void;
  setDialog: (dialog: RegisterDialog) => void;
  /** No dialog and no receipt is open: the keys are live. */
  idle: boolean;
  searchRef: RefObject<HTMLInputElement | null>;
}) {
  const openPay = useCallback(() => {
    if (cart.lines.length === 0) {
      toast.show({ type: 'info', message: 'Add an item first' });
      return;
    }
    if (payBlocked) {
      toast.show({ type: 'warning', message: payBlocked });
      return;
    }
    prepare();
    setDialog('pay');
  }, [cart.lines.length, payBlocked, prepare, setDialog]);
  const openHold = useCallback(() => {
    if (cart.lines.length > 0) setDialog('hold');
    else if (heldCount > 0) setDialog('held');
  }, [cart.lines.length, heldCount, setDialog]);

  const openCustomer = useCallback(() => setDialog('customer'), [setDialog]);
  useRegisterShortcuts({ idle, searchRef, openCustomer, openHold, openPay });
  return { openPay, openHold };
}
