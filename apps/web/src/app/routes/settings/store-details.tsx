import { useState } from 'react';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { BusinessProfileStore } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { NoValue } from '../../../components/table/no-value';
import { ResponsiveTable } from '../../../components/table/responsive-table';
import { toast } from '../../../components/toast';
import {
  useAddBusinessProfileStore,
  useBusinessProfileStores,
  useBusinessProfile,
  useUpdateBusinessProfile,
} from '../../../features/businesses/api/business-profile';
import { BusinessLogoField } from '../../../features/businesses/components/business-logo-field';
import { BusinessProfileForm } from '../../../features/businesses/components/business-profile-form';
import { AddStoreDialog } from '../../../features/stores/components/add-store-dialog';
import { storeLocationPath } from '../../settings-links';
import { WithActiveStore } from '../with-active-store';

function StoreRows({ items }: { items: BusinessProfileStore[] }) {
  if (items.length === 0) return <EmptyState title="No stores yet">The business has no store.</EmptyState>;
  return (
    <ResponsiveTable
      label="Stores"
      columns={[
        {
          key: 'store',
          label: 'Store',
          priority: 0,
          minWidth: 112,
          cell: (store) => (
            <Anchor component={Link} to={storeLocationPath(store.id)} fw={500}>
              {store.name}
            </Anchor>
          ),
        },
        { key: 'code', label: 'Code', kind: 'code', priority: 0, cell: (store) => store.alias },
        { key: 'address', label: 'Address', priority: 2, cell: (store) => store.address ?? <NoValue /> },
        { key: 'phone', label: 'Phone', kind: 'code', priority: 1, cell: (store) => store.phone ?? <NoValue /> },
        { key: 'timeZone', label: 'Time zone', kind: 'code', priority: 3, cell: (store) => store.timeZone },
      ]}
      rows={items}
      rowKey={(store) => store.id}
      rowLabel={(store) => store.name}
      tableProps={{ verticalSpacing: 'sm' }}
    />
  );
}

function StoreDetails() {
  const profile = useBusinessProfile();
  const stores = useBusinessProfileStores();
  const update = useUpdateBusinessProfile();
  const addStore = useAddBusinessProfileStore();
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1}>Store details</Title>
        <Text c="dimmed">The business on every receipt and invoice, and its stores.</Text>
      </Stack>
      <WhenLoaded
        query={profile}
        loadingLabel="Loading the business profile"
        errorTitle="The business profile could not be read"
      >
        {(data) => (
          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="business-profile-title">
            <Stack gap="lg">
              <Title order={2} size="h3" id="business-profile-title">
                Business profile
              </Title>
              <BusinessLogoField logoVersion={data.logoVersion} />
              <BusinessProfileForm
                key={data.version}
                profile={data}
                onSubmit={async (body) => {
                  const saved = await update.mutateAsync(body);
                  toast.show({ type: 'success', message: `Saved the profile of ${saved.name}.` });
                }}
              />
            </Stack>
          </Card>
        )}
      </WhenLoaded>
      <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="stores-title">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h3" id="stores-title">
              Stores
            </Title>
            <Button variant="light" onClick={() => setAdding(true)}>
              Add a store
            </Button>
          </Group>
          <WhenLoaded query={stores} loadingLabel="Loading the stores" errorTitle="The stores could not be read">
            {(data) => <StoreRows items={data.items} />}
          </WhenLoaded>
        </Stack>
      </Card>
      <AddStoreDialog
        opened={adding}
        onClose={() => setAdding(false)}
        businessName={profile.data?.name ?? 'the business'}
        defaultTimeZone={stores.data?.items[0]?.timeZone}
        add={(body) => addStore.mutateAsync(body)}
      />
    </Stack>
  );
}

/** `/dashboard/settings/store-details`: the business profile and its stores (settings.business, administrators). */
export function StoreDetailsRoute() {
  return (
    <WithActiveStore>
      {(store) =>
        store.permissions.includes('settings.business') ? (
          <StoreDetails />
        ) : (
          <Stack gap="lg">
            <Title order={1}>Store details</Title>
            <Text>
              Your role does not allow changing the business’s details; an administrator does.{' '}
              <Anchor component={Link} to={storeLocationPath(store.id)}>
                Open this store’s settings
              </Anchor>
            </Text>
          </Stack>
        )
      }
    </WithActiveStore>
  );
}

export { StoreDetailsRoute as Component };
