import { Badge, Button, Table, Text } from '@mantine/core';
import { saleExceptionKindLabels, type CurrencyCode, type SaleException } from '@ipos/contracts';
import { ListTable } from '../../../components/feedback/list-state';
import { formatDateTime } from '../../../lib/format';
import { SaleExceptionDetails } from './sale-exception-details';

const kindColour: Record<string, string> = {
  sold_offline_below_zero: 'red',
  sold_offline_at_old_price: 'yellow',
  sold_offline_archived: 'gray',
};

export const kindLabel = (kind: string) =>
  (saleExceptionKindLabels as Record<string, string | undefined>)[kind] ?? kind.replaceAll('_', ' ');

/**
 * One page of sale exceptions: what happened, the sale (its number and the till's offline
 * reference), the item, the difference, when and by whom it was sold, and Resolve for those who may
 * (or who resolved it and why).
 */
export function SaleExceptionsTable({
  items,
  currency,
  timeZone,
  refreshing,
  canResolve,
  onResolve,
}: {
  items: SaleException[];
  currency: CurrencyCode;
  timeZone: string;
  refreshing: boolean;
  canResolve: boolean;
  onResolve: (exception: SaleException) => void;
}) {
  return (
    <ListTable label="Sales made offline to review" minWidth={860} refreshing={refreshing}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>What happened</Table.Th>
          <Table.Th>Sale</Table.Th>
          <Table.Th>Item</Table.Th>
          <Table.Th>Difference</Table.Th>
          <Table.Th>Sold</Table.Th>
          <Table.Th aria-label="Resolution" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((e) => (
          <Table.Tr key={e.id} data-testid="sale-exception-row">
            <Table.Td>
              <Badge color={kindColour[e.kind] ?? 'gray'} variant="light" style={{ textTransform: 'none' }}>
                {kindLabel(e.kind)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={600} ff="monospace">
                {e.sale.number}
              </Text>
              {e.sale.offlineReference ? (
                <Text size="xs" c="dimmed" ff="monospace">
                  Offline ref {e.sale.offlineReference}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{e.name}</Text>
              <Text size="xs" c="dimmed">
                {e.sku}
              </Text>
            </Table.Td>
            <Table.Td>
              <SaleExceptionDetails exception={e} currency={currency} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDateTime(e.sale.completedAt, timeZone)}</Text>
              <Text size="xs" c="dimmed">
                {e.sale.cashier?.name ?? 'Unknown cashier'}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Resolution exception={e} canResolve={canResolve} timeZone={timeZone} onResolve={onResolve} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ListTable>
  );
}

function Resolution({
  exception: e,
  canResolve,
  timeZone,
  onResolve,
}: {
  exception: SaleException;
  canResolve: boolean;
  timeZone: string;
  onResolve: (exception: SaleException) => void;
}) {
  if (e.resolvedAt)
    return (
      <>
        <Text size="sm">
          Resolved {formatDateTime(e.resolvedAt, timeZone)}
          {e.resolvedBy ? ` by ${e.resolvedBy.name}` : ''}
        </Text>
        {e.resolutionNote ? (
          <Text size="xs" c="dimmed">
            {e.resolutionNote}
          </Text>
        ) : null}
      </>
    );
  if (!canResolve) return null;
  return (
    <Button
      size="sm"
      variant="light"
      onClick={() => onResolve(e)}
      aria-label={`Resolve ${kindLabel(e.kind).toLowerCase()}: ${e.name}, sale ${e.sale.number}`}
    >
      Resolve
    </Button>
  );
}
