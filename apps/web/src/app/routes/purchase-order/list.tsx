import { PurchaseOrdersList } from '../../../features/purchase-orders/components/purchase-orders-list';
import { WithActiveStore } from '../with-active-store';

/** `/dashboard/purchase-order`: the store's purchase orders with their filters. */
export function PurchaseOrdersRoute() {
  return (
    <WithActiveStore>
      {(store) => (
        <PurchaseOrdersList
          currency={store.business.currency}
          timeZone={store.timeZone}
          permissions={store.permissions}
        />
      )}
    </WithActiveStore>
  );
}

export { PurchaseOrdersRoute as Component };
