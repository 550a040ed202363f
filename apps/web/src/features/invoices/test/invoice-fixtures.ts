import type { ActiveStore, Invoice, InvoiceSummary, Permission } from '@ipos/contracts';
import { BUSINESS_ID, LEKKI_ID } from '../../../test/fixtures';

export const INVOICE_ID = '0190a6a0-0000-7000-8000-00000000e001';
export const CUSTOMER_ID = '0190a6a0-0000-7000-8000-00000000c001';
export const MILK_VARIANT = '0190a6a0-0000-7000-8000-00000000d001';
export const MILK_PRODUCT = '0190a6a0-0000-7000-8000-00000000d101';
export const VAT_ID = '0190a6a0-0000-7000-8000-00000000f001';
const MANAGER = { id: '0190a6a0-0000-7000-8000-000000000001', name: 'Chidi Manager' };

export function storeOf(
  permissions: Permission[] = ['invoices.view', 'invoices.manage', 'inventory.view'],
): ActiveStore {
  return {
    id: LEKKI_ID,
    name: 'Lekki',
    alias: 'LEK',
    timeZone: 'Africa/Lagos',
    address: '12 Admiralty Way, Lekki',
    allowNegativeStock: false,
    wasteApprovalThresholdMinor: 500_000,
    business: { id: BUSINESS_ID, name: 'Demo Mart', currency: 'NGN', logoVersion: null },
    roleName: 'IPOS_MANAGER_USER',
    permissions,
  };
}

/**
 * An issued invoice to Ada Obi: 2 × Peak Milk at 1,000.00 (7.5% inclusive) and a delivery service
 * of 500.00 untaxed; total 2,500.00.
 */
export function invoiceOf(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: INVOICE_ID,
    number: 'LEK-INV000042',
    status: 'issued',
    state: 'unpaid',
    customer: {
      id: CUSTOMER_ID,
      name: 'Ada Obi',
      email: 'ada@example.com',
      phone: '+234 803 000 0001',
      address: '4 Bode Thomas St, Surulere',
      taxId: null,
    },
    issueDate: '2026-11-20',
    dueDate: '2026-12-04',
    totalMinor: 250_000,
    paidMinor: 0,
    balanceMinor: 250_000,
    createdAt: '2026-11-20T09:00:00.000Z',
    storeId: LEKKI_ID,
    businessTaxId: null,
    lines: [
      {
        lineNo: 1,
        kind: 'product',
        productId: MILK_PRODUCT,
        variantId: MILK_VARIANT,
        description: 'Peak Milk 400g',
        sku: 'PEAK-400',
        unit: 'each',
        quantity: 2,
        unitPriceMinor: 100_000,
        discount: null,
        grossMinor: 200_000,
        lineDiscountMinor: 0,
        cartDiscountMinor: 0,
        taxRateId: VAT_ID,
        taxRateBasisPoints: 750,
        taxInclusive: true,
        taxMinor: 13_953,
        totalMinor: 200_000,
      },
      {
        lineNo: 2,
        kind: 'service',
        productId: null,
        variantId: null,
        description: 'Delivery to Surulere',
        sku: null,
        unit: 'each',
        quantity: 1,
        unitPriceMinor: 50_000,
        discount: null,
        grossMinor: 50_000,
        lineDiscountMinor: 0,
        cartDiscountMinor: 0,
        taxRateId: null,
        taxRateBasisPoints: 0,
        taxInclusive: false,
        taxMinor: 0,
        totalMinor: 50_000,
      },
    ],
    cartDiscount: null,
    subtotalMinor: 250_000,
    discountMinor: 0,
    taxMinor: 13_953,
    notes: null,
    terms: 'Pay within 14 days',
    payments: [],
    createdBy: MANAGER,
    issuedAt: '2026-11-20T09:05:00.000Z',
    issuedBy: MANAGER,
    paidAt: null,
    voidedAt: null,
    voidedBy: null,
    voidReason: null,
    version: 2,
    ...overrides,
  };
}

export const draftOf = (overrides: Partial<Invoice> = {}) =>
  invoiceOf({
    number: null,
    status: 'draft',
    state: 'draft',
    balanceMinor: 0,
    issuedAt: null,
    issuedBy: null,
    version: 1,
    ...overrides,
  });

export function summaryOf(invoice: Invoice): InvoiceSummary {
  const { id, number, status, state, customer, issueDate, dueDate, totalMinor, paidMinor, balanceMinor, createdAt } =
    invoice;
  return {
    id,
    number,
    status,
    state,
    customer: { id: customer.id, name: customer.name },
    issueDate,
    dueDate,
    totalMinor,
    paidMinor,
    balanceMinor,
    createdAt,
  };
}

export const noEvents = () => ({ items: [] });
