import { Anchor, Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatStoreDateTime, purchaseOrderStatuses, type CurrencyCode, type VendorSummary } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListTable } from '../../../components/feedback/list-state';
import { Money } from '../../../components/money/money';
import { pathTo } from '../../../lib/route-paths';

const statusLabel = (value: number) => purchaseOrderStatuses.find((s) => s.value === value)?.label ?? String(value);

/** A vendor's latest purchase orders, each opening the order. */
export function VendorOrders({
  orders,
  currency,
  timeZone,
}: {
  orders: VendorSummary['orders'];
  currency: CurrencyCode;
  timeZone: string | undefined;
}) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Purchase orders
      </Title>
      {orders.items.length === 0 ? (
        <EmptyState title="No purchase orders yet">Orders to this vendor appear here.</EmptyState>
      ) : (
        <Card withBorder padding={0} radius="md">
          <ListTable label="Purchase orders" minWidth={680} refreshing={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th ta="right">Ordered</Table.Th>
                <Table.Th ta="right">Received</Table.Th>
                <Table.Th ta="right">Returned</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.items.map((o) => (
                <Table.Tr key={o.id} data-testid="order-row">
                  <Table.Td>
                    <Anchor component={Link} to={pathTo('dashboard.purchase-order.view/:id', { id: o.id })}>
                      {o.number}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {o.storeName}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={o.status === 1 ? 'gray' : o.status === 0 ? 'blue' : 'green'}>
                      {statusLabel(o.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatStoreDateTime(o.createdAt, timeZone)}</Table.Td>
                  <Table.Td ta="right">
                    <Money amountMinor={o.orderedMinor} currency={currency} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amountMinor={o.receivedMinor} currency={currency} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amountMinor={o.returnedMinor} currency={currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ListTable>
        </Card>
      )}
      {orders.total > orders.items.length ? (
        <Text size="sm" c="dimmed">
          The latest {orders.items.length} of {orders.total}.
        </Text>
      ) : null}
    </Stack>
  );
}
