import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatStoreDateTime, purchaseOrderStatuses, type CurrencyCode, type VendorSummary } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { pathTo } from '../../../lib/route-paths';
import { LatestRecords } from './latest-records';

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
    <LatestRecords
      title="Purchase orders"
      emptyTitle="No purchase orders yet"
      emptyText="Orders to this vendor appear here."
      minWidth={680}
      shown={orders.items.length}
      total={orders.total}
      head={
        <>
          <Table.Th>Number</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Created</Table.Th>
          <Table.Th ta="right">Ordered</Table.Th>
          <Table.Th ta="right">Received</Table.Th>
          <Table.Th ta="right">Returned</Table.Th>
        </>
      }
    >
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
    </LatestRecords>
  );
}
