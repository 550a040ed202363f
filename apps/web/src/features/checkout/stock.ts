import {
  stockShortagesSchema,
  toThousandths,
  type ProductUnit,
  type RegisterSellable,
  type SellablePage,
} from '@ipos/contracts';
import { formatQuantity } from '../../lib/quantity';
import type { Cart } from './cart';

/**
 * The stock the till checks before the money is taken (decision 0029): a tracked line asking for
 * more than the store has on hand is flagged at once. Where the store does not allow negative stock
 * the sale would be refused, so Pay waits until the line is lowered or removed; where it does, the
 * line only warns.
 */
export interface StockShortfall {
  variantId: string;
  name: string;
  unit: ProductUnit;
  onHand: number;
  /** The store refuses to go below zero: the sale cannot be paid until this line is fixed. */
  blocksPay: boolean;
}

export function stockShortfalls(cart: Cart, allowNegativeStock: boolean): StockShortfall[] {
  return cart.lines
    .filter((l) => l.isTracked && toThousandths(l.quantity) > toThousandths(l.onHand))
    .map((l) => ({
      variantId: l.variantId,
      name: l.name,
      unit: l.unit,
      onHand: l.onHand,
      blocksPay: !allowNegativeStock,
    }));
}

/** "Out of stock" or "Only 3 in stock" (weighed goods with their unit: "Only 1.25 kg in stock"). */
export function describeStock(shortfall: Pick<StockShortfall, 'onHand' | 'unit'>): string {
  return shortfall.onHand <= 0 ? 'Out of stock' : `Only ${formatQuantity(shortfall.onHand, shortfall.unit)} in stock`;
}

/** What keeps Pay disabled, naming the lines to fix; null when nothing does. */
export function payBlockedMessage(shortfalls: StockShortfall[]): string | null {
  const blocking = shortfalls.filter((s) => s.blocksPay);
  if (blocking.length === 0) return null;
  const names = blocking.map((s) => `${s.name} (${describeStock(s).toLowerCase()})`).join(', ');
  const fix = blocking.length === 1 ? 'this line' : 'these lines';
  return `Not enough stock for ${names}. Lower the quantity or remove ${fix} to pay.`;
}

/** The cart with the on hand just read (the sellables again, or the server's shortages); the rest stays. */
export function withOnHand(cart: Cart, onHand: Map<string, number>): Cart {
  if (!cart.lines.some((l) => onHand.has(l.variantId))) return cart;
  return {
    ...cart,
    lines: cart.lines.map((l) => (onHand.has(l.variantId) ? { ...l, onHand: onHand.get(l.variantId)! } : l)),
  };
}

/**
 * A sale the server refused for its lines (INSUFFICIENT_STOCK: stock sold by another till meanwhile;
 * or a line's validation): the cart keeps every line and takes the on hand the server reported, so
 * the lines short of stock show their warning and keep Pay disabled. The server's own words go under
 * the lines the till's check does not flag (a field error, or a store whose setting just changed).
 */
export function refusedLines(
  cart: Cart,
  refusal: { fieldErrors: readonly { field: string; message: string }[]; shortages: unknown },
  allowNegativeStock: boolean,
): { cart: Cart; lineErrors: Record<string, string> } {
  const shortages = stockShortagesSchema.safeParse(refusal.shortages);
  const next = shortages.success ? withOnHand(cart, new Map(shortages.data.map((s) => [s.variantId, s.onHand]))) : cart;
  const flagged = new Set(
    stockShortfalls(next, allowNegativeStock)
      .filter((s) => s.blocksPay)
      .map((s) => s.variantId),
  );
  const lineErrors: Record<string, string> = {};
  for (const f of refusal.fieldErrors) {
    const match = /^lines\.(\d+)\./.exec(f.field);
    const line = match ? cart.lines[Number(match[1])] : undefined;
    if (line && !flagged.has(line.variantId)) lineErrors[line.variantId] = f.message;
  }
  return { cart: next, lineErrors };
}

/** The on hand of fresh sellables, by variant. */
export const onHandOf = (sellables: Map<string, RegisterSellable>): Map<string, number> =>
  new Map([...sellables].map(([variantId, s]) => [variantId, s.onHand]));

/** A page of sellables less what a sale just took, so a tile tapped before the refetch knows the new on hand. */
export function lowerBySale(page: SellablePage, sold: { variantId: string; quantity: number }[]): SellablePage {
  const taken = new Map<string, number>();
  for (const l of sold) taken.set(l.variantId, (taken.get(l.variantId) ?? 0) + toThousandths(l.quantity));
  if (!page.items.some((s) => s.isTracked && taken.has(s.variantId))) return page;
  return {
    ...page,
    items: page.items.map((s) =>
      s.isTracked && taken.has(s.variantId)
        ? { ...s, onHand: (toThousandths(s.onHand) - taken.get(s.variantId)!) / 1000 }
        : s,
    ),
  };
}
