import { useParams } from 'react-router';
import { storeDay } from '@ipos/contracts';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';
import { useActiveStore } from '../../../lib/current-store';
import { InvoiceView } from '../../../features/invoices/components/invoice-view';

/** `/dashboard/invoice/view/:id`: one invoice, printable; issue, payments, void, PDF, email. */
export function InvoiceRoute() {
  const { id = '' } = useParams();
  const store = useActiveStore();
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
  return <InvoiceView key={id} invoiceId={id} store={store.data} today={storeDay(store.data.timeZone)} />;
}

export { InvoiceRoute as Component };
