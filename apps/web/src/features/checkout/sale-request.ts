import type { ActiveStore, PaymentInput, PricedCart, RegisterSession } from '@ipos/contracts';
import type { Attempt } from '../../lib/attempt';
import { lineInputs, type Cart } from './cart';
import { offlineReceipt } from './outbox/offline-receipt';
import { referencePrefix } from './outbox/offline-reference';
import type { NewSale } from './outbox/outbox-store';

/**
 * The body of POST /sales for the cart and payments (without its id): the prices and taxes charged go
 * with every line, so that an offline sale is recorded at them; the cart discount and the customer
 * only when there are any; the till's total as the one expected.
 */
export function saleBodyOf({
  cart,
  priced,
  sessionId,
  payments,
}: {
  cart: Cart;
  priced: PricedCart;
  sessionId: string;
  payments: PaymentInput[];
}) {
  return {
    sessionId,
    lines: lineInputs(cart).map((l, i) => {
      const { unitPriceMinor, taxRateBasisPoints, taxInclusive } = cart.lines[i]!;
      return { ...l, unitPriceMinor, taxRateBasisPoints, taxInclusive };
    }),
    ...(cart.cartDiscount && cart.cartDiscount.value > 0 ? { cartDiscount: cart.cartDiscount } : {}),
    ...(cart.customerId ? { customerId: cart.customerId } : {}),
    payments,
    expectedTotalMinor: priced.totalMinor,
  };
}

/**
 * The sale as the outbox writes it: the body under its attempt's id and key, who sold it where, the
 * prefix of its offline reference, and the receipt the device prints if the server does not answer
 * (none while the store has not been read). That receipt names the cashier when the register knows
 * them (who opened it); the server's receipt after the sync always does.
 */
export function outboxSaleOf({
  body,
  attempt,
  cart,
  priced,
  payments,
  store,
  storeId,
  session,
  accountId,
}: {
  body: ReturnType<typeof saleBodyOf>;
  attempt: Attempt;
  cart: Cart;
  priced: PricedCart;
  payments: PaymentInput[];
  store: ActiveStore | undefined;
  storeId: string;
  session: RegisterSession;
  accountId: string;
}): NewSale {
  const { id: saleId, key: idempotencyKey } = attempt;
  const cashier = { id: accountId, name: session.openedBy.id === accountId ? session.openedBy.name : '' };
  return {
    body: { id: saleId, ...body },
    idempotencyKey,
    businessId: store?.business.id ?? '',
    storeId,
    sessionId: session.id,
    cashierId: accountId,
    referencePrefix: referencePrefix(store?.alias ?? 'POS', session.registerName),
    receipt: store
      ? offlineReceipt({ saleId, cart, priced, payments, store, session, cashier, soldAt: new Date().toISOString() })
      : null,
  };
}
