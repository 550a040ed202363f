import { Card, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { CurrencyCode } from '@ipos/contracts';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';
import { toast } from '../../../components/toast';
import { useStoreSettings, useUpdateStoreSettings } from '../../../features/stores/api/store-settings';
import { StoreLocationForm } from '../../../features/stores/components/store-location-form';
import { WithActiveStore } from '../with-active-store';

/**
 * `/dashboard/settings/store-details/location/:id`: a store's location settings — the landing of
 * settings for every role but IPOS_ADMIN (their own store), and each location of store details for
 * the owner. Changing them needs settings.store in that store; the API refuses others as it does.
 */
function StoreLocation({ storeId, currency, canEdit }: { storeId: string; currency: CurrencyCode; canEdit: boolean }) {
  const settings = useStoreSettings(storeId);
  const update = useUpdateStoreSettings(storeId);
  if (!settings.data)
    return (
      <Stack gap="lg" maw={640}>
        <Title order={1}>Store settings</Title>
        {settings.isError ? (
          <LoadError
            title="This store’s settings could not be read"
            error={settings.error}
            onRetry={() => void settings.refetch()}
            isRetrying={settings.isFetching}
          />
        ) : (
          <LoadingCard label="Loading the store’s settings" />
        )}
      </Stack>
    );
  const store = settings.data;
  return (
    <Stack gap="lg" maw={640}>
      <Stack gap={4}>
        <Title order={1}>{store.name}</Title>
        <Text c="dimmed">
          Store code {store.alias} · where the store is, its calendar, and how it handles stock and waste.
          {canEdit ? '' : ' Your role may read these settings; a manager changes them.'}
        </Text>
      </Stack>
      <Card withBorder padding="lg" radius="md">
        <StoreLocationForm
          key={store.version}
          settings={store}
          currency={currency}
          canEdit={canEdit}
          onSubmit={async (body) => {
            await update.mutateAsync(body);
            toast.show({ type: 'success', message: `Saved ${body.name ?? store.name}.` });
          }}
        />
      </Card>
    </Stack>
  );
}

export function StoreLocationRoute() {
  const { id = '' } = useParams();
  return (
    <WithActiveStore>
      {(active) => (
        <StoreLocation
          key={id}
          storeId={id}
          currency={active.business.currency as CurrencyCode}
          canEdit={active.permissions.includes('settings.store')}
        />
      )}
    </WithActiveStore>
  );
}

export { StoreLocationRoute as Component };
