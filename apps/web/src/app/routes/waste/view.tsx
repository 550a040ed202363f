import { useParams } from 'react-router';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';
import { useActiveStore } from '../../../lib/current-store';
import { WasteView } from '../../../features/waste/components/waste-view';

/** `/dashboard/waste/view/:id`: one waste record; approve or reject it when it waits. */
export function WasteRecordRoute() {
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
    <WasteView
      key={id}
      wasteId={id}
      currency={store.data.business.currency}
      timeZone={store.data.timeZone}
      permissions={store.data.permissions}
    />
  );
}

export { WasteRecordRoute as Component };
