import { useParams } from 'react-router';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';
import { CustomerPage } from '../../../features/contacts/components/contact-pages';
import { useActiveStore } from '../../../lib/current-store';

/** `/dashboard/contact/customer/:id`: one customer, its figures and history. */
export function CustomerRoute() {
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
  return (
    <CustomerPage
      key={id}
      id={id}
      currency={store.data.business.currency}
      timeZone={store.data.timeZone}
      permissions={store.data.permissions}
    />
  );
}

export { CustomerRoute as Component };
