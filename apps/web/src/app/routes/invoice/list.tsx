import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useActiveStore } from '../../../lib/active-store';
import { InvoiceList } from '../../../features/invoices/components/invoice-list';
import { WithActiveStore } from '../with-active-store';
import { pathTo } from '../../../lib/route-paths';

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
          <Button component={Link} to={pathTo('dashboard.invoice.create')}>
            New invoice
          </Button>
        ) : null}
      </Group>
      <WithActiveStore>
        {(store) => <InvoiceList currency={store.business.currency} canManage={canManage} />}
      </WithActiveStore>
    </Stack>
  );
}

export { InvoicesRoute as Component };
