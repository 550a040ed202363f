import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useActiveStore } from '../../../lib/active-store';
import { WasteList } from '../../../features/waste/components/waste-list';
import { WithActiveStore } from '../with-active-store';
import { pathTo } from '../../../lib/route-paths';

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
          <Button component={Link} to={pathTo('dashboard.waste.add')}>
            Record waste
          </Button>
        ) : null}
      </Group>
      <WithActiveStore>
        {(store) => (
          <WasteList
            currency={store.business.currency}
            timeZone={store.timeZone}
            canRecord={canRecord}
            canApprove={store.permissions.includes('waste.approve')}
            canEditThreshold={store.permissions.includes('settings.store')}
            canSeeCosts={store.permissions.includes('inventory.costs')}
          />
        )}
      </WithActiveStore>
    </Stack>
  );
}

export { WasteRoute as Component };
