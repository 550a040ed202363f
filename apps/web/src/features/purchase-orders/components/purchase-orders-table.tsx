import { Anchor, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatStoreDateTime, type CurrencyCode, type PurchaseOrderListItem } from '@ipos/contracts';
import { ListTable } from '../../../components/feedback/list-state';
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
  return (
    <ListTable label="Purchase orders" minWidth={760} refreshing={refreshing}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Number</Table.Th>
          <Table.Th>Vendor</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Created</Table.Th>
          <Table.Th>Expected</Table.Th>
          <Table.Th ta="right">Ordered</Table.Th>
          <Table.Th ta="right">Received</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((po) => (
          <Table.Tr key={po.id} data-testid="po-row">
            <Table.Td>
              <Anchor
                component={Link}
                to={purchaseOrderPath(po.id)}
                ff="monospace"
                fw={600}
                style={{ whiteSpace: 'nowrap' }}
              >
                {po.number}
              </Anchor>
            </Table.Td>
            <Table.Td>{po.vendor.name}</Table.Td>
            <Table.Td>
              <StatusCell po={po} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatStoreDateTime(po.createdAt, timeZone)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{po.expectedOn ?? '—'}</Text>
            </Table.Td>
            <Table.Td ta="right">
              <Money amountMinor={po.orderedMinor} currency={currency} />
              <Text size="xs" c="dimmed">
                {po.lineCount} {po.lineCount === 1 ? 'line' : 'lines'}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Money amountMinor={po.receivedMinor} currency={currency} />
              {po.returnedMinor > 0 ? (
                <Text size="xs" c="dimmed">
                  returned <Money amountMinor={po.returnedMinor} currency={currency} span />
                </Text>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ListTable>
  );
}
