import { useNavigate, useSearchParams } from 'react-router';
import { purchaseOrderRefusal } from '@ipos/contracts';
import { isRecordMissing, LoadError, LoadingCard, RecordNotFound } from '../../../components/feedback/load-states';
import { usePurchaseOrder } from '../../../features/purchase-orders/api/purchase-orders';
import { factsOf } from '../../../features/purchase-orders/order-figures';
import { PurchaseOrderForm } from '../../../features/purchase-orders/components/purchase-order-form';
import { purchaseOrderPath } from '../../../features/purchase-orders/components/paths';
import { WithActiveStore } from '../with-active-store';
import { idParam } from '../../../lib/url-query';
import { pathTo } from '../../../lib/route-paths';

/**
 * `/dashboard/purchase-order/create`: a new order (`?vendorId=` starts it with that vendor), or
 * `?edit=<id>`: the same form for an OPEN order with nothing received.
 */
export function NewPurchaseOrderRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const editId = params.get('edit');
  return (
    <WithActiveStore>
      {(store) =>
        editId ? (
          <EditOrder
            orderId={editId}
            storeId={store.id}
            currency={store.business.currency}
            onSaved={(order) => void navigate(purchaseOrderPath(order.id))}
          />
        ) : (
          <PurchaseOrderForm
            storeId={store.id}
            currency={store.business.currency}
            initialVendorId={idParam(params, 'vendorId')}
            onSaved={(order) => void navigate(purchaseOrderPath(order.id))}
          />
        )
      }
    </WithActiveStore>
  );
}

function EditOrder({
  orderId,
  storeId,
  currency,
  onSaved,
}: {
  orderId: string;
  storeId: string;
  currency: Parameters<typeof PurchaseOrderForm>[0]['currency'];
  onSaved: Parameters<typeof PurchaseOrderForm>[0]['onSaved'];
}) {
  const order = usePurchaseOrder(orderId);
  if (order.isPending) return <LoadingCard label="Loading the purchase order" />;
  if (order.isError) {
    if (isRecordMissing(order.error))
      return (
        <RecordNotFound
          title="Purchase order not found"
          backTo={pathTo('dashboard.purchase-order')}
          backLabel="Back to purchase orders"
        >
          There is no such purchase order in this store.
        </RecordNotFound>
      );
    return (
      <LoadError
        title="We could not load this purchase order"
        error={order.error}
        onRetry={() => void order.refetch()}
        isRetrying={order.isFetching}
      />
    );
  }
  const refusal = purchaseOrderRefusal(factsOf(order.data), 'edit');
  if (refusal)
    return (
      <RecordNotFound
        title={`${order.data.number} cannot be edited`}
        backTo={purchaseOrderPath(orderId)}
        backLabel={`Back to ${order.data.number}`}
      >
        {refusal.message}.
      </RecordNotFound>
    );
  return (
    <PurchaseOrderForm
      key={order.data.version}
      storeId={storeId}
      currency={currency}
      order={order.data}
      onSaved={onSaved}
    />
  );
}

export { NewPurchaseOrderRoute as Component };
