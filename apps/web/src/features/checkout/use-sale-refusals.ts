import { useCallback, useState } from 'react';
import { priceChangedSchema, type RegisterSellable } from '@ipos/contracts';
import { showApiError, toast } from '../../components/toast';
import { isApiError, type ApiError } from '../../lib/api-client';
import { fetchSellables } from './api/checkout-api';
import { priceOf, reprice, type Cart } from './cart';
import { refusedLines } from './stock';

export interface PriceNotice {
  changes: { name: string; before: number; after: number }[];
  before: number;
  after: number;
}

/** The server's figures sent with PRICE_CHANGED. */
type ServerPrices = ReturnType<typeof priceChangedSchema.parse>;

/**
 * The cart after a PRICE_CHANGED refusal: re-priced from the sellables read again (when they could be
 * read), with the server's unit prices over them; and what changed — each line whose price moved, the
 * total before, and the server's total after (else the new cart's).
 */
export function priceChangeOf(
  cart: Cart,
  sellables: Map<string, RegisterSellable> | null,
  server: ServerPrices | null,
): { cart: Cart; notice: PriceNotice } {
  const before = priceOf(cart).totalMinor;
  let next = sellables ? reprice(cart, sellables) : cart;
  if (server)
    next = {
      ...next,
      lines: next.lines.map((l) => {
        const s = server.lines.find((x) => x.variantId === l.variantId);
        return s ? { ...l, unitPriceMinor: s.unitPriceMinor } : l;
      }),
    };
  const changes = cart.lines.flatMap((l) => {
    const after = next.lines.find((x) => x.variantId === l.variantId)?.unitPriceMinor ?? l.unitPriceMinor;
    return after !== l.unitPriceMinor ? [{ name: l.name, before: l.unitPriceMinor, after }] : [];
  });
  return { cart: next, notice: { changes, before, after: server ? server.totalMinor : priceOf(next).totalMinor } };
}

/** Whether the refusal names lines to fix: a shortage, or a field error on a line. */
const refusesLines = (error: ApiError) =>
  error.code === 'INSUFFICIENT_STOCK' ||
  (error.code === 'VALIDATION_FAILED' && error.fieldErrors.some((f) => f.field.startsWith('lines.')));

/**
 * What the server's refusal of a sale does on the register: new prices read and shown
 * (PRICE_CHANGED); the lines to fix marked with nothing charged (a shortage, which also reads the
 * stock again, or a refused line); the register closed elsewhere (REGISTER_CLOSED). A failure with
 * no answer (status 0) is no refusal. Holds the marks and the price notice until the cart changes.
 */
export function useSaleRefusals({
  cart,
  setCart,
  allowNegativeStock,
  refreshStock,
  onStopped,
  onRegisterClosed,
}: {
  cart: Cart;
  setCart: (cart: Cart) => void;
  allowNegativeStock: boolean;
  /** Reads the stock again (searches, tiles, the device's catalogue). */
  refreshStock: () => void;
  /** Back to the cart. */
  onStopped: () => void;
  onRegisterClosed: () => void;
}) {
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [priceNotice, setPriceNotice] = useState<PriceNotice | null>(null);

  /** The cart changed: the marks and the price notice of the last refusal no longer apply. */
  const clearNotices = useCallback(() => {
    setLineErrors({});
    setPriceNotice(null);
  }, []);

  const onPriceChanged = async (raw: unknown) => {
    onStopped();
    const server = priceChangedSchema.safeParse(raw);
    let sellables: Map<string, RegisterSellable> | null = null;
    try {
      sellables = await fetchSellables(cart.lines.map((l) => l.variantId));
    } catch {
      // The server's unit prices are enough to show what changed.
    }
    const changed = priceChangeOf(cart, sellables, server.success ? server.data : null);
    setCart(changed.cart);
    setPriceNotice(changed.notice);
  };

  const onLinesRefused = (error: ApiError) => {
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
  };

  const onRefused = (error: unknown) => {
    if (!isApiError(error) || error.status === 0) return;
    if (error.code === 'PRICE_CHANGED') void onPriceChanged(error.problem?.priceChanged);
    else if (refusesLines(error)) onLinesRefused(error);
    else if (error.code === 'REGISTER_CLOSED') {
      onStopped();
      showApiError(error);
      onRegisterClosed();
    }
  };

  return { lineErrors, priceNotice, clearNotices, onRefused };
}
