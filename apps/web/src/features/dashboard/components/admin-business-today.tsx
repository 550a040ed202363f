import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { BusinessSummary } from '@ipos/contracts';
import { Link } from 'react-router';
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
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" aria-label={`Stores of ${business.name} today`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Store</Table.Th>
                  <Table.Th ta="right">Sales</Table.Th>
                  <Table.Th ta="right">Net sales</Table.Th>
                  <Table.Th ta="right">Low stock</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {business.stores.map((store) => (
                  <Table.Tr key={store.id}>
                    <Table.Td>
                      {store.name}{' '}
                      <Text span c="dimmed" size="sm">
                        ({store.alias})
                      </Text>
                      <Text size="xs" c="dimmed">
                        {store.today} · {store.timeZone}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{store.todayFigures.salesCount}</Table.Td>
                    <Table.Td ta="right">{money(store.todayFigures.netSalesMinor)}</Table.Td>
                    <Table.Td ta="right">{store.lowStockCount}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => onOpenStore(store.id)}
                        // The name starts with the words on the button (WCAG 2.5.3), then says which store.
                        aria-label={`Work here in ${store.name}`}
                      >
                        Work here
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
