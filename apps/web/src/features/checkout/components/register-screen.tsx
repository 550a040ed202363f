import { useCallback, useMemo, useRef, useState } from 'react';
import type { CurrencyCode, RegisterSession, Sale } from '@ipos/contracts';
import { LoadingCard } from '../../../components/feedback/load-states';
import { useMarkSaleInProgress } from '../../../lib/sale-in-progress';
import { emptyCart, priceOf, type Cart } from '../cart';
import { useCompleteSale } from '../use-complete-sale';
import { useHeldSaleActions } from '../use-held-sale-actions';
import { useBarcodeScanner } from '../use-scanner';
import { useRegisterAdding } from '../use-register-adding';
import { useRegisterDialogs, type RegisterDialog } from '../use-register-dialogs';
import { useRegisterStock } from '../use-register-stock';
import { useSavedTicket } from '../use-saved-ticket';
import { useIsPhoneRegister } from './cart-sheet';
import classes from './checkout.module.css';
import { DeviceStorageNotice } from './device-storage-notice';
import { useHeldCount } from './held-sales';
import { ReceiptPanel } from './receipt/receipt-panel';
import { RegisterCart } from './register-cart';
import { RegisterDialogs } from './register-dialogs';
import { RegisterSearchPane } from './register-search-pane';

export type { PriceNotice } from '../use-complete-sale';

interface RegisterScreenProps {
  /** Who sells: the sale in progress is kept on the device as theirs. */
  accountId: string;
  storeId: string;
  session: RegisterSession;
  currency: CurrencyCode;
  canDiscount: boolean;
  header: React.ReactNode;
  onRegisterClosed: () => void;
}

/**
 * The register: search, scanner, camera and tiles on the left; the cart with its totals on the
 * right (on a phone, a bar at the foot that opens as a sheet: RegisterCart); pay (PaymentDialog) and
 * the receipt (ReceiptPanel). Keyboard first:
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
}: RegisterScreenProps) {
  const [cart, setCart] = useState<Cart>(emptyCart);
  const [focusQuantityOf, setFocusQuantityOf] = useState<string | null>(null);
  const [dialog, setDialog] = useState<RegisterDialog>(null);
  // A new version of the app is not offered while the cart has lines or payment is open.
  useMarkSaleInProgress(`register:${session.id}`, cart.lines.length > 0 || dialog === 'pay');
  const [completed, setCompleted] = useState<Sale | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const priced = useMemo(() => priceOf(cart), [cart]);
  const isPhone = useIsPhoneRegister();
  const heldCount = useHeldCount(storeId);
  // Lines beyond the on hand are flagged at once; where the store refuses negative stock they block Pay.
  const { allowNegativeStock, shortfallOf, payBlocked } = useRegisterStock(storeId, cart, setCart);
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
  const { openPay, openHold } = useRegisterDialogs({
    cart,
    payBlocked,
    heldCount,
    prepare,
    setDialog,
    idle,
    searchRef,
  });

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
        <RegisterCart
          cart={cart}
          priced={priced}
          currency={currency}
          canDiscount={canDiscount}
          lineErrors={sale.lineErrors}
          shortfalls={shortfallOf}
          focusQuantityOf={focusQuantityOf}
          isPhone={isPhone}
          heldCount={heldCount}
          payBlocked={payBlocked}
          priceNotice={sale.priceNotice}
          change={change}
          setCart={setCart}
          onOpenCustomer={() => setDialog('customer')}
          onShowHeld={() => setDialog('held')}
          onHold={openHold}
          onPay={openPay}
        />
      </div>
      <RegisterDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        storeId={storeId}
        totalMinor={priced.totalMinor}
        currency={currency}
        sale={sale}
        held={held}
        searchRef={searchRef}
        setCart={setCart}
        scan={scan}
      />
    </div>
  );
}
