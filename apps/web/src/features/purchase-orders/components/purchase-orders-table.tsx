import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatStoreDateTime, type CurrencyCode, type PurchaseOrderListItem } from '@ipos/contracts';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { Money } from '../../../components/money/money';
import { PurchaseOrderStatusBadge } from '../../../components/status-badge/purchase-order-status-badge';
import { formatQuantity } from '../../../lib/quantity';
import { purchaseOrderPath } from './paths';

/** "12 of 24 received" while some but not all units have arrived; otherwise nothing. */
export function receiptProgress(po: Pick<PurchaseOrderListItem, 'quantityOrdered' | 'quantityReceived'>) {
  if (!(po.quantityReceived > 0 && po.quantityReceived < po.quantityOrdered)) return null;
  return `${formatQuantity(po.quantityReceived)} of ${formatQuantity(po.quantityOrdered)} received`;
}

/** The status badge, whole (never cut to an ellipsis), with the receipt progress beside it. */
function StatusCell({ po }: { po: PurchaseOrderListItem }) {
  const progress = receiptProgress(po);
  return (
    <Group gap={6} wrap="nowrap">
      <PurchaseOrderStatusBadge
        status={po.status}
        style={{ flexShrink: 0, overflow: 'visible' }}
        styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
      />
      {progress ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          · {progress}
        </Text>
      ) : null}
    </Group>
  );
}

/** A page of purchase orders, each opening the order. */
export function PurchaseOrdersTable({
  items,
  currency,
  timeZone,
  refreshing,
}: {
  items: PurchaseOrderListItem[];
  currency: CurrencyCode;
  timeZone: string;
  /** The previous page's rows shown while the next loads: dimmed. */
  refreshing: boolean;
}) {
  const columns: TableColumn<PurchaseOrderListItem>[] = [
    {
      key: 'number',
      label: 'Number',
      kind: 'code',
      priority: 0,
      cell: (po) => (
        <Anchor component={Link} to={purchaseOrderPath(po.id)} ff="monospace" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {po.number}
        </Anchor>
      ),
    },
    { key: 'vendor', label: 'Vendor', priority: 0, minWidth: 112, cell: (po) => po.vendor.name },
    { key: 'status', label: 'Status', kind: 'other', priority: 1, cell: (po) => <StatusCell po={po} /> },
    {
      key: 'created',
      label: 'Created',
      priority: 5,
      minWidth: 112,
      cell: (po) => formatStoreDateTime(po.createdAt, timeZone),
    },
    { key: 'expected', label: 'Expected', kind: 'code', priority: 4, cell: (po) => po.expectedOn ?? '—' },
    {
      key: 'ordered',
      label: 'Ordered',
      kind: 'number',
      priority: 2,
      cell: (po) => (
        <>
          <Money amountMinor={po.orderedMinor} currency={currency} />
          <Text size="xs" c="dimmed">
            {po.lineCount} {po.lineCount === 1 ? 'line' : 'lines'}
          </Text>
        </>
      ),
    },
    {
      key: 'received',
      label: 'Received',
      kind: 'number',
      priority: 3,
      cell: (po) => (
        <>
          <Money amountMinor={po.receivedMinor} currency={currency} />
          {po.returnedMinor > 0 ? (
            <Text size="xs" c="dimmed">
              returned <Money amountMinor={po.returnedMinor} currency={currency} span />
            </Text>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <ResponsiveTable
      label="Purchase orders"
      columns={columns}
      rows={items}
      rowKey={(po) => po.id}
      rowLabel={(po) => `${po.number}, ${po.vendor.name}`}
      rowProps={() => ({ 'data-testid': 'po-row' })}
      refreshing={refreshing}
    />
  );
}
