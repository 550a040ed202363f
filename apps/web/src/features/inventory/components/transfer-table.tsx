import type { ReactNode } from 'react';
import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { formatStoreDateTime, type StockTransfer } from '@ipos/contracts';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
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
  const who = (when: string, name: string | undefined) => (
    <>
      <Text size="sm">{formatStoreDateTime(when, timeZone)}</Text>
      <Text size="xs" c="dimmed">
        {name ?? ''}
      </Text>
    </>
  );
  const columns: TableColumn<StockTransfer>[] = [
    {
      key: 'number',
      label: 'Number',
      kind: 'code',
      priority: 0,
      cell: (t) => (
        <Anchor component={Link} to={`?tab=transfers&transfer=${t.id}`} fw={600}>
          {t.number}
        </Anchor>
      ),
    },
    {
      key: 'route',
      label: 'From → to',
      priority: 1,
      minWidth: 128,
      cell: (t) => `${t.fromStore.name} → ${t.toStore.name}`,
    },
    {
      key: 'status',
      label: 'Status',
      kind: 'other',
      priority: 0,
      cell: (t) => <TransferStatusBadge status={t.status} />,
    },
    {
      key: 'lines',
      label: 'Lines',
      priority: 3,
      minWidth: 144,
      cell: (t) => (
        <Text size="sm" lineClamp={2}>
          {t.lines.map((l) => `${l.name} × ${formatQuantity(l.quantity)}`).join(', ')}
        </Text>
      ),
    },
    { key: 'sent', label: 'Sent', priority: 2, minWidth: 112, cell: (t) => who(t.sentAt, t.sentBy?.name) },
    {
      key: 'received',
      label: 'Received',
      priority: 4,
      minWidth: 112,
      cell: (t) => (t.receivedAt ? who(t.receivedAt, t.receivedBy?.name) : '—'),
    },
    {
      key: 'action',
      label: 'Action',
      header: <VisuallyHidden>Action</VisuallyHidden>,
      kind: 'other',
      priority: 0,
      tdProps: () => ({ ta: 'right' }),
      cell: (t) => actionsFor(t),
    },
  ];
  return (
    <ResponsiveTable
      label={label}
      columns={columns}
      rows={items}
      rowKey={(t) => t.id}
      rowLabel={(t) => t.number}
      rowProps={() => ({ 'data-testid': 'transfer-row' })}
      refreshing={refreshing}
    />
  );
}
