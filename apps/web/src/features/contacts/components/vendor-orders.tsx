import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatStoreDateTime, purchaseOrderStatuses, type CurrencyCode, type VendorSummary } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import type { TableColumn } from '../../../components/table/responsive-table';
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
  type Order = VendorSummary['orders']['items'][number];
  const money = (key: 'orderedMinor' | 'receivedMinor' | 'returnedMinor') => (o: Order) => (
    <Money amountMinor={o[key]} currency={currency} />
  );
  const columns: TableColumn<Order>[] = [
    {
      key: 'number',
      label: 'Number',
      priority: 0,
      minWidth: 112,
      cell: (o) => (
        <>
          <Anchor
            component={Link}
            to={pathTo('dashboard.purchase-order.view/:id', { id: o.id })}
            style={{ whiteSpace: 'nowrap' }}
          >
            {o.number}
          </Anchor>
          <Text size="xs" c="dimmed">
            {o.storeName}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      kind: 'other',
      priority: 1,
      cell: (o) => (
        <Badge variant="light" color={o.status === 1 ? 'gray' : o.status === 0 ? 'blue' : 'green'}>
          {statusLabel(o.status)}
        </Badge>
      ),
    },
    {
      key: 'created',
      label: 'Created',
      priority: 4,
      minWidth: 112,
      cell: (o) => formatStoreDateTime(o.createdAt, timeZone),
    },
    { key: 'ordered', label: 'Ordered', kind: 'number', priority: 0, cell: money('orderedMinor') },
    { key: 'received', label: 'Received', kind: 'number', priority: 2, cell: money('receivedMinor') },
    { key: 'returned', label: 'Returned', kind: 'number', priority: 3, cell: money('returnedMinor') },
  ];
  return (
    <LatestRecords
      title="Purchase orders"
      emptyTitle="No purchase orders yet"
      emptyText="Orders to this vendor appear here."
      total={orders.total}
      columns={columns}
      rows={orders.items}
      rowKey={(o) => o.id}
      rowLabel={(o) => o.number}
      rowProps={() => ({ 'data-testid': 'order-row' })}
    />
  );
}
