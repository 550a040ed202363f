import { useRef, type Dispatch, type SetStateAction } from 'react';
import { emptyCart, removeLine, updateLine, type Cart } from '../cart';
import type { PriceNotice } from '../use-complete-sale';
import { CartPanel, type CartPanelProps } from './cart-panel';
import { CartSheet } from './cart-sheet';
import { CustomerBar } from './customer-picker';
import { RegisterCartActions } from './register-cart-actions';

type RegisterCartProps = Pick<
  CartPanelProps,
  'cart' | 'priced' | 'currency' | 'canDiscount' | 'lineErrors' | 'shortfalls' | 'focusQuantityOf'
> & {
  /** On a phone the cart is a bar at the foot of the screen that opens as a sheet. */
  isPhone: boolean;
  heldCount: number;
  /** Why Pay is blocked (lines beyond the stock), or null. */
  payBlocked: string | null;
  priceNotice: PriceNotice | null;
  /** Changes the cart's lines or discount (the last refusal's notices go). */
  change: (next: (cart: Cart) => Cart) => void;
  /** Sets the cart as it is (the customer detached: the notices stay). */
  setCart: Dispatch<SetStateAction<Cart>>;
  onOpenCustomer: () => void;
  onShowHeld: () => void;
  onHold: () => void;
  onPay: () => void;
};

/**
 * The register's cart column: its lines, totals, customer and actions (hold, held sales, clear, Pay)
 * beside the search on a tablet or till; on a phone (CartSheet) the same cart in a sheet behind a bar
 * at the foot of the screen, whose Pay is disabled while the cart is empty or blocked.
 */
export function RegisterCart({
  cart,
  priced,
  currency,
  canDiscount,
  lineErrors,
  shortfalls,
  focusQuantityOf,
  isPhone,
  heldCount,
  payBlocked,
  priceNotice,
  change,
  setCart,
  onOpenCustomer,
  onShowHeld,
  onHold,
  onPay,
}: RegisterCartProps) {
  const customerRef = useRef<HTMLButtonElement>(null);
  const cartPanel = (
    <CartPanel
      cart={cart}
      priced={priced}
      currency={currency}
      canDiscount={canDiscount}
      lineErrors={lineErrors}
      shortfalls={shortfalls}
      focusQuantityOf={focusQuantityOf}
      onQuantity={(id, quantity) => change((c) => updateLine(c, id, { quantity }))}
      onLineDiscount={(id, discount) => change((c) => updateLine(c, id, { discount }))}
      onCartDiscount={(cartDiscount) => change((c) => ({ ...c, cartDiscount }))}
      onRemove={(id) => change((c) => removeLine(c, id))}
      customer={
        <CustomerBar
          ref={customerRef}
          customerId={cart.customerId}
          onOpen={onOpenCustomer}
          onDetach={() => setCart((c) => ({ ...c, customerId: null }))}
        />
      }
      actions={
        <RegisterCartActions
          currency={currency}
          lineCount={cart.lines.length}
          totalMinor={priced.totalMinor}
          heldCount={heldCount}
          payBlocked={payBlocked}
          priceNotice={priceNotice}
          onHold={onHold}
          onShowHeld={onShowHeld}
          onPay={onPay}
          onClear={() => change(() => emptyCart)}
        />
      }
    />
  );
  if (!isPhone) return cartPanel;
  return (
    <CartSheet
      cart={cart}
      totalMinor={priced.totalMinor}
      currency={currency}
      payDisabled={cart.lines.length === 0 || payBlocked !== null}
      weighOf={focusQuantityOf}
      onPay={onPay}
    >
      {cartPanel}
    </CartSheet>
  );
}
