import type { ReactNode } from 'react';
import type { ActiveStore } from '@ipos/contracts';
import { LoadError, LoadingCard } from '../../components/feedback/load-states';
import { useActiveStore } from '../../lib/active-store';

/** Store screens need the active store (currency, clock, my permissions there): loading and failure are shown here, once. */
export function WithActiveStore({ children }: { children: (store: ActiveStore) => ReactNode }) {
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
  return <>{children(store.data)}</>;
}
