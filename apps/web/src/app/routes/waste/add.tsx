import { Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { wastePath } from '../../../features/waste/components/waste-list';
import { WasteForm } from '../../../features/waste/components/waste-form';
import { WithActiveStore } from '../with-active-store';
import { pathTo } from '../../../lib/route-paths';

/** `/dashboard/waste/add`: record waste, then open the record. */
export function AddWasteRoute() {
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Record waste</Title>
        <Text c="dimmed">Write off stock that can no longer be sold.</Text>
      </Stack>
      <WithActiveStore>
        {(store) =>
          !store.permissions.includes('waste.record') ? (
            <Text>Your role cannot record waste in this store.</Text>
          ) : (
            <WasteForm
              storeId={store.id}
              currency={store.business.currency}
              thresholdMinor={store.wasteApprovalThresholdMinor}
              canApprove={store.permissions.includes('waste.approve')}
              onSaved={(w) => void navigate(wastePath(w.id), { replace: true })}
              onCancel={() => void navigate(pathTo('dashboard.waste'))}
            />
          )
        }
      </WithActiveStore>
    </Stack>
  );
}

export { AddWasteRoute as Component };
