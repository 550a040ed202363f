import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import {
  formatStoreDateTime,
  wasteReasonLabels,
  type CurrencyCode,
  type ProductUnit,
  type WasteSummary,
} from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { RecordNumberLink } from '../../../components/table/record-row';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { formatQuantity } from '../../../lib/quantity';
import { pathTo } from '../../../lib/route-paths';
import { WasteStatusBadge } from './waste-status-badge';

export const wastePath = (wasteId: string) => pathTo('dashboard.waste.view/:id', { id: wasteId });

/**
 * One page of waste records; a row opens its record (click, or Enter on the focused row). Approvers
 * get Approve / Reject on each pending row; the value at cost shows only to those who see costs.
 */
export function WasteTable({
  items,
  currency,
  timeZone,
  refreshing,
  canSeeCosts,
  canApprove,
  approvingId,
  onOpen,
  onApprove,
  onReject,
}: {
  items: WasteSummary[];
  currency: CurrencyCode;
  timeZone: string;
  refreshing: boolean;
  canSeeCosts: boolean;
  canApprove: boolean;
  /** The record whose approval is under way. */
  approvingId: string | undefined;
  onOpen: (wasteId: string) => void;
  onApprove: (waste: WasteSummary) => void;
  onReject: (waste: WasteSummary) => void;
}) {
  const columns: (TableColumn<WasteSummary> | null)[] = [
    {
      key: 'number',
      label: 'Number',
      kind: 'code',
      priority: 0,
      cell: (w) => <RecordNumberLink to={wastePath(w.id)}>{w.number}</RecordNumberLink>,
    },
    {
      key: 'recorded',
      label: 'Recorded',
      priority: 4,
      minWidth: 112,
      cell: (w) => (
        <>
          <Text size="sm">{formatStoreDateTime(w.recordedAt, timeZone)}</Text>
          <Text size="xs" c="dimmed">
            {w.recordedBy.name}
          </Text>
        </>
      ),
    },
    {
      key: 'product',
      label: 'Product',
      priority: 0,
      minWidth: 112,
      cell: (w) => (
        <>
          <Text size="sm">{w.name}</Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {w.sku}
          </Text>
        </>
      ),
    },
    {
      key: 'quantity',
      label: 'Quantity',
      kind: 'number',
      priority: 2,
      cell: (w) => formatQuantity(w.quantity, w.unit as ProductUnit),
    },
    { key: 'reason', label: 'Reason', priority: 5, minWidth: 96, cell: (w) => wasteReasonLabels[w.reason] },
    { key: 'status', label: 'Status', kind: 'other', priority: 2, cell: (w) => <WasteStatusBadge status={w.status} /> },
    canSeeCosts
      ? {
          key: 'value',
          label: 'Value at cost',
          kind: 'number',
          priority: 3,
          cell: (w) =>
            w.valueMinor === null ? (
              '—'
            ) : (
              <Money
                amountMinor={w.valueMinor}
                currency={currency}
                td={w.status === 'rejected' ? 'line-through' : undefined}
              />
            ),
        }
      : null,
    canApprove
      ? {
          key: 'decide',
          label: 'Decide',
          header: <VisuallyHidden>Decide</VisuallyHidden>,
          kind: 'other',
          // Last to move into the details: on a phone Approve and Reject are one tap away.
          priority: 1,
          cell: (w) => (w.status === 'pending' ? <Decide waste={w} {...{ approvingId, onApprove, onReject }} /> : null),
        }
      : null,
  ];
  return (
    <ResponsiveTable
      label="Waste"
      columns={columns.filter((column) => column !== null)}
      rows={items}
      rowKey={(w) => w.id}
      rowLabel={(w) => `Waste ${w.number}`}
      onOpenRow={(w) => onOpen(w.id)}
      rowProps={(w) => ({ 'data-testid': 'waste-row', 'aria-label': `Waste ${w.number}` })}
      refreshing={refreshing}
    />
  );
}

function Decide({
  waste,
  approvingId,
  onApprove,
  onReject,
}: {
  waste: WasteSummary;
  approvingId: string | undefined;
  onApprove: (waste: WasteSummary) => void;
  onReject: (waste: WasteSummary) => void;
}) {
  return (
    <Group gap={6} justify="flex-end">
      <Button
        size="compact-sm"
        color="green"
        loading={approvingId === waste.id}
        onClick={() => onApprove(waste)}
        aria-label={`Approve ${waste.number}`}
      >
        Approve
      </Button>
      <Button size="compact-sm" variant="default" onClick={() => onReject(waste)} aria-label={`Reject ${waste.number}`}>
        Reject
      </Button>
    </Group>
  );
}
