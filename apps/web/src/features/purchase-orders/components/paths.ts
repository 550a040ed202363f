/** Where the purchase-order screens live (app/route-table.ts). */
export const PURCHASE_ORDERS_PATH = '/dashboard/purchase-order';
export const NEW_PURCHASE_ORDER_PATH = `${PURCHASE_ORDERS_PATH}/create`;
export const purchaseOrderPath = (orderId: string) => `${PURCHASE_ORDERS_PATH}/view/${orderId}`;
export const editPurchaseOrderPath = (orderId: string) => `${NEW_PURCHASE_ORDER_PATH}?edit=${orderId}`;
export const vendorPath = (vendorId: string) => `/dashboard/contact/vendor/${vendorId}`;
