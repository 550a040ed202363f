import { describe, expect, it } from 'vitest';
import type { RegisterSellable, SellablePage } from '@ipos/contracts';
import { emptyCart, lineFromSellable, type Cart } from './cart';
import { lowerBySale, payBlockedMessage, stockShortfalls } from './stock';

const sellable = (id: string, overrides: Partial<RegisterSellable> = {}): RegisterSellable => ({
  productId: id,
  variantId: id,
  name: `Item ${id.slice(-2)}`,
  sku: `SKU-${id.slice(-2)}`,
  barcode: null,
  unit: 'each',
  priceMinor: 10_000,
  costPriceMinor: 5_000,
  taxRateId: null,
  isTracked: true,
  onHand: 3,
  imageVersion: null,
  taxRateBasisPoints: 0,
  taxInclusive: true,
  ...overrides,
});
const ID = (n: number) => `0190a6a0-0000-7000-8000-0000000020${String(n).padStart(2, '0')}`;
const cartOf = (...lines: [RegisterSellable, number][]): Cart => ({
  ...emptyCart,
  lines: lines.map(([s, q]) => lineFromSellable(s, q)),
});

describe('stockShortfalls', () => {
  it('flags tracked lines above the on hand, to the thousandth; untracked goods never', () => {
    const rice = sellable(ID(1), { name: 'Rice', unit: 'kg', onHand: 1.25 });
    const wrap = sellable(ID(2), { name: 'Gift wrap', isTracked: false, onHand: 0 });
    const soap = sellable(ID(3), { name: 'Soap', onHand: 3 });
    expect(stockShortfalls(cartOf([rice, 1.25], [wrap, 5], [soap, 3]), false)).toEqual([]);
    const short = stockShortfalls(cartOf([rice, 1.251], [wrap, 5], [soap, 4]), false);
    expect(short.map((s) => [s.name, s.onHand, s.blocksPay])).toEqual([
      ['Rice', 1.25, true],
      ['Soap', 3, true],
    ]);
    expect(payBlockedMessage(short)).toBe(
      'Not enough stock for Rice (only 1.25 kg in stock), Soap (only 3 in stock). Lower the quantity or remove these lines to pay.',
    );
    // Where the store allows negative stock the lines still warn, but nothing blocks Pay.
    const allowed = stockShortfalls(cartOf([soap, 4]), true);
    expect(allowed).toHaveLength(1);
    expect(payBlockedMessage(allowed)).toBeNull();
  });

  it('counts stock already below zero as out of stock', () => {
    expect(payBlockedMessage(stockShortfalls(cartOf([sellable(ID(4), { name: 'Milk', onHand: -2 }), 1]), false))).toBe(
      'Not enough stock for Milk (out of stock). Lower the quantity or remove this line to pay.',
    );
  });
});

describe('lowerBySale', () => {
  it('takes what a sale sold off the cached on hand of tracked sellables only', () => {
    const page: SellablePage = {
      items: [
        sellable(ID(5), { unit: 'kg', onHand: 2 }),
        sellable(ID(6), { isTracked: false, onHand: 0 }),
        sellable(ID(7), { onHand: 9 }),
      ],
      total: 3,
      page: 1,
      pageSize: 20,
      totalCapped: false,
    };
    const after = lowerBySale(page, [
      { variantId: ID(5), quantity: 0.3 },
      { variantId: ID(6), quantity: 1 },
    ]);
    expect(after.items.map((s) => s.onHand)).toEqual([1.7, 0, 9]);
    expect(lowerBySale(page, [{ variantId: ID(8), quantity: 1 }])).toBe(page);
  });
});
