import { describe, expect, it } from 'vitest';
import { sellableOf } from '../../../components/pickers/picker-fixtures';
import { reportingStore } from '../../../test/fixtures';
import { openRegisterSession } from '../test/register-fixtures';
import { lineFromSellable, priceOf, type Cart } from '../cart';
import { offlineReceipt } from './offline-receipt';

/** A sellable numbered n, at a price and a tax. */
const item = (n: number, priceMinor: number, taxRateBasisPoints: number, taxInclusive: boolean) => {
  const id = `0190a6a0-0000-7000-8000-0000000020${String(n).padStart(2, '0')}`;
  return sellableOf({
    productId: id,
    variantId: id,
    name: `Item ${n}`,
    sku: `SKU-${n}`,
    priceMinor,
    taxRateBasisPoints,
    taxInclusive,
  });
};

describe('offlineReceipt', () => {
  it('prints the cart as charged: lines, tax by rate as charged, the cashier, change, no number yet', () => {
    const cart: Cart = {
      lines: [
        lineFromSellable(item(1, 100_000, 750, false), 2),
        lineFromSellable(item(2, 50_000, 0, true)),
        lineFromSellable(item(3, 20_000, 750, false)),
        lineFromSellable(item(4, 10_750, 750, true)),
      ],
      cartDiscount: null,
      customerId: null,
    };
    const priced = priceOf(cart);
    const receipt = offlineReceipt({
      saleId: '0190a6a0-0000-7000-8000-00000000f0f0',
      cart,
      priced,
      payments: [{ method: 'cash', amountMinor: priced.totalMinor, tenderedMinor: priced.totalMinor + 5_000 }],
      store: reportingStore,
      session: openRegisterSession({}),
      cashier: { id: '0190a6a0-0000-7000-8000-0000000000a1', name: 'Ada Owner' },
      soldAt: '2026-11-26T18:00:00.000Z',
    });
    // 7.5% on top of 200,000 and 20,000, and 7.5% within 10,750: two rates, as charged, none for 0%.
    expect(receipt.taxes).toEqual([
      { name: 'Tax', rateBasisPoints: 750, inclusive: false, taxMinor: 16_500 },
      { name: 'Tax', rateBasisPoints: 750, inclusive: true, taxMinor: 750 },
    ]);
    expect(receipt.sale).toMatchObject({
      number: '',
      cashier: { name: 'Ada Owner' },
      completedAt: '2026-11-26T18:00:00.000Z',
      recordedAt: null,
      totalMinor: 297_250,
      taxMinor: 17_250,
      changeMinor: 5_000,
      paidMinor: 302_250,
    });
    expect(receipt.sale.lines.map((l) => [l.name, l.quantity, l.taxRateBasisPoints, l.taxMinor])).toEqual([
      ['Item 1', 2, 750, 15_000],
      ['Item 2', 1, 0, 0],
      ['Item 3', 1, 750, 1_500],
      ['Item 4', 1, 750, 750],
    ]);
  });
});
