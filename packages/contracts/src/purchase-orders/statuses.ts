/**
 * Purchase-order statuses of spec section 3, with the numbers the spec gives them (stored as is).
 * Meanings are in ARCHITECTURE.md ("Purchase orders").
 */
export const purchaseOrderStatuses = [
  { name: 'OPEN', value: 0, label: 'Open' },
  { name: 'CANCELLED', value: 1, label: 'Cancelled' },
  { name: 'CLOSED', value: 2, label: 'Closed' },
  { name: 'FULLY RECALLED', value: 3, label: 'Fully recalled' },
  { name: 'PARTIALLY RECALLED', value: 4, label: 'Partially recalled' },
] as const;

export type PurchaseOrderStatusName = (typeof purchaseOrderStatuses)[number]['name'];
export type PurchaseOrderStatusValue = (typeof purchaseOrderStatuses)[number]['value'];

/** `purchaseOrderStatus.OPEN === 0` … for code that compares stored values. */
export const purchaseOrderStatus = {
  OPEN: 0,
  CANCELLED: 1,
  CLOSED: 2,
  FULLY_RECALLED: 3,
  PARTIALLY_RECALLED: 4,
} as const satisfies Record<string, PurchaseOrderStatusValue>;
