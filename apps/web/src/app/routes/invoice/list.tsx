import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';
import { useActiveStore } from '../../../lib/current-store';
import { InvoiceList } from '../../../features/invoices/components/invoice-list';
import { NEW_INVOICE_PATH } from '../../../features/invoices/paths';

/** `/dashboard/invoice`: the store's invoices, what is owed and overdue. */
export function InvoicesRoute() {
  const store = useActiveStore();
  const canManage = store.data?.permissions.includes('invoices.manage') ?? false;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Invoices</Title>
          <Text c="dimmed">Sales on credit: what each customer owes, and what is past due.</Text>
        </Stack>
        {canManage ? (
          <Button component={Link} to={NEW_INVOICE_PATH}>
            New invoice
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
        <InvoiceList currency={store.data.business.currency} canManage={canManage} />
      )}
    </Stack>
  );
}

export { InvoicesRoute as Component };
