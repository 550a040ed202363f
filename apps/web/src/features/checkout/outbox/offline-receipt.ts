import {
  taxByRate,
  type ActiveStore,
  type PaymentInput,
  type PricedCart,
  type Receipt,
  type RegisterSession,
} from '@ipos/contracts';
import type { Cart } from '../cart';

/** What the device knows when it prints a sale the server has not answered. */
export interface OfflineReceiptInput {
  saleId: string;
  cart: Cart;
  priced: PricedCart;
  payments: PaymentInput[];
  store: ActiveStore;
  session: RegisterSession;
  cashier: { id: string; name: string };
  soldAt: string;
}

/**
 * The receipt of a sale completed on the device, from the cart as priced at the till (the server's
 * own engine) and the store as last read: its number is the offline reference, given when it goes
 * offline. The tax rates' names are not on the device: each prints as "Tax".
 */
export function offlineReceipt(input: OfflineReceiptInput): Receipt {
  const { cart, priced, payments, store, session } = input;
  const lines = cart.lines.map((line, i) => {
    const p = priced.lines[i]!;
    return {
      lineNo: i + 1,
      productId: line.productId,
      variantId: line.variantId,
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      grossMinor: p.grossMinor,
      lineDiscountMinor: p.lineDiscountMinor,
      cartDiscountMinor: p.cartDiscountMinor,
      taxRateId: null,
      taxRateBasisPoints: line.taxRateBasisPoints,
      taxInclusive: line.taxInclusive,
      taxMinor: p.taxMinor,
      totalMinor: p.totalMinor,
      refundedQuantity: 0,
      unit: line.unit,
    };
  });
  const salePayments = payments.map((p) => ({
    method: p.method,
    amountMinor: p.amountMinor,
    tenderedMinor: p.tenderedMinor ?? null,
    changeMinor: p.tenderedMinor !== undefined ? p.tenderedMinor - p.amountMinor : 0,
    reference: p.reference ?? null,
    provider: p.provider ?? null,
    phone: p.phone ?? null,
  }));
  const changeMinor = salePayments.reduce((s, p) => s + p.changeMinor, 0);
  return {
    store: { displayName: store.name, address: store.address, phone: null, timeZone: store.timeZone },
    business: {
      name: store.business.name,
      currency: store.business.currency,
      taxId: null,
      header: null,
      footer: null,
      logoVersion: store.business.logoVersion,
    },
    sale: {
      id: input.saleId,
      number: '',
      storeId: store.id,
      sessionId: session.id,
      status: 'completed',
      state: 'completed',
      cashier: input.cashier,
      customerId: cart.customerId,
      customer: null,
      session: { id: session.id, registerName: session.registerName, status: 'open' },
      lines,
      cartDiscount: cart.cartDiscount,
      payments: salePayments,
      subtotalMinor: priced.subtotalMinor,
      discountMinor: priced.discountMinor,
      taxMinor: priced.taxMinor,
      totalMinor: priced.totalMinor,
      paidMinor: priced.totalMinor + changeMinor,
      changeMinor,
      note: null,
      completedAt: input.soldAt,
      recordedAt: null,
      offlineReference: null,
      refunds: [],
      refundedMinor: 0,
      voided: null,
    },
    taxes: taxByRate(lines).map(({ rateBasisPoints, inclusive, taxMinor }) => ({
      name: 'Tax',
      rateBasisPoints,
      inclusive,
      taxMinor,
    })),
  };
}
