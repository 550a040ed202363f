import {
  priceCart,
  toThousandths,
  type Discount,
  type HeldCart,
  type PricedCart,
  type ProductUnit,
  type RegisterSellable,
  type SaleLineInput,
} from '@ipos/contracts';

/**
 * The cart on the till: what was rung up, priced with `priceCart` — the engine the server prices the
 * sale with, so the total the cashier shows is the total the server checks (expectedTotalMinor).
 */
export interface CartLine {
  variantId: string;
  productId: string;
  name: string;
  sku: string;
  unit: ProductUnit;
  unitPriceMinor: number;
  taxRateBasisPoints: number;
  taxInclusive: boolean;
  isTracked: boolean;
  onHand: number;
  /** Up to 3 decimals for weighed goods; whole for counted ones. */
  quantity: number;
  discount: Discount | null;
}

export interface Cart {
  lines: CartLine[];
  cartDiscount: Discount | null;
  customerId: string | null;
}

export const emptyCart: Cart = { lines: [], cartDiscount: null, customerId: null };

export function lineFromSellable(sellable: RegisterSellable, quantity = 1): CartLine {
  return {
    variantId: sellable.variantId,
    productId: sellable.productId,
    name: sellable.name,
    sku: sellable.sku,
    unit: sellable.unit,
    unitPriceMinor: sellable.priceMinor,
    taxRateBasisPoints: sellable.taxRateBasisPoints,
    taxInclusive: sellable.taxInclusive,
    isTracked: sellable.isTracked,
    onHand: sellable.onHand,
    quantity,
    discount: null,
  };
}

/**
 * Adds one of a sellable, or `quantity` of it: a second scan of the same item adds to its line (the
 * API wants one line per variant).
 */
export function addSellable(cart: Cart, sellable: RegisterSellable, quantity = 1): Cart {
  const existing = cart.lines.find((l) => l.variantId === sellable.variantId);
  if (existing)
    return {
      ...cart,
      lines: cart.lines.map((l) =>
        l === existing ? { ...l, quantity: (toThousandths(l.quantity) + toThousandths(quantity)) / 1000 } : l,
      ),
    };
  return { ...cart, lines: [...cart.lines, lineFromSellable(sellable, quantity)] };
}

export function updateLine(cart: Cart, variantId: string, change: Partial<CartLine>): Cart {
  return { ...cart, lines: cart.lines.map((l) => (l.variantId === variantId ? { ...l, ...change } : l)) };
}

export function removeLine(cart: Cart, variantId: string): Cart {
  return { ...cart, lines: cart.lines.filter((l) => l.variantId !== variantId) };
}

/** New prices and taxes from fresh sellables (a resumed cart, a PRICE_CHANGED); quantities and discounts stay. */
export function reprice(cart: Cart, sellables: Map<string, RegisterSellable>): Cart {
  return {
    ...cart,
    lines: cart.lines.map((l) => {
      const s = sellables.get(l.variantId);
      return s
        ? {
            ...l,
            name: s.name,
            sku: s.sku,
            unitPriceMinor: s.priceMinor,
            taxRateBasisPoints: s.taxRateBasisPoints,
            taxInclusive: s.taxInclusive,
            onHand: s.onHand,
          }
        : l;
    }),
  };
}

/** The figures of the cart, line by line and in total. */
export function priceOf(cart: Cart): PricedCart {
  return priceCart(
    cart.lines.map((l) => ({
      quantityThousandths: toThousandths(l.quantity),
      unitPriceMinor: l.unitPriceMinor,
      discount: l.discount,
      taxRateBasisPoints: l.taxRateBasisPoints,
      taxInclusive: l.taxInclusive,
    })),
    cart.cartDiscount,
  );
}

const hasDiscount = (d: Discount | null): d is Discount => d !== null && d.value > 0;

/** The lines as the sale and held-sale APIs take them. */
export function lineInputs(cart: Cart): SaleLineInput[] {
  return cart.lines.map((l) => ({
    variantId: l.variantId,
    quantity: l.quantity,
    ...(hasDiscount(l.discount) ? { discount: l.discount } : {}),
  }));
}

export function heldCartOf(cart: Cart): HeldCart {
  return {
    lines: lineInputs(cart),
    ...(hasDiscount(cart.cartDiscount) ? { cartDiscount: cart.cartDiscount } : {}),
    ...(cart.customerId ? { customerId: cart.customerId } : {}),
  };
}

/** A held cart back on the till, priced from the current sellables; lines whose product is gone are dropped. */
export function cartFromHeld(
  held: HeldCart,
  sellables: Map<string, RegisterSellable>,
): { cart: Cart; dropped: number } {
  const lines: CartLine[] = [];
  for (const line of held.lines) {
    const sellable = sellables.get(line.variantId);
    if (!sellable) continue;
    lines.push({ ...lineFromSellable(sellable, line.quantity), discount: line.discount ?? null });
  }
  return {
    cart: { lines, cartDiscount: held.cartDiscount ?? null, customerId: held.customerId ?? null },
    dropped: held.lines.length - lines.length,
  };
}
