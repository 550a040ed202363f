import { pathTo } from '../../../lib/route-paths';
/** Where the purchase-order screens live (app/route-table.ts). */
export const purchaseOrderPath = (orderId: string) => pathTo('dashboard.purchase-order.view/:id', { id: orderId });
export const editPurchaseOrderPath = (orderId: string) =>
  pathTo('dashboard.purchase-order.create', {}, { edit: orderId });
export const vendorPath = (vendorId: string) => pathTo('dashboard.contact.vendor/:id', { id: vendorId });
