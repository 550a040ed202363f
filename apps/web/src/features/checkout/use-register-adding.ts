import { useCallback, useRef, useState, type RefObject } from 'react';
import { unitAllowsFractions, type RegisterSellable } from '@ipos/contracts';
import { showApiError, toast } from '../../components/toast';
import { findSellableByCode } from './api/checkout-api';
import { addSellable, type Cart } from './cart';
import { quantityRefusal } from './quantity-shortcut';
import { focusRegisterSearch, typeInto } from './register-focus';

/**
 * Ringing items up at the register: `add` from a search or a tile, `scan` for a code from the
 * scanner or the camera. The quantity typed as `3*` in the search (`pendingQuantity`) goes to the
 * next item added, whichever way, then is cleared; a fraction of an item sold whole is refused with
 * a message. After an add the search has the focus, except for a weighed item added without a
 * quantity: its quantity box takes the focus, to type the weight.
 */
export function useRegisterAdding({
  storeId,
  searchRef,
  change,
  setFocusQuantityOf,
}: {
  storeId: string;
  searchRef: RefObject<HTMLInputElement | null>;
  change: (next: (cart: Cart) => Cart) => void;
  setFocusQuantityOf: (variantId: string) => void;
}) {
  const [pendingQuantity, setPending] = useState<number | null>(null);
  // Read at the moment of the add: a scan's lookup ends after the render that set the quantity.
  const pending = useRef<number | null>(null);
  const setPendingQuantity = useCallback((quantity: number | null) => {
    pending.current = quantity;
    setPending(quantity);
  }, []);

  const add = useCallback(
    (sellable: RegisterSellable) => {
      const quantity = pending.current;
      if (quantity !== null) setPendingQuantity(null);
      const refusal = quantity === null ? null : quantityRefusal(sellable, quantity);
      if (refusal) toast.show({ type: 'error', title: 'Not added', message: refusal });
      else change((c) => addSellable(c, sellable, quantity ?? 1));
      if (!refusal && quantity === null && unitAllowsFractions(sellable.unit)) setFocusQuantityOf(sellable.variantId);
      else focusRegisterSearch(searchRef.current);
    },
    [change, searchRef, setFocusQuantityOf, setPendingQuantity],
  );

  const scan = useCallback(
    async (code: string) => {
      if (searchRef.current && document.activeElement === searchRef.current) {
        // The burst landed in the search box: it was a code, not a search.
        typeInto(searchRef.current, '');
      }
      try {
        const sellable = await findSellableByCode(storeId, code);
        if (sellable) add(sellable);
        else toast.show({ type: 'error', title: 'Not found', message: `No product with barcode ${code}` });
      } catch (error) {
        showApiError(error, 'The scan could not be looked up');
      }
    },
    [add, searchRef, storeId],
  );
  return { add, scan, pendingQuantity, setPendingQuantity };
}
