import { Text } from '@mantine/core';
import { type CurrencyCode, formatStoreDateTime, paymentMethodLabels, type SaleSummary } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { NoValue } from '../../../components/table/no-value';
import { RecordNumberLink } from '../../../components/table/record-row';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { pathTo } from '../../../lib/route-paths';
import { SaleStateBadge } from './sale-state-badge';

export const salePath = (saleId: string) => pathTo('dashboard.transactions.:id', { id: saleId });

/** The rows shown so far; a row opens its sale (click, or Enter on the focused row). */
export function SalesTable({
  items,
  currency,
  timeZone,
  refreshing,
  onOpen,
}: {
  items: SaleSummary[];
  currency: CurrencyCode;
  timeZone: string;
  refreshing: boolean;
  onOpen: (saleId: string) => void;
}) {
  const columns: TableColumn<SaleSummary>[] = [
    {
      key: 'number',
      label: 'Number',
      kind: 'code',
      priority: 0,
      cell: (sale) => <RecordNumberLink to={salePath(sale.id)}>{sale.number}</RecordNumberLink>,
    },
    {
      key: 'when',
      label: 'Date and time',
      priority: 2,
      minWidth: 112,
      cell: (sale) => formatStoreDateTime(sale.completedAt, timeZone),
    },
    { key: 'cashier', label: 'Cashier', priority: 5, minWidth: 96, cell: (sale) => sale.cashier.name },
    {
      key: 'customer',
      label: 'Customer',
      priority: 4,
      minWidth: 112,
      cell: (sale) => (
        <Text span size="sm" c={sale.customer ? undefined : 'dimmed'}>
          {sale.customer?.name ?? 'Walk-in'}
        </Text>
      ),
    },
    {
      key: 'paidBy',
      label: 'Paid by',
      priority: 6,
      minWidth: 96,
      cell: (sale) =>
        sale.methods.length > 0 ? (
          sale.methods.map((m) => paymentMethodLabels[m]).join(', ')
        ) : (
          <Text span size="sm" c="dimmed">
            No payment
          </Text>
        ),
    },
    { key: 'state', label: 'State', kind: 'other', priority: 1, cell: (sale) => <SaleStateBadge state={sale.state} /> },
    {
      key: 'total',
      label: 'Total',
      kind: 'number',
      priority: 0,
      cell: (sale) => (
        <Money
          amountMinor={sale.totalMinor}
          currency={currency}
          td={sale.state === 'voided' ? 'line-through' : undefined}
        />
      ),
    },
    {
      key: 'refunded',
      label: 'Refunded',
      kind: 'number',
      priority: 3,
      cell: (sale) =>
        sale.refundedMinor > 0 ? (
          <Money amountMinor={sale.refundedMinor} currency={currency} c="orange" />
        ) : (
          <NoValue />
        ),
    },
  ];
  return (
    <ResponsiveTable
      label="Sales"
      columns={columns}
      rows={items}
      rowKey={(sale) => sale.id}
      rowLabel={(sale) => `Sale ${sale.number}`}
      onOpenRow={(sale) => onOpen(sale.id)}
      rowProps={(sale) => ({ 'data-testid': 'sale-row', 'aria-label': `Sale ${sale.number}` })}
      refreshing={refreshing}
    />
  );
}
