import { useState } from 'react';
import type { HeldSale } from '@ipos/contracts';
import { showApiError, toast } from '../../components/toast';
import { fetchSellables, useDiscardHeldSale, useHoldSale, useResumeHeldSale } from './api/checkout-api';
import { cartFromHeld, emptyCart, heldCartOf, type Cart } from './cart';

/**
 * Holding the register's cart, resuming a held sale into an empty cart (items no longer sold are
 * left out, and said), and discarding one.
 */
export function useHeldSaleActions({
  storeId,
  cart,
  replaceCart,
  onDone,
}: {
  storeId: string;
  cart: Cart;
  /** Puts another cart on the register. */
  replaceCart: (cart: Cart) => void;
  /** Held or resumed: the dialog closes and the search takes the focus. */
  onDone: () => void;
}) {
  const [resumingId, setResumingId] = useState<string | null>(null);
  const hold = useHoldSale(storeId);
  const resume = useResumeHeldSale(storeId);
  const discard = useDiscardHeldSale(storeId);

  const holdCart = (label: string | undefined) => {
    hold.mutate(
      { ...(label ? { label } : {}), cart: heldCartOf(cart) },
      {
        onSuccess: (held) => {
          replaceCart(emptyCart);
          toast.show({ type: 'success', message: `Sale held${held.label ? ` as “${held.label}”` : ''}.` });
          onDone();
        },
        onError: (error) => showApiError(error, 'The sale was not held'),
      },
    );
  };

  const resumeHeld = async (held: HeldSale) => {
    if (cart.lines.length > 0) {
      toast.show({ type: 'info', message: 'Finish or hold the current sale first' });
      return;
    }
    setResumingId(held.id);
    try {
      const taken = await resume.mutateAsync(held.id);
      const sellables = await fetchSellables(taken.cart.lines.map((l) => l.variantId));
      const { cart: restored, dropped } = cartFromHeld(taken.cart, sellables);
      replaceCart(restored);
      if (dropped > 0)
        toast.show({
          type: 'warning',
          message: `${dropped} item${dropped === 1 ? ' is' : 's are'} no longer sold and left out.`,
        });
      onDone();
    } catch (error) {
      showApiError(error, 'The sale could not be resumed');
    } finally {
      setResumingId(null);
    }
  };

  const discardHeld = (held: HeldSale) =>
    discard.mutate(held.id, {
      onSuccess: () => toast.show({ type: 'success', message: 'Held sale discarded.' }),
      onError: (error) => showApiError(error, 'Not discarded'),
    });

  return { holdCart, resumeHeld, discardHeld, resumingId, holding: hold.isPending };
}
