import { Card, Stack, Text, Title } from '@mantine/core';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';
import { toast } from '../../../components/toast';
import { useStoreAlias, useUpdateStoreAlias } from '../../../features/stores/api/store-settings';
import { StoreAliasForm } from '../../../features/stores/components/store-alias-form';
import { WithActiveStore } from '../with-active-store';

function StoreAliasScreen({ storeId }: { storeId: string }) {
  const alias = useStoreAlias(storeId);
  const update = useUpdateStoreAlias(storeId);
  return (
    <Stack gap="lg" maw={560}>
      <Stack gap={4}>
        <Title order={1}>Alias</Title>
        <Text c="dimmed">The store’s code on its document numbers, and the name on its documents.</Text>
      </Stack>
      {alias.data ? (
        <Card withBorder padding="lg" radius="md">
          <StoreAliasForm
            key={alias.data.version}
            store={alias.data}
            onSubmit={async (body) => {
              const saved = await update.mutateAsync(body);
              toast.show({ type: 'success', message: `Saved: ${saved.name} is now ${saved.alias}.` });
            }}
          />
        </Card>
      ) : alias.isError ? (
        <LoadError
          title="The alias could not be read"
          error={alias.error}
          onRetry={() => void alias.refetch()}
          isRetrying={alias.isFetching}
        />
      ) : (
        <LoadingCard label="Loading the alias" />
      )}
    </Stack>
  );
}

/** `/dashboard/settings/alias`: the active store's alias and display name (settings.alias). */
export function AliasRoute() {
  return (
    <WithActiveStore>
      {(store) =>
        store.permissions.includes('settings.alias') ? (
          <StoreAliasScreen storeId={store.id} />
        ) : (
          <Stack gap="lg">
            <Title order={1}>Alias</Title>
            <Text>Your role does not allow changing the store’s alias; a manager does.</Text>
          </Stack>
        )
      }
    </WithActiveStore>
  );
}

export { AliasRoute as Component };
