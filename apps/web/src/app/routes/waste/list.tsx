import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';
import { useActiveStore } from '../../../lib/current-store';
import { WASTE_ADD_PATH, WasteList } from '../../../features/waste/components/waste-list';

/** `/dashboard/waste`: the store's waste, what waits for approval, and the approval threshold. */
export function WasteRoute() {
  const store = useActiveStore();
  const canRecord = store.data?.permissions.includes('waste.record') ?? false;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Waste</Title>
          <Text c="dimmed">Stock written off as expired, damaged, spoiled or stolen, valued at cost.</Text>
        </Stack>
        {canRecord ? (
          <Button component={Link} to={WASTE_ADD_PATH}>
            Record waste
          </Button>
        ) : null}
      </Group>
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
        <WasteList
          currency={store.data.business.currency}
          timeZone={store.data.timeZone}
          canRecord={canRecord}
          canApprove={store.data.permissions.includes('waste.approve')}
          canEditThreshold={store.data.permissions.includes('settings.store')}
        />
      )}
    </Stack>
  );
}

export { WasteRoute as Component };
