import { Stack, Text, Title } from '@mantine/core';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';
import { useActiveStore } from '../../../lib/current-store';
import { SalesList } from '../../../features/transactions/components/sales-list';

/** `/dashboard/transactions`: the sales of the active store, filtered, with their totals. */
export function TransactionsRoute() {
  const store = useActiveStore();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Transactions</Title>
        <Text c="dimmed">Every sale of this store: find one to reprint its receipt, refund or void it.</Text>
      </Stack>
      {store.isPending ? (
        <LoadingCard label="Loading the store" />
      ) : store.isError ? (
        <LoadError
          title="We could not load the store"
          error={store.error}
          onRetry={() => void store.refetch()}
          isRetrying={store.isFetching}
        />
      ) : (
        <SalesList
          currency={store.data.business.currency}
          timeZone={store.data.timeZone}
          canSell={store.data.permissions.includes('checkout.sell')}
        />
      )}
    </Stack>
  );
}

export { TransactionsRoute as Component };
