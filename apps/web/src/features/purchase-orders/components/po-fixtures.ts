import type { PurchaseOrder, PurchaseOrderLine } from '@ipos/contracts';
import { LEKKI_ID } from '../../../test/fixtures';

/** A purchase order as the API describes it: 10 × Peak Milk at 800.00 and 2.5 kg of rice at 1,200.00. */
export const ORDER_ID = '0190a6a0-0000-7000-8000-00000000d001';
export const VENDOR_ID = '0190a6a0-0000-7000-8000-00000000c001';
export const MANAGER = { id: '0190a6a0-0000-7000-8000-000000000002', name: 'Mary Manager' };
export const MILK_VARIANT = '0190a6a0-0000-7000-8000-00000000f101';
export const RICE_VARIANT = '0190a6a0-0000-7000-8000-00000000f102';

export function lineOf(overrides: Partial<PurchaseOrderLine> = {}): PurchaseOrderLine {
  return {
    lineNo: 1,
    productId: '0190a6a0-0000-7000-8000-00000000f001',
    variantId: MILK_VARIANT,
    name: 'Peak Milk 400g',
    sku: 'PEAK-400',
    vendorItemCode: null,
    unit: 'each',
    quantityOrdered: 10,
    quantityReceived: 0,
    quantityReturned: 0,
    unitCostMinor: 80_000,
    orderedMinor: 800_000,
    ...overrides,
  };
}

export function orderOf(overrides: Partial<PurchaseOrder> = {}): PurchaseOrder {
  return {
    id: ORDER_ID,
    number: 'LEK-PO000007',
    status: 0,
    storeId: LEKKI_ID,
    vendor: {
      id: VENDOR_ID,
      name: 'Dangote Foods',
      email: 'orders@dangote.test',
      phone: '+2348030000001',
      address: null,
      taxId: null,
    },
    expectedOn: '2026-03-10',
    createdAt: '2026-03-07T09:00:00.000Z',
    lineCount: 2,
    orderedMinor: 1_100_000,
    receivedMinor: 0,
    returnedMinor: 0,
    notes: null,
    lines: [
      lineOf(),
      lineOf({
        lineNo: 2,
        productId: '0190a6a0-0000-7000-8000-00000000f002',
        variantId: RICE_VARIANT,
        name: 'Rice (loose)',
        sku: 'RICE-KG',
        unit: 'kg',
        quantityOrdered: 2.5,
        unitCostMinor: 120_000,
        orderedMinor: 300_000,
      }),
    ],
    receipts: [],
    returns: [],
    createdBy: MANAGER,
    sentAt: null,
    closedAt: null,
    closedBy: null,
    closeReason: null,
    cancelledAt: null,
    cancelledBy: null,
    cancelReason: null,
    version: 1,
    ...overrides,
  };
}

/** The order with 4 milk and the 2.5 kg of rice received. */
export function partlyReceived(overrides: Partial<PurchaseOrder> = {}): PurchaseOrder {
  const order = orderOf(overrides);
  order.lines = [
    { ...order.lines[0]!, quantityReceived: 4 },
    { ...order.lines[1]!, quantityReceived: 2.5 },
  ];
  order.receivedMinor = 620_000;
  return order;
}
