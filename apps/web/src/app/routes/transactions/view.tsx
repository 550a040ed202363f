import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';
import { ReceiptDialog } from '../../../features/checkout/components/receipt/receipt-dialog';
import { useActiveStore } from '../../../lib/current-store';
import { SaleView } from '../../../features/transactions/components/sale-view';

/** `/dashboard/transactions/:id`: one sale, its refunds and trail; reprint, refund, void. */
export function TransactionRoute() {
  const { id = '' } = useParams();
  const store = useActiveStore();
  const [printing, setPrinting] = useState(false);
  if (store.isPending) return <LoadingCard label="Loading the store" />;
  if (store.isError)
    return (
      <LoadError
        title="We could not load the store"
        error={store.error}
        onRetry={() => void store.refetch()}
        isRetrying={store.isFetching}
      />
    );
  return (
    <>
      <SaleView
        key={id}
        saleId={id}
        currency={store.data.business.currency}
        timeZone={store.data.timeZone}
        permissions={store.data.permissions}
        onReprint={() => setPrinting(true)}
      />
      <ReceiptDialog saleId={id} opened={printing} onClose={() => setPrinting(false)} />
    </>
  );
}

export { TransactionRoute as Component };
