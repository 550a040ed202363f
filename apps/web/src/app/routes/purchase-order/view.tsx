import { useParams } from 'react-router';
import { PurchaseOrderView } from '../../../features/purchase-orders/components/purchase-order-view';
import { WithActiveStore } from '../with-active-store';

/** `/dashboard/purchase-order/view/:id`: one order, its deliveries, returns and history, and its actions. */
export function PurchaseOrderRoute() {
  const { id = '' } = useParams();
  return (
    <WithActiveStore>
      {(store) => (
        <PurchaseOrderView
          key={id}
          orderId={id}
          currency={store.business.currency}
          timeZone={store.timeZone}
          permissions={store.permissions}
        />
      )}
    </WithActiveStore>
  );
}

export { PurchaseOrderRoute as Component };
