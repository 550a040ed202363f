import { useCallback, useState } from 'react';
import { priceChangedSchema, type PaymentInput, type RegisterSession, type Sale } from '@ipos/contracts';
import { showApiError, toast } from '../../components/toast';
import { isApiError } from '../../lib/api-client';
import { useActiveStore } from '../../lib/active-store';
import { useAttempts } from '../../lib/attempt';
import { deviceDb } from '../../lib/device-db';
import { fetchSellables, useCreateSale, useRefreshStock } from './api/checkout-api';
import { lineInputs, priceOf, reprice, type Cart } from './cart';
import { refusedLines } from './stock';
import { offlineReceipt } from './outbox/offline-receipt';
import { referencePrefix } from './outbox/offline-reference';
import { sellThroughOutbox } from './outbox/outbox';
import type { SendSale } from './outbox/outbox-answer';
import type { NewSale } from './outbox/outbox-store';
import { syncNow } from './outbox/outbox-sync';

export interface PriceNotice {
  changes: { name: string; before: number; after: number }[];
  before: number;
  after: number;
}

/**
 * Completing the register's sale through the outbox (written on the device, then sent; with no answer
 * in 5 s it completes on the device, "Pending sync"): one attempt per cart and payments (a retry
 * after a lost answer cannot sell twice), and what each refusal does — new prices read and shown (PRICE_CHANGED), the
 * lines to fix marked with nothing charged (a shortage, a refused line), the register closed
 * elsewhere (REGISTER_CLOSED).
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
}: {
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
}) {
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [priceNotice, setPriceNotice] = useState<PriceNotice | null>(null);
  // One try at completing a sale: the same id and Idempotency-Key while the same cart and payments are retried.
  const attempts = useAttempts();
  const createSale = useCreateSale(storeId);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const store = useActiveStore(storeId).data;
  // The device's receipt names the cashier when the register knows them (who opened it); the
  // server's receipt after the sync always does.
  const cashier = { id: accountId, name: session.openedBy.id === accountId ? session.openedBy.name : '' };
  const refreshStock = useRefreshStock(storeId);

  /** The cart changed: the marks and the price notice of the last refusal no longer apply. */
  const clearNotices = useCallback(() => {
    setLineErrors({});
    setPriceNotice(null);
  }, []);

  const onPriceChanged = async (raw: unknown) => {
    onStopped();
    const server = priceChangedSchema.safeParse(raw);
    const before = priceOf(cart).totalMinor;
    let next = cart;
    try {
      next = reprice(cart, await fetchSellables(cart.lines.map((l) => l.variantId)));
    } catch {
      // The server's unit prices are enough to show what changed.
    }
    if (server.success)
      next = {
        ...next,
        lines: next.lines.map((l) => {
          const s = server.data.lines.find((x) => x.variantId === l.variantId);
          return s ? { ...l, unitPriceMinor: s.unitPriceMinor } : l;
        }),
      };
    const changes = cart.lines.flatMap((l) => {
      const after = next.lines.find((x) => x.variantId === l.variantId)?.unitPriceMinor ?? l.unitPriceMinor;
      return after !== l.unitPriceMinor ? [{ name: l.name, before: l.unitPriceMinor, after }] : [];
    });
    setCart(next);
    setPriceNotice({ changes, before, after: server.success ? server.data.totalMinor : priceOf(next).totalMinor });
  };

  const onRefused = (error: unknown) => {
    if (!isApiError(error) || error.status === 0) return;
    if (error.code === 'PRICE_CHANGED') void onPriceChanged(error.problem?.priceChanged);
    else if (
      error.code === 'INSUFFICIENT_STOCK' ||
      (error.code === 'VALIDATION_FAILED' && error.fieldErrors.some((f) => f.field.startsWith('lines.')))
    ) {
      // Nothing was charged: the cart stays, with the lines to fix marked.
      const refused = refusedLines(
        cart,
        { fieldErrors: error.fieldErrors, shortages: error.problem?.shortages },
        allowNegativeStock,
      );
      setCart(refused.cart);
      setLineErrors(refused.lineErrors);
      onStopped();
      if (error.code === 'INSUFFICIENT_STOCK') {
        refreshStock();
        toast.show({
          type: 'error',
          title: 'The sale was not completed',
          message:
            'The stock changed since these items were added. Nothing was charged: fix the marked lines, then pay again.',
        });
      } else showApiError(error, 'The sale was not completed');
    } else if (error.code === 'REGISTER_CLOSED') {
      onStopped();
      showApiError(error);
      onRegisterClosed();
    }
  };

  const confirm = (payments: PaymentInput[]) => {
    const priced = priceOf(cart);
    const body = {
      sessionId: session.id,
      // The prices and taxes charged go with every line: an offline sale is recorded at them.
      lines: lineInputs(cart).map((l, i) => {
        const { unitPriceMinor, taxRateBasisPoints, taxInclusive } = cart.lines[i]!;
        return { ...l, unitPriceMinor, taxRateBasisPoints, taxInclusive };
      }),
      ...(cart.cartDiscount && cart.cartDiscount.value > 0 ? { cartDiscount: cart.cartDiscount } : {}),
      ...(cart.customerId ? { customerId: cart.customerId } : {}),
      payments,
      expectedTotalMinor: priced.totalMinor,
    };
    // The same cart and payments sent again (after a lost answer) is the same sale: same id, same key.
    const { id: saleId, key: idempotencyKey } = attempts.for(body);
    setError(null);
    setSubmitting(true);
    const sale: NewSale = {
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
    const send: SendSale = ({ body: b, idempotencyKey: key }, signal) =>
      createSale.mutateAsync({ body: b, idempotencyKey: key, signal });
    sellThroughOutbox({ db: deviceDb(), send }, sale)
      .then((outcome) => {
        if (outcome.kind === 'refused') {
          attempts.failed(outcome.answer.error);
          setError(outcome.answer.error as Error);
          onRefused(outcome.answer.error);
          return;
        }
        attempts.succeeded();
        // The goods left: the searches, tiles and the catalogue on the device read the stock again.
        refreshStock();
        const done = outcome.kind === 'recorded' ? outcome.row.sale : outcome.row.receipt?.sale;
        // Completed on the device: the queue sends it (now, if older sales wait before it).
        if (outcome.kind === 'offline') void syncNow();
        if (done) onCompleted(done);
      })
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
    lineErrors,
    priceNotice,
    clearNotices,
  };
}
