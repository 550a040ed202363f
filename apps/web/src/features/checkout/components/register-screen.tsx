import { useCallback, useMemo, useRef, useState } from 'react';
import type { CurrencyCode, RegisterSession, Sale } from '@ipos/contracts';
import { LoadingCard } from '../../../components/feedback/load-states';
import { toast } from '../../../components/toast';
import { useActiveStore } from '../../../lib/active-store';
import { useMarkSaleInProgress } from '../../../lib/sale-in-progress';
import { emptyCart, priceOf, removeLine, updateLine, type Cart } from '../cart';
import { payBlockedMessage, stockShortfalls } from '../stock';
import { useCompleteSale } from '../use-complete-sale';
import { useHeldSaleActions } from '../use-held-sale-actions';
import { useBarcodeScanner } from '../use-scanner';
import { useRegisterAdding } from '../use-register-adding';
import { useRegisterShortcuts } from '../use-register-shortcuts';
import { useSavedTicket } from '../use-saved-ticket';
import { useStockRefreshOnFocus } from '../use-stock-refresh';
import { CameraScanDialog } from './camera-scan-dialog';
import { CartPanel } from './cart-panel';
import { CartSheet, useIsPhoneRegister } from './cart-sheet';
import classes from './checkout.module.css';
import { CustomerBar, CustomerDialog } from './customer-picker';
import { DeviceStorageNotice } from './device-storage-notice';
import { HeldSalesDialog, HoldDialog, useHeldCount } from './held-sales';
import { PaymentDialog } from './payment/payment-dialog';
import { ReceiptPanel } from './receipt/receipt-panel';
import { RegisterCartActions } from './register-cart-actions';
import { RegisterSearchPane } from './register-search-pane';

export type { PriceNotice } from '../use-complete-sale';

/**
 * The register: search, scanner, camera and tiles on the left; the cart with its totals on the
 * right (on a phone, a bar at the foot that opens as a sheet: CartSheet); pay (PaymentDialog) and the
 * receipt (ReceiptPanel). Keyboard first:
 * / or F2 search, F4 customer, F8 hold, F9 or Ctrl+Enter pay.
 */
export function RegisterScreen({
  accountId,
  storeId,
  session,
  currency,
  canDiscount,
  header,
  onRegisterClosed,
}: {
  /** Who sells: the sale in progress is kept on the device as theirs. */
  accountId: string;
  storeId: string;
  session: RegisterSession;
  currency: CurrencyCode;
  canDiscount: boolean;
  header: React.ReactNode;
  onRegisterClosed: () => void;
}) {
  const [cart, setCart] = useState<Cart>(emptyCart);
  const [focusQuantityOf, setFocusQuantityOf] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'customer' | 'hold' | 'held' | 'camera' | 'pay' | null>(null);
  // A new version of the app is not offered while the cart has lines or payment is open.
  useMarkSaleInProgress(`register:${session.id}`, cart.lines.length > 0 || dialog === 'pay');
  const [completed, setCompleted] = useState<Sale | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const customerRef = useRef<HTMLButtonElement>(null);
  const priced = useMemo(() => priceOf(cart), [cart]);
  const isPhone = useIsPhoneRegister();
  const heldCount = useHeldCount(storeId);
  // Lines beyond the on hand are flagged at once; where the store refuses negative stock they block Pay.
  const allowNegativeStock = useActiveStore(storeId).data?.allowNegativeStock ?? false;
  const shortfalls = useMemo(() => stockShortfalls(cart, allowNegativeStock), [cart, allowNegativeStock]);
  const shortfallOf = useMemo(() => new Map(shortfalls.map((s) => [s.variantId, s])), [shortfalls]);
  const payBlocked = payBlockedMessage(shortfalls);
  useStockRefreshOnFocus(storeId, cart, setCart);
  const sale = useCompleteSale({
    accountId,
    storeId,
    session,
    cart,
    setCart,
    allowNegativeStock,
    onCompleted: (done) => {
      setDialog(null);
      setCompleted(done);
    },
    onStopped: () => setDialog(null),
    onRegisterClosed,
  });
  const { clearNotices, prepare } = sale;
  const ticket = useSavedTicket({
    accountId,
    storeId,
    sessionId: session.id,
    cart: completed ? emptyCart : cart,
    setCart,
  });

  const change = useCallback(
    (next: (c: Cart) => Cart) => {
      setCart(next);
      clearNotices();
    },
    [clearNotices],
  );
  const held = useHeldSaleActions({
    storeId,
    cart,
    replaceCart: (next) => change(() => next),
    onDone: () => {
      setDialog(null);
      searchRef.current?.focus();
    },
  });

  const { add, scan, pendingQuantity, setPendingQuantity } = useRegisterAdding({
    storeId,
    searchRef,
    change,
    setFocusQuantityOf,
  });
  const idle = dialog === null && completed === null;
  useBarcodeScanner((code) => void scan(code), idle);

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
  }, [cart.lines.length, payBlocked, prepare]);
  const openHold = useCallback(() => {
    if (cart.lines.length > 0) setDialog('hold');
    else if (heldCount > 0) setDialog('held');
  }, [cart.lines.length, heldCount]);

  const openCustomer = useCallback(() => setDialog('customer'), []);
  useRegisterShortcuts({ idle, searchRef, openCustomer, openHold, openPay });

  const newSale = () => {
    setCompleted(null);
    change(() => emptyCart);
    // A quantity typed as `3*` and never used belonged to the sale just paid.
    setPendingQuantity(null);
    sale.startOver();
    requestAnimationFrame(() => searchRef.current?.focus());
  };

  if (completed) return <ReceiptPanel saleId={completed.id} onNewSale={newSale} />;
  if (!ticket.ready) return <LoadingCard label="Opening the sale in progress" />;

  const cartPanel = (
    <CartPanel
      cart={cart}
      priced={priced}
      currency={currency}
      canDiscount={canDiscount}
      lineErrors={sale.lineErrors}
      shortfalls={shortfallOf}
      focusQuantityOf={focusQuantityOf}
      onQuantity={(id, quantity) => change((c) => updateLine(c, id, { quantity }))}
      onLineDiscount={(id, discount) => change((c) => updateLine(c, id, { discount }))}
      onCartDiscount={(cartDiscount) => change((c) => ({ ...c, cartDiscount }))}
      onRemove={(id) => change((c) => removeLine(c, id))}
      customer={
        <CustomerBar
          ref={customerRef}
          customerId={cart.customerId}
          onOpen={() => setDialog('customer')}
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
          priceNotice={sale.priceNotice}
          onHold={openHold}
          onShowHeld={() => setDialog('held')}
          onPay={openPay}
          onClear={() => change(() => emptyCart)}
        />
      }
    />
  );
  return (
    <div className={classes.screen}>
      {header}
      <div className={classes.register}>
        <div className={classes.searchColumn}>
          <DeviceStorageNotice />
          <RegisterSearchPane
            searchRef={searchRef}
            storeId={storeId}
            currency={currency}
            onAdd={add}
            pendingQuantity={pendingQuantity}
            onPendingQuantity={setPendingQuantity}
            onCamera={() => setDialog('camera')}
          />
        </div>
        {isPhone ? (
          <CartSheet
            cart={cart}
            totalMinor={priced.totalMinor}
            currency={currency}
            payDisabled={cart.lines.length === 0 || payBlocked !== null}
            weighOf={focusQuantityOf}
            onPay={openPay}
          >
            {cartPanel}
          </CartSheet>
        ) : (
          cartPanel
        )}
      </div>
      <PaymentDialog
        opened={dialog === 'pay'}
        totalMinor={priced.totalMinor}
        currency={currency}
        onClose={() => setDialog(null)}
        onConfirm={sale.confirm}
        submitting={sale.submitting}
        error={sale.error}
      />
      <CustomerDialog
        opened={dialog === 'customer'}
        onClose={() => {
          setDialog(null);
          searchRef.current?.focus();
        }}
        onPick={(customerId) => setCart((c) => ({ ...c, customerId }))}
      />
      <HoldDialog
        opened={dialog === 'hold'}
        submitting={held.holding}
        onClose={() => setDialog(null)}
        onHold={held.holdCart}
      />
      <HeldSalesDialog
        storeId={storeId}
        opened={dialog === 'held'}
        busyId={held.resumingId}
        onClose={() => setDialog(null)}
        onResume={(h) => void held.resumeHeld(h)}
        onDiscard={held.discardHeld}
      />
      <CameraScanDialog
        opened={dialog === 'camera'}
        onClose={() => setDialog(null)}
        onCode={(code) => {
          setDialog(null);
          void scan(code);
        }}
      />
    </div>
  );
}
