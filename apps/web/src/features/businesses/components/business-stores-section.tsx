import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { BusinessDetail } from '@ipos/contracts';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { formatMoney } from '../../../lib/money';

type BusinessStore = BusinessDetail['stores'][number];

/** The store and today's net sales always show; on a narrow screen the rest move into each store's details. */
function storeColumns(currency: BusinessDetail['currency']): TableColumn<BusinessStore>[] {
  return [
    {
      key: 'store',
      label: 'Store',
      priority: 0,
      minWidth: 96,
      tdProps: () => ({ fw: 600 }),
      cell: (store) => (
        <>
          {store.name}
          {store.address ? (
            <Text size="xs" c="dimmed" fw={400}>
              {store.address}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'code', label: 'Code', kind: 'code', priority: 3, cell: (store) => store.alias },
    {
      key: 'timeZone',
      label: 'Time zone',
      priority: 4,
      cell: (store) => (
        <>
          {store.timeZone}
          <Text size="xs" c="dimmed">
            Today is {store.today}
          </Text>
        </>
      ),
    },
    { key: 'sales', label: 'Sales today', kind: 'number', priority: 2, cell: (s) => s.todayFigures.salesCount },
    {
      key: 'netSales',
      label: 'Net sales today',
      kind: 'number',
      priority: 0,
      cell: (store) => formatMoney(store.todayFigures.netSalesMinor, currency),
    },
    { key: 'staff', label: 'Staff', kind: 'number', priority: 3, cell: (store) => store.staffCount },
    { key: 'lowStock', label: 'Low stock', kind: 'number', priority: 2, cell: (store) => store.lowStockCount },
  ];
}

/** A business's stores, each with its code, its own day and today's figures; "Add a store" opens the dialog. */
export function BusinessStoresSection({ business: data, onAdd }: { business: BusinessDetail; onAdd: () => void }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="stores-title">
      <Group justify="space-between">
        <Title order={2} size="h4" id="stores-title">
          Stores
        </Title>
        <Button variant="light" onClick={onAdd}>
          Add a store
        </Button>
      </Group>
      <Card withBorder padding={0} radius="md">
        <ResponsiveTable
          label="Stores"
          columns={storeColumns(data.currency)}
          rows={data.stores}
          rowKey={(store) => store.id}
          rowLabel={(store) => store.name}
          tableProps={{ verticalSpacing: 'sm', horizontalSpacing: 'md', highlightOnHover: false }}
        />
      </Card>
    </Stack>
  );
}
