import { Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';
import { useActiveStore } from '../../../lib/current-store';
import { WASTE_PATH, wastePath } from '../../../features/waste/components/waste-list';
import { WasteForm } from '../../../features/waste/components/waste-form';

/** `/dashboard/waste/add`: record waste, then open the record. */
export function AddWasteRoute() {
  const store = useActiveStore();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Record waste</Title>
        <Text c="dimmed">Write off stock that can no longer be sold.</Text>
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
      ) : !store.data.permissions.includes('waste.record') ? (
        <Text>Your role cannot record waste in this store.</Text>
      ) : (
        <WasteForm
          storeId={store.data.id}
          currency={store.data.business.currency}
          thresholdMinor={store.data.wasteApprovalThresholdMinor}
          canApprove={store.data.permissions.includes('waste.approve')}
          onSaved={(w) => void navigate(wastePath(w.id), { replace: true })}
          onCancel={() => void navigate(WASTE_PATH)}
        />
      )}
    </Stack>
  );
}

export { AddWasteRoute as Component };
