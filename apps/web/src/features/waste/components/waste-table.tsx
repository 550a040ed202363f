import { Button, Group, Table, Text } from '@mantine/core';
import {
  formatStoreDateTime,
  wasteReasonLabels,
  type CurrencyCode,
  type ProductUnit,
  type WasteSummary,
} from '@ipos/contracts';
import { ListTable } from '../../../components/feedback/list-state';
import { Money } from '../../../components/money/money';
import { RecordNumberCell, RecordRow } from '../../../components/table/record-row';
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
  return (
    <ListTable label="Waste" minWidth={720} refreshing={refreshing}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Number</Table.Th>
          <Table.Th>Recorded</Table.Th>
          <Table.Th>Product</Table.Th>
          <Table.Th ta="right">Quantity</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th>Status</Table.Th>
          {canSeeCosts ? <Table.Th ta="right">Value at cost</Table.Th> : null}
          {canApprove ? <Table.Th aria-label="Decide" /> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((w) => (
          <RecordRow key={w.id} data-testid="waste-row" aria-label={`Waste ${w.number}`} onOpen={() => onOpen(w.id)}>
            <RecordNumberCell to={wastePath(w.id)}>{w.number}</RecordNumberCell>
            <Table.Td>
              <Text size="sm">{formatStoreDateTime(w.recordedAt, timeZone)}</Text>
              <Text size="xs" c="dimmed">
                {w.recordedBy.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{w.name}</Text>
              <Text size="xs" c="dimmed">
                {w.sku}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm">{formatQuantity(w.quantity, w.unit as ProductUnit)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{wasteReasonLabels[w.reason]}</Text>
            </Table.Td>
            <Table.Td>
              <WasteStatusBadge status={w.status} />
            </Table.Td>
            {canSeeCosts ? (
              <Table.Td ta="right">
                {w.valueMinor === null ? (
                  '—'
                ) : (
                  <Money
                    amountMinor={w.valueMinor}
                    currency={currency}
                    td={w.status === 'rejected' ? 'line-through' : undefined}
                  />
                )}
              </Table.Td>
            ) : null}
            {canApprove ? (
              <Table.Td>
                {w.status === 'pending' ? (
                  <Group gap={6} wrap="nowrap" justify="flex-end">
                    <Button
                      size="compact-sm"
                      color="green"
                      loading={approvingId === w.id}
                      onClick={() => onApprove(w)}
                      aria-label={`Approve ${w.number}`}
                    >
                      Approve
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => onReject(w)}
                      aria-label={`Reject ${w.number}`}
                    >
                      Reject
                    </Button>
                  </Group>
                ) : null}
              </Table.Td>
            ) : null}
          </RecordRow>
        ))}
      </Table.Tbody>
    </ListTable>
  );
}
