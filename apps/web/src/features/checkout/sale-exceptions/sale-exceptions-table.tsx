import { Badge, Button, Text, VisuallyHidden } from '@mantine/core';
import { saleExceptionKindLabels, type CurrencyCode, type SaleException } from '@ipos/contracts';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
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
  const columns: TableColumn<SaleException>[] = [
    {
      key: 'kind',
      label: 'What happened',
      kind: 'other',
      priority: 1,
      cell: (e) => (
        <Badge color={kindColour[e.kind] ?? 'gray'} variant="light" style={{ textTransform: 'none' }}>
          {kindLabel(e.kind)}
        </Badge>
      ),
    },
    {
      key: 'sale',
      label: 'Sale',
      kind: 'code',
      priority: 0,
      cell: (e) => (
        <>
          <Text size="sm" fw={600} ff="monospace">
            {e.sale.number}
          </Text>
          {e.sale.offlineReference ? (
            <Text size="xs" c="dimmed" ff="monospace">
              Offline ref {e.sale.offlineReference}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'item',
      label: 'Item',
      priority: 0,
      minWidth: 112,
      cell: (e) => (
        <>
          <Text size="sm">{e.name}</Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {e.sku}
          </Text>
        </>
      ),
    },
    {
      key: 'difference',
      label: 'Difference',
      priority: 2,
      minWidth: 144,
      cell: (e) => <SaleExceptionDetails exception={e} currency={currency} />,
    },
    {
      key: 'sold',
      label: 'Sold',
      priority: 3,
      minWidth: 112,
      cell: (e) => (
        <>
          <Text size="sm">{formatDateTime(e.sale.completedAt, timeZone)}</Text>
          <Text size="xs" c="dimmed">
            {e.sale.cashier?.name ?? 'Unknown cashier'}
          </Text>
        </>
      ),
    },
    {
      key: 'resolution',
      label: 'Resolution',
      header: <VisuallyHidden>Resolution</VisuallyHidden>,
      kind: 'other',
      priority: 0,
      tdProps: () => ({ ta: 'right' }),
      cell: (e) => <Resolution exception={e} canResolve={canResolve} timeZone={timeZone} onResolve={onResolve} />,
    },
  ];
  return (
    <ResponsiveTable
      label="Sales made offline to review"
      columns={columns}
      rows={items}
      rowKey={(e) => e.id}
      rowLabel={(e) => `${e.name}, sale ${e.sale.number}`}
      rowProps={() => ({ 'data-testid': 'sale-exception-row' })}
      refreshing={refreshing}
    />
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
