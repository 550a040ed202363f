import { describe, expect, it } from 'vitest';
import type { RegisterSellable } from '@ipos/contracts';
import { deviceDb, hasTicketInProgress } from '../../lib/device-db';
import { addSellable, emptyCart, updateLine, type Cart } from './cart';
import {
  forgetSessionTickets,
  loadTicket,
  priceChanges,
  repriceRestored,
  restoreInto,
  saveTicket,
  type TicketKey,
} from './saved-ticket';

const ADA = '0190a6a0-0000-7000-8000-0000000000a1';
const BAYO = '0190a6a0-0000-7000-8000-0000000000a2';
const LEKKI = '0190a6a0-0000-7000-8000-0000000000b1';
const IKEJA = '0190a6a0-0000-7000-8000-0000000000b2';
const TILL_1 = '0190a6a0-0000-7000-8000-0000000000c1';
const TILL_2 = '0190a6a0-0000-7000-8000-0000000000c2';
const CUSTOMER = '0190a6a0-0000-7000-8000-0000000000d1';

function sellable(n: number, overrides: Partial<RegisterSellable> = {}): RegisterSellable {
  const id = `0190a6a0-0000-7000-8000-0000000010${String(n).padStart(2, '0')}`;
  return {
    productId: id,
    variantId: id,
    name: `Item ${n}`,
    sku: `SKU-${n}`,
    barcode: null,
    unit: 'each',
    priceMinor: 10_000,
    costPriceMinor: 5_000,
    taxRateId: null,
    isTracked: true,
    onHand: 20,
    imageVersion: null,
    taxRateBasisPoints: 0,
    taxInclusive: true,
    ...overrides,
  };
}

const milk = sellable(1, { name: 'Peak Milk 400g', priceMinor: 45_000 });
const rice = sellable(2, { name: 'Rice (loose)', unit: 'kg', priceMinor: 120_000 });

/** Two milks (10% off), half a kilo of rice, ₦50 off the cart, for a customer. */
function aTicket(): Cart {
  let cart = addSellable(addSellable(addSellable(emptyCart, milk), milk), rice);
  cart = updateLine(cart, milk.variantId, { discount: { type: 'percent', value: 1000 } });
  cart = updateLine(cart, rice.variantId, { quantity: 0.5 });
  return { ...cart, cartDiscount: { type: 'amount', value: 5_000 }, customerId: CUSTOMER };
}

const adaAtLekki: TicketKey = { accountId: ADA, storeId: LEKKI, sessionId: TILL_1 };

describe('the ticket kept on the device', () => {
  it('comes back as it was saved: lines, quantities, discounts, cart discount and customer', async () => {
    const cart = aTicket();
    await saveTicket(adaAtLekki, cart);
    expect(await loadTicket(adaAtLekki)).toEqual(cart);
    // Every change replaces it.
    const fewer = updateLine(cart, milk.variantId, { quantity: 1 });
    await saveTicket(adaAtLekki, fewer);
    expect(await loadTicket(adaAtLekki)).toEqual(fewer);
    expect(await deviceDb().tickets.count()).toBe(1);
  });

  it('belongs to one person, one store and one register session', async () => {
    await saveTicket(adaAtLekki, aTicket());
    expect(await loadTicket({ ...adaAtLekki, accountId: BAYO })).toBeNull();
    expect(await loadTicket({ ...adaAtLekki, storeId: IKEJA })).toBeNull();
    expect(await loadTicket({ ...adaAtLekki, sessionId: TILL_2 })).toBeNull();

    const bayos = addSellable(emptyCart, rice);
    await saveTicket({ ...adaAtLekki, accountId: BAYO }, bayos);
    expect(await loadTicket({ ...adaAtLekki, accountId: BAYO })).toEqual(bayos);
    expect(await loadTicket(adaAtLekki)).toEqual(aTicket());
  });

  it('goes when the cart is emptied (a completed, held or cleared sale): nothing is in progress', async () => {
    await saveTicket(adaAtLekki, aTicket());
    expect(await hasTicketInProgress(ADA)).toBe(true);
    await saveTicket(adaAtLekki, emptyCart);
    expect(await loadTicket(adaAtLekki)).toBeNull();
    expect(await deviceDb().tickets.count()).toBe(0);
    expect(await hasTicketInProgress(ADA)).toBe(false);
  });

  it('is in progress for its person only, whichever store or register it is on', async () => {
    await saveTicket({ accountId: ADA, storeId: IKEJA, sessionId: TILL_2 }, aTicket());
    expect(await hasTicketInProgress(ADA)).toBe(true);
    expect(await hasTicketInProgress(BAYO)).toBe(false);
  });

  it("goes for everyone when its register session is closed, and other sessions' tickets stay", async () => {
    await saveTicket(adaAtLekki, aTicket());
    await saveTicket({ ...adaAtLekki, accountId: BAYO }, aTicket());
    await saveTicket({ ...adaAtLekki, sessionId: TILL_2 }, aTicket());
    await forgetSessionTickets(TILL_1);
    expect(await loadTicket(adaAtLekki)).toBeNull();
    expect(await loadTicket({ ...adaAtLekki, accountId: BAYO })).toBeNull();
    expect(await loadTicket({ ...adaAtLekki, sessionId: TILL_2 })).toEqual(aTicket());
  });

  it('a ticket this version cannot read is left out instead of breaking the register', async () => {
    await deviceDb().tickets.put({ ...adaAtLekki, cart: { items: ['?'] }, savedAt: new Date().toISOString() });
    expect(await loadTicket(adaAtLekki)).toBeNull();
  });
});

describe('a restored ticket on the register', () => {
  it('keeps what was rung up while it loaded: the same item adds to its line', () => {
    const saved = aTicket();
    const meanwhile = addSellable(addSellable(emptyCart, milk), sellable(3));
    const restored = restoreInto(meanwhile, saved);
    expect(restored.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Peak Milk 400g', 3],
      ['Rice (loose)', 0.5],
      ['Item 3', 1],
    ]);
    expect(restored.customerId).toBe(CUSTOMER);
    expect(restored.cartDiscount).toEqual({ type: 'amount', value: 5_000 });
    expect(restoreInto(emptyCart, saved)).toEqual(saved);
  });

  it("is priced again from today's sellables, and lines no longer sold leave; quantities and discounts stay", () => {
    const saved = aTicket();
    const today = new Map([[milk.variantId, { ...milk, priceMinor: 50_000, taxRateBasisPoints: 750 }]]);
    const later = sellable(4);
    const cart = addSellable(saved, later);
    const next = repriceRestored(cart, [milk.variantId, rice.variantId], today);
    expect(next.lines.map((l) => [l.name, l.unitPriceMinor, l.taxRateBasisPoints, l.quantity, l.discount])).toEqual([
      ['Peak Milk 400g', 50_000, 750, 2, { type: 'percent', value: 1000 }],
      // Added after the ticket was restored: not the ticket's to drop.
      ['Item 4', 10_000, 0, 1, null],
    ]);
    expect(priceChanges(saved, today)).toEqual({ dropped: 1, repriced: 1 });
    expect(priceChanges(saved, new Map([milk, rice].map((s) => [s.variantId, s])))).toEqual({
      dropped: 0,
      repriced: 0,
    });
  });
});
