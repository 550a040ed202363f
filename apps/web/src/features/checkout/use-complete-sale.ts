import { useCallback, useState } from 'react';
import type { PaymentInput, RegisterSession, Sale } from '@ipos/contracts';
import { useActiveStore } from '../../lib/active-store';
import { useAttempts } from '../../lib/attempt';
import { deviceDb } from '../../lib/device-db';
import { useCreateSale, useRefreshStock } from './api/checkout-api';
import { priceOf, type Cart } from './cart';
import { sellThroughOutbox, type SaleOutcome } from './outbox/outbox';
import type { SendSale } from './outbox/outbox-answer';
import { syncNow } from './outbox/outbox-sync';
import { outboxSaleOf, saleBodyOf } from './sale-request';
import { useSaleRefusals } from './use-sale-refusals';

export type { PriceNotice } from './use-sale-refusals';

interface CompleteSaleOptions {
  /** Who sells (the cashier the queued sale keeps). */
  accountId: string;
  storeId: string;
  session: RegisterSession;
  cart: Cart;
  setCart: (cart: Cart) => void;
  allowNegativeStock: boolean;
  /** The sale is recorded. */
  onCompleted: (sale: Sale) => void;
  /** The server refused it: back to the cart. */
  onStopped: () => void;
  onRegisterClosed: () => void;
}

/**
 * Completing the register's sale through the outbox (written on the device, then sent; with no answer
 * in 5 s it completes on the device, "Pending sync"): one attempt per cart and payments (a retry
 * after a lost answer cannot sell twice), and what each refusal does (useSaleRefusals) — new prices
 * read and shown (PRICE_CHANGED), the lines to fix marked with nothing charged (a shortage, a refused
 * line), the register closed elsewhere (REGISTER_CLOSED).
 */
export function useCompleteSale({
  accountId,
  storeId,
  session,
  cart,
  setCart,
  allowNegativeStock,
  onCompleted,
  onStopped,
  onRegisterClosed,
}: CompleteSaleOptions) {
  const refreshStock = useRefreshStock(storeId);
  const refusals = useSaleRefusals({ cart, setCart, allowNegativeStock, refreshStock, onStopped, onRegisterClosed });
  // One try at completing a sale: the same id and Idempotency-Key while the same cart and payments are retried.
  const attempts = useAttempts();
  const createSale = useCreateSale(storeId);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const store = useActiveStore(storeId).data;

  /** The outbox's answer: refused (a new attempt next, the refusal shown), or recorded or completed on the device. */
  const settle = (outcome: SaleOutcome) => {
    if (outcome.kind === 'refused') {
      attempts.failed(outcome.answer.error);
      setError(outcome.answer.error as Error);
      refusals.onRefused(outcome.answer.error);
      return;
    }
    attempts.succeeded();
    // The goods left: the searches, tiles and the catalogue on the device read the stock again.
    refreshStock();
    const done = outcome.kind === 'recorded' ? outcome.row.sale : outcome.row.receipt?.sale;
    // Completed on the device: the queue sends it (now, if older sales wait before it).
    if (outcome.kind === 'offline') void syncNow();
    if (done) onCompleted(done);
  };

  const confirm = (payments: PaymentInput[]) => {
    const priced = priceOf(cart);
    const body = saleBodyOf({ cart, priced, sessionId: session.id, payments });
    // The same cart and payments sent again (after a lost answer) is the same sale: same id, same key.
    const attempt = attempts.for(body);
    setError(null);
    setSubmitting(true);
    const sale = outboxSaleOf({ body, attempt, cart, priced, payments, store, storeId, session, accountId });
    const send: SendSale = ({ body: b, idempotencyKey: key }, signal) =>
      createSale.mutateAsync({ body: b, idempotencyKey: key, signal });
    sellThroughOutbox({ db: deviceDb(), send }, sale)
      .then(settle)
      .catch((failure: unknown) => {
        // The device store cannot be written (storage refused): nothing was sent; say so and keep the cart.
        setError(failure instanceof Error ? failure : new Error('The sale could not be saved on this device'));
      })
      .finally(() => setSubmitting(false));
  };

  /** Opening Pay: the last failure (a PRICE_CHANGED, a shortage) was shown already, so a new try starts clean. */
  const prepare = useCallback(() => {
    if (!attempts.hasPending()) setError(null);
  }, [attempts]);

  return {
    confirm,
    prepare,
    /** A new sale: whatever was pending is over. */
    startOver: () => attempts.succeeded(),
    submitting,
    error,
    lineErrors: refusals.lineErrors,
    priceNotice: refusals.priceNotice,
    clearNotices: refusals.clearNotices,
  };
}
