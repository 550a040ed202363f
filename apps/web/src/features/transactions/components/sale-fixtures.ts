import type { SaleDetail, SaleSummary } from '@ipos/contracts';
import { LEKKI_ID } from '../../../test/fixtures';

/** A sale as the API describes it: two lines (3 × Peak Milk at 1,000.00 incl. VAT, 1.5 kg rice). */
export const SALE_ID = '0190a6a0-0000-7000-8000-00000000e001';
export const SESSION_ID = '0190a6a0-0000-7000-8000-00000000e0a1';
export const CASHIER = { id: '0190a6a0-0000-7000-8000-000000000003', name: 'Tola Cashier' };

export function saleDetailOf(overrides: Partial<SaleDetail> = {}): SaleDetail {
  return {
    id: SALE_ID,
    number: 'LEK-S000042',
    storeId: LEKKI_ID,
    sessionId: SESSION_ID,
    status: 'completed',
    state: 'completed',
    cashier: CASHIER,
    customerId: null,
    customer: null,
    session: { id: SESSION_ID, registerName: 'Till 1', status: 'open' },
    lines: [
      {
        lineNo: 1,
        productId: '0190a6a0-0000-7000-8000-00000000f001',
        variantId: '0190a6a0-0000-7000-8000-00000000f101',
        name: 'Peak Milk 400g',
        sku: 'PEAK-400',
        quantity: 3,
        unitPriceMinor: 100_000,
        grossMinor: 300_000,
        lineDiscountMinor: 0,
        cartDiscountMinor: 0,
        taxRateId: null,
        taxRateBasisPoints: 750,
        taxInclusive: true,
        taxMinor: 20_930,
        totalMinor: 300_000,
        refundedQuantity: 0,
        unit: 'each',
      },
      {
        lineNo: 2,
        productId: '0190a6a0-0000-7000-8000-00000000f002',
        variantId: '0190a6a0-0000-7000-8000-00000000f102',
        name: 'Rice (loose)',
        sku: 'RICE-KG',
        quantity: 1.5,
        unitPriceMinor: 120_000,
        grossMinor: 180_000,
        lineDiscountMinor: 0,
        cartDiscountMinor: 0,
        taxRateId: null,
        taxRateBasisPoints: 0,
        taxInclusive: true,
        taxMinor: 0,
        totalMinor: 180_000,
        refundedQuantity: 0,
        unit: 'kg',
      },
    ],
    cartDiscount: null,
    payments: [
      {
        method: 'cash',
        amountMinor: 480_000,
        tenderedMinor: 500_000,
        changeMinor: 20_000,
        reference: null,
        provider: null,
        phone: null,
      },
    ],
    subtotalMinor: 480_000,
    discountMinor: 0,
    taxMinor: 20_930,
    totalMinor: 480_000,
    paidMinor: 500_000,
    changeMinor: 20_000,
    note: null,
    completedAt: '2026-03-07T18:05:00.000Z',
    recordedAt: '2026-03-07T18:05:00.000Z',
    offlineReference: null,
    refunds: [],
    refundedMinor: 0,
    voided: null,
    ...overrides,
  };
}

export function saleSummaryOf(n: number, overrides: Partial<SaleSummary> = {}): SaleSummary {
  return {
    id: `0190a6a0-0000-7000-8000-${String(n).padStart(12, '0')}`,
    number: `LEK-S${String(n).padStart(6, '0')}`,
    completedAt: '2026-03-07T18:05:00.000Z',
    state: 'completed',
    cashier: CASHIER,
    customer: null,
    lineCount: 1,
    totalMinor: 100_000,
    refundedMinor: 0,
    methods: ['cash'],
    ...overrides,
  };
}
