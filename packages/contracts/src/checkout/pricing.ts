import { lineValueMinor } from '../catalog/quantities.js';

/**
 * How a cart is priced — the one implementation the register (to show totals as people type) and the
 * API (which prices every sale itself) share. ARCHITECTURE.md section 4: money in integer minor
 * units, tax per line in basis points, inclusive or exclusive, rounded half away from zero to the
 * minor unit; the sale's figures are the sums of its lines.
 *
 * For each line:
 *   gross        = quantity × unit price (rounded)
 *   lineDiscount = an amount, or a percentage of gross (rounded); never more than gross
 *   cartShare    = the line's share of the cart discount, in proportion to (gross − lineDiscount),
 *                  split by largest remainder so the shares add up to the cart discount exactly
 *   discounted   = gross − lineDiscount − cartShare
 *   inclusive:  tax = discounted × r / (10000 + r) (rounded);  total = discounted
 *   exclusive:  tax = discounted × r / 10000 (rounded);        total = discounted + tax
 */

export type Discount = { type: 'amount'; value: number } | { type: 'percent'; value: number };

export interface PricingLineInput {
  /** Integer thousandths (1.5 kg → 1500). */
  quantityThousandths: number;
  unitPriceMinor: number;
  /** Value in minor units (amount) or basis points (percent, 10% = 1000). */
  discount?: Discount | null;
  /** 0 when not taxed. */
  taxRateBasisPoints: number;
  taxInclusive: boolean;
}

export interface PricedLine {
  grossMinor: number;
  lineDiscountMinor: number;
  cartDiscountMinor: number;
  taxMinor: number;
  totalMinor: number;
}

export interface PricedCart {
  lines: PricedLine[];
  subtotalMinor: number;
  discountMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** a × b / c rounded half away from zero, exact for any safe integers (BigInt inside). */
export function mulDivRound(a: number, b: number, c: number): number {
  const numerator = BigInt(a) * BigInt(b);
  const denominator = BigInt(c);
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return Number(negative ? -rounded : rounded);
}

/** The discount in minor units on an amount: a percentage rounded, never more than the amount. */
export function discountOf(amountMinor: number, discount: Discount | null | undefined): number {
  if (!discount || amountMinor <= 0) return 0;
  const value = discount.type === 'percent' ? mulDivRound(amountMinor, discount.value, 10_000) : discount.value;
  return Math.min(Math.max(value, 0), amountMinor);
}

/**
 * Splits `total` across parts in proportion to `weights` (non-negative integers) so the shares add up
 * to `total` exactly: floors first, then the largest remainders get one more (ties to the earlier part).
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (total === 0 || sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => BigInt(w) * BigInt(total));
  const big = BigInt(sum);
  const shares = exact.map((e) => Number(e / big));
  let left = total - shares.reduce((s, v) => s + v, 0);
  const order = exact
    .map((e, i) => ({ i, remainder: e % big }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of order) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** Prices a cart. Pure: the same input always gives the same figures, on the till and on the server. */
export function priceCart(lines: PricingLineInput[], cartDiscount?: Discount | null): PricedCart {
  const gross = lines.map((l) => lineValueMinor(l.quantityThousandths, l.unitPriceMinor));
  const lineDiscounts = lines.map((l, i) => discountOf(gross[i]!, l.discount));
  const afterLine = gross.map((g, i) => g - lineDiscounts[i]!);
  const cartTotal = discountOf(
    afterLine.reduce((s, v) => s + v, 0),
    cartDiscount,
  );
  const shares = allocate(cartTotal, afterLine);
  const priced = lines.map((l, i): PricedLine => {
    const discounted = afterLine[i]! - shares[i]!;
    const rate = l.taxRateBasisPoints;
    const taxMinor =
      rate === 0
        ? 0
        : l.taxInclusive
          ? mulDivRound(discounted, rate, 10_000 + rate)
          : mulDivRound(discounted, rate, 10_000);
    return {
      grossMinor: gross[i]!,
      lineDiscountMinor: lineDiscounts[i]!,
      cartDiscountMinor: shares[i]!,
      taxMinor,
      totalMinor: l.taxInclusive || rate === 0 ? discounted : discounted + taxMinor,
    };
  });
  const sum = (pick: (l: PricedLine) => number) => priced.reduce((s, l) => s + pick(l), 0);
  return {
    lines: priced,
    subtotalMinor: sum((l) => l.grossMinor),
    discountMinor: sum((l) => l.lineDiscountMinor + l.cartDiscountMinor),
    taxMinor: sum((l) => l.taxMinor),
    totalMinor: sum((l) => l.totalMinor),
  };
}

/** What documents read of a priced line to group its tax by rate. */
export interface TaxedLine {
  taxRateId: string | null;
  taxRateBasisPoints: number;
  taxInclusive: boolean;
  taxMinor: number;
}

/** One rate's tax on a document (a receipt, an invoice). */
export interface TaxByRate {
  rateId: string | null;
  rateBasisPoints: number;
  inclusive: boolean;
  taxMinor: number;
}

/**
 * Tax by rate, in the order the rates first appear on the lines; a line without a rate and without
 * tax adds nothing. Lines of one rate id at another rate or inclusion (the rate changed) stay apart.
 */
export function taxByRate(lines: readonly TaxedLine[]): TaxByRate[] {
  const byRate = new Map<string, TaxByRate>();
  for (const line of lines) {
    if (line.taxRateBasisPoints === 0 && line.taxMinor === 0) continue;
    const key = `${line.taxRateId ?? ''}|${line.taxRateBasisPoints}|${line.taxInclusive}`;
    const entry = byRate.get(key) ?? {
      rateId: line.taxRateId,
      rateBasisPoints: line.taxRateBasisPoints,
      inclusive: line.taxInclusive,
      taxMinor: 0,
    };
    entry.taxMinor += line.taxMinor;
    byRate.set(key, entry);
  }
  return [...byRate.values()];
}
