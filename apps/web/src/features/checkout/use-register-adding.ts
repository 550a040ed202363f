import { useCallback, type RefObject } from 'react';
import { unitAllowsFractions, type RegisterSellable } from '@ipos/contracts';
import { showApiError, toast } from '../../components/toast';
import { findSellableByCode } from './api/checkout-api';
import { addSellable, type Cart } from './cart';

/**
 * Ringing items up at the register: `add` from a search or a tile, `scan` for a code from the
 * scanner or the camera. A weighed item's quantity takes the focus after it is added, else the search
 * (a scan leaves the focus where it is).
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
  const add = useCallback(
    (sellable: RegisterSellable, source: 'search' | 'scan' = 'search') => {
      change((c) => addSellable(c, sellable));
      if (unitAllowsFractions(sellable.unit)) setFocusQuantityOf(sellable.variantId);
      else if (source === 'search') searchRef.current?.focus();
    },
    [change, searchRef, setFocusQuantityOf],
  );

  const scan = useCallback(
    async (code: string) => {
      if (searchRef.current && document.activeElement === searchRef.current) {
        // The burst landed in the search box: it was a code, not a search.
        const input = searchRef.current;
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        setter?.call(input, '');
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
      try {
        const sellable = await findSellableByCode(storeId, code);
        if (sellable) add(sellable, 'scan');
        else toast.show({ type: 'error', title: 'Not found', message: `No product with barcode ${code}` });
      } catch (error) {
        showApiError(error, 'The scan could not be looked up');
      }
    },
    [add, searchRef, storeId],
  );
  return { add, scan };
}
