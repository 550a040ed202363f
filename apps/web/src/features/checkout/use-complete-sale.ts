import { useCallback, useState } from 'react';
import { priceChangedSchema, type PaymentInput, type Sale } from '@ipos/contracts';
import { showApiError, toast } from '../../components/toast';
import { isApiError } from '../../lib/api-client';
import { useAttempts } from '../../lib/attempt';
import { fetchSellables, useCreateSale, useRefreshStock } from './api/checkout-api';
import { lineInputs, priceOf, reprice, type Cart } from './cart';
import { refusedLines } from './stock';

export interface PriceNotice {
  changes: { name: string; before: number; after: number }[];
  before: number;
  after: number;
}

/**
 * Completing the register's sale: one attempt per cart and payments (a retry after a lost answer
 * cannot sell twice), and what each refusal does — new prices read and shown (PRICE_CHANGED), the
 * lines to fix marked with nothing charged (a shortage, a refused line), the register closed
 * elsewhere (REGISTER_CLOSED).
 */
export function useCompleteSale({
  storeId,
  sessionId,
  cart,
  setCart,
  allowNegativeStock,
  onCompleted,
  onStopped,
  onRegisterClosed,
}: {
  storeId: string;
  sessionId: string;
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
    const body = {
      sessionId,
      lines: lineInputs(cart),
      ...(cart.cartDiscount && cart.cartDiscount.value > 0 ? { cartDiscount: cart.cartDiscount } : {}),
      ...(cart.customerId ? { customerId: cart.customerId } : {}),
      payments,
      expectedTotalMinor: priceOf(cart).totalMinor,
    };
    // The same cart and payments sent again (after a lost answer) is the same sale: same id, same key.
    const { id: saleId, key: idempotencyKey } = attempts.for(body);
    createSale.mutate(
      { body: { id: saleId, ...body }, idempotencyKey },
      {
        onSuccess: (sale) => {
          attempts.succeeded();
          onCompleted(sale);
        },
        onError: (error) => {
          // No answer: the sale may or may not be recorded — the attempt is kept so a retry cannot sell twice.
          attempts.failed(error);
          onRefused(error);
        },
      },
    );
  };

  /** Opening Pay: the last failure (a PRICE_CHANGED, a shortage) was shown already, so a new try starts clean. */
  const { reset } = createSale;
  const prepare = useCallback(() => {
    if (!attempts.hasPending()) reset();
  }, [attempts, reset]);

  return {
    confirm,
    prepare,
    /** A new sale: whatever was pending is over. */
    startOver: () => attempts.succeeded(),
    submitting: createSale.isPending,
    error: createSale.error,
    lineErrors,
    priceNotice,
    clearNotices,
  };
}
