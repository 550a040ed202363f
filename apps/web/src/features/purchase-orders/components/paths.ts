import { pathTo } from '../../../lib/route-paths';
/** Where the purchase-order screens live (app/route-table.ts). */
export const PURCHASE_ORDERS_PATH = pathTo('dashboard.purchase-order');
export const NEW_PURCHASE_ORDER_PATH = pathTo('dashboard.purchase-order.create');
export const purchaseOrderPath = (orderId: string) => pathTo('dashboard.purchase-order.view/:id', { id: orderId });
export const editPurchaseOrderPath = (orderId: string) =>
  pathTo('dashboard.purchase-order.create', {}, { edit: orderId });
export const vendorPath = (vendorId: string) => pathTo('dashboard.contact.vendor/:id', { id: vendorId });
