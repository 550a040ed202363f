import { Anchor, Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { BusinessSummary } from '@ipos/contracts';
import { Link } from 'react-router';
import { ResponsiveTable } from '../../../components/table/responsive-table';
import { formatMoney } from '../../../lib/money';
import { pathTo } from '../../../lib/route-paths';

const sales = (count: number) => (count === 1 ? '1 sale' : `${count} sales`);

/** One business's today: its net sales in its currency, and each store on its own day. */
export function BusinessToday({
  business,
  onOpenStore,
}: {
  business: BusinessSummary;
  onOpenStore: (id: string) => void;
}) {
  const money = (minor: number) => formatMoney(minor, business.currency);
  const { todayFigures: today } = business;
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={`business-${business.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4" id={`business-${business.id}`}>
            <Anchor component={Link} to={pathTo('dashboard.business.view/:id', { id: business.id })} inherit>
              {business.name}
            </Anchor>
          </Title>
          <Group gap={6}>
            <Badge variant="light">{business.currency}</Badge>
            <Badge variant="outline" color="gray">
              {business.country}
            </Badge>
          </Group>
        </Group>
        <Group gap="xl" wrap="wrap">
          <div>
            <Text size="sm" c="dimmed">
              Net sales today
            </Text>
            <Text fz={22} fw={700} data-testid={`net-sales-${business.id}`}>
              {money(today.netSalesMinor)}
            </Text>
          </div>
          <Text size="sm" c="dimmed">
            {sales(today.salesCount)} · {money(today.refundsMinor)} refunded · {business.staffCount} staff ·{' '}
            {business.lowStockCount} low on stock
          </Text>
        </Group>
        {business.stores.length === 0 ? (
          <Text size="sm" c="dimmed">
            No stores yet.
          </Text>
        ) : (
          <ResponsiveTable
            label={`Stores of ${business.name} today`}
            columns={[
              {
                key: 'store',
                label: 'Store',
                priority: 0,
                minWidth: 128,
                cell: (store) => (
                  <>
                    {store.name}{' '}
                    <Text span c="dimmed" size="sm">
                      ({store.alias})
                    </Text>
                    <Text size="xs" c="dimmed">
                      {store.today} · {store.timeZone}
                    </Text>
                  </>
                ),
              },
              {
                key: 'sales',
                label: 'Sales',
                kind: 'number',
                priority: 2,
                cell: (store) => store.todayFigures.salesCount,
              },
              {
                key: 'net',
                label: 'Net sales',
                kind: 'number',
                priority: 0,
                cell: (store) => money(store.todayFigures.netSalesMinor),
              },
              {
                key: 'lowStock',
                label: 'Low stock',
                kind: 'number',
                priority: 3,
                cell: (store) => store.lowStockCount,
              },
              {
                key: 'actions',
                label: 'Actions',
                header: <VisuallyHidden>Actions</VisuallyHidden>,
                kind: 'other',
                priority: 1,
                tdProps: () => ({ ta: 'right' }),
                cell: (store) => (
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => onOpenStore(store.id)}
                    // The name starts with the words on the button (WCAG 2.5.3), then says which store.
                    aria-label={`Work here in ${store.name}`}
                  >
                    Work here
                  </Button>
                ),
              },
            ]}
            rows={business.stores}
            rowKey={(store) => store.id}
            rowLabel={(store) => store.name}
            tableProps={{ highlightOnHover: false }}
          />
        )}
      </Stack>
    </Card>
  );
}
