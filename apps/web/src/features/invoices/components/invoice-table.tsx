import { Text } from '@mantine/core';
import type { CurrencyCode, InvoiceSummary } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { NoValue } from '../../../components/table/no-value';
import { RecordNumberLink } from '../../../components/table/record-row';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { formatDay } from '../../../lib/format';
import { invoicePath } from '../paths';
import { InvoiceStateBadge } from './invoice-state-badge';

/** One page of invoices with their balance; overdue rows stand out. A row opens its invoice. */
export function InvoiceTable({
  items,
  currency,
  refreshing,
  onOpen,
}: {
  items: InvoiceSummary[];
  currency: CurrencyCode;
  refreshing: boolean;
  onOpen: (invoiceId: string) => void;
}) {
  const columns: TableColumn<InvoiceSummary>[] = [
    {
      key: 'number',
      label: 'Number',
      kind: 'code',
      priority: 0,
      cell: (inv) => <RecordNumberLink to={invoicePath(inv.id)}>{inv.number ?? 'Draft'}</RecordNumberLink>,
    },
    // On a phone the number and balance stay; the customer is the last to move into the details.
    { key: 'customer', label: 'Customer', priority: 1, minWidth: 112, cell: (inv) => inv.customer.name },
    { key: 'issued', label: 'Issued', kind: 'code', priority: 5, cell: (inv) => formatDay(inv.issueDate) },
    {
      key: 'due',
      label: 'Due',
      kind: 'code',
      priority: 2,
      cell: (inv) => {
        const overdue = inv.state === 'overdue';
        return (
          <Text span size="sm" c={overdue ? 'red' : undefined} fw={overdue ? 700 : undefined}>
            {formatDay(inv.dueDate)}
          </Text>
        );
      },
    },
    {
      key: 'state',
      label: 'State',
      kind: 'other',
      priority: 3,
      cell: (inv) => <InvoiceStateBadge state={inv.state} />,
    },
    {
      key: 'total',
      label: 'Total',
      kind: 'number',
      priority: 4,
      cell: (inv) => (
        <Money
          amountMinor={inv.totalMinor}
          currency={currency}
          td={inv.state === 'void' ? 'line-through' : undefined}
        />
      ),
    },
    {
      key: 'balance',
      label: 'Balance',
      kind: 'number',
      priority: 0,
      cell: (inv) =>
        inv.balanceMinor > 0 ? (
          <Money
            amountMinor={inv.balanceMinor}
            currency={currency}
            fw={600}
            c={inv.state === 'overdue' ? 'red' : undefined}
          />
        ) : (
          <NoValue />
        ),
    },
  ];
  return (
    <ResponsiveTable
      label="Invoices"
      columns={columns}
      rows={items}
      rowKey={(inv) => inv.id}
      rowLabel={(inv) => `Invoice ${inv.number ?? 'draft'} for ${inv.customer.name}`}
      onOpenRow={(inv) => onOpen(inv.id)}
      rowProps={(inv) => {
        const overdue = inv.state === 'overdue';
        return {
          'data-testid': 'invoice-row',
          'data-overdue': overdue || undefined,
          'aria-label': `Invoice ${inv.number ?? 'draft'} for ${inv.customer.name}`,
          // Red 0, not the light variant's red 1: the row's links stay at AA contrast on it.
          bg: overdue ? 'var(--mantine-color-red-0)' : undefined,
        };
      }}
      refreshing={refreshing}
    />
  );
}
