import type { ReactNode } from 'react';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatStoreDateTime, type StockTransfer } from '@ipos/contracts';
import { ListTable } from '../../../components/feedback/list-state';
import { formatQuantity } from '../../../lib/quantity';
import { TransferStatusBadge } from './count-status-badge';

/** One page of transfers: number (opens it), route, status, lines, sent, received, and its action. */
export function TransferTable({
  label,
  items,
  refreshing,
  timeZone,
  actionsFor,
}: {
  label: string;
  items: StockTransfer[];
  refreshing: boolean;
  timeZone?: string;
  actionsFor: (t: StockTransfer) => ReactNode;
}) {
  return (
    <ListTable label={label} minWidth={760} refreshing={refreshing}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Number</Table.Th>
          <Table.Th>From → to</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Lines</Table.Th>
          <Table.Th>Sent</Table.Th>
          <Table.Th>Received</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((t) => (
          <Table.Tr key={t.id} data-testid="transfer-row">
            <Table.Td>
              <Anchor component={Link} to={`?tab=transfers&transfer=${t.id}`} fw={600}>
                {t.number}
              </Anchor>
            </Table.Td>
            <Table.Td>
              {t.fromStore.name} → {t.toStore.name}
            </Table.Td>
            <Table.Td>
              <TransferStatusBadge status={t.status} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={2}>
                {t.lines.map((l) => `${l.name} × ${formatQuantity(l.quantity)}`).join(', ')}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatStoreDateTime(t.sentAt, timeZone)}</Text>
              <Text size="xs" c="dimmed">
                {t.sentBy?.name ?? ''}
              </Text>
            </Table.Td>
            <Table.Td>
              {t.receivedAt ? (
                <>
                  <Text size="sm">{formatStoreDateTime(t.receivedAt, timeZone)}</Text>
                  <Text size="xs" c="dimmed">
                    {t.receivedBy?.name ?? ''}
                  </Text>
                </>
              ) : (
                '—'
              )}
            </Table.Td>
            <Table.Td ta="right">{actionsFor(t)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ListTable>
  );
}
