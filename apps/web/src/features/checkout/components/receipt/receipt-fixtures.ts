import type { Receipt } from '@ipos/contracts';

export const SALE_ID = '0190a6a0-0000-7000-8000-00000000e001';
const ACCOUNT_ID = '0190a6a0-0000-7000-8000-00000000e002';
const SESSION_ID = '0190a6a0-0000-7000-8000-00000000e003';
const STORE_ID = '0190a6a0-0000-7000-8000-0000000000aa';
const VAT_ID = '0190a6a0-0000-7000-8000-00000000e004';

/**
 * A Lekki sale at 23:30 UTC on 1 March (00:30 on 2 March in Lagos): 2 × soap with VAT inside and a
 * line discount, 1.5 kg of rice; paid by card and cash with change.
 */
export function receiptOf(overrides: { customerEmail?: string | null } = {}): Receipt {
  const line = {
    productId: '0190a6a0-0000-7000-8000-00000000e010',
    taxRateId: null as string | null,
    taxRateBasisPoints: 0,
    taxInclusive: false,
    taxMinor: 0,
    cartDiscountMinor: 0,
    lineDiscountMinor: 0,
    refundedQuantity: 0,
  };
  return {
    store: {
      displayName: 'Demo Mart Lekki Phase 1',
      address: 'Admiralty Way, Lekki Phase 1, Lagos',
      phone: '+234 800 000 0001',
      timeZone: 'Africa/Lagos',
    },
    business: {
      name: 'Demo Mart',
      currency: 'NGN',
      taxId: 'TIN-12345678',
      header: 'Open daily 8am to 9pm',
      footer: 'Thank you! Returns within 7 days with this receipt.',
      logoVersion: null,
    },
    taxes: [{ name: 'VAT', rateBasisPoints: 750, inclusive: true, taxMinor: 14_651 }],
    sale: {
      id: SALE_ID,
      number: 'LEK-S000042',
      storeId: STORE_ID,
      sessionId: SESSION_ID,
      status: 'completed',
      state: 'completed',
      cashier: { id: ACCOUNT_ID, name: 'Mary Manager' },
      customerId: overrides.customerEmail === undefined ? null : '0190a6a0-0000-7000-8000-00000000e020',
      customer:
        overrides.customerEmail === undefined
          ? null
          : {
              id: '0190a6a0-0000-7000-8000-00000000e020',
              name: 'Ada Obi',
              phone: '+234 803 000 0000',
              email: overrides.customerEmail,
            },
      session: { id: SESSION_ID, registerName: 'Till 1', status: 'open' },
      lines: [
        {
          ...line,
          lineNo: 1,
          variantId: '0190a6a0-0000-7000-8000-00000000e011',
          name: 'Black Soap',
          sku: 'SOAP-1',
          quantity: 2,
          unit: 'each',
          unitPriceMinor: 107_500,
          grossMinor: 215_000,
          lineDiscountMinor: 5_000,
          taxRateId: VAT_ID,
          taxRateBasisPoints: 750,
          taxInclusive: true,
          taxMinor: 14_651,
          totalMinor: 210_000,
        },
        {
          ...line,
          lineNo: 2,
          variantId: '0190a6a0-0000-7000-8000-00000000e012',
          name: 'Rice',
          sku: 'RICE-1',
          quantity: 1.5,
          unit: 'kg',
          unitPriceMinor: 80_000,
          grossMinor: 120_000,
          totalMinor: 120_000,
        },
      ],
      cartDiscount: null,
      payments: [
        {
          method: 'card',
          amountMinor: 100_000,
          tenderedMinor: null,
          changeMinor: 0,
          reference: 'POS-778',
          provider: null,
          phone: null,
        },
        {
          method: 'cash',
          amountMinor: 230_000,
          tenderedMinor: 250_000,
          changeMinor: 20_000,
          reference: null,
          provider: null,
          phone: null,
        },
      ],
      subtotalMinor: 335_000,
      discountMinor: 5_000,
      taxMinor: 14_651,
      totalMinor: 330_000,
      paidMinor: 350_000,
      changeMinor: 20_000,
      note: null,
      completedAt: '2026-03-01T23:30:00.000Z',
      recordedAt: '2026-03-01T23:30:00.000Z',
      offlineReference: null,
      refunds: [],
      refundedMinor: 0,
      voided: null,
    },
  };
}
