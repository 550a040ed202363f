import { Table, Text } from '@mantine/core';
import type { CurrencyCode, InvoiceSummary } from '@ipos/contracts';
import { ListTable } from '../../../components/feedback/list-state';
import { Money } from '../../../components/money/money';
import { NoValue } from '../../../components/table/no-value';
import { RecordNumberCell, RecordRow } from '../../../components/table/record-row';
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
  return (
    <ListTable label="Invoices" minWidth={720} refreshing={refreshing}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Number</Table.Th>
          <Table.Th>Customer</Table.Th>
          {/* On a tablet the issue date gives way to the balance. */}
          <Table.Th visibleFrom="md">Issued</Table.Th>
          <Table.Th>Due</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th ta="right">Balance</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((inv) => {
          const overdue = inv.state === 'overdue';
          return (
            <RecordRow
              key={inv.id}
              data-testid="invoice-row"
              data-overdue={overdue || undefined}
              aria-label={`Invoice ${inv.number ?? 'draft'} for ${inv.customer.name}`}
              // Red 0, not the light variant's red 1: the row's links stay at AA contrast on it.
              bg={overdue ? 'var(--mantine-color-red-0)' : undefined}
              onOpen={() => onOpen(inv.id)}
            >
              <RecordNumberCell to={invoicePath(inv.id)}>{inv.number ?? 'Draft'}</RecordNumberCell>
              <Table.Td>
                <Text size="sm">{inv.customer.name}</Text>
              </Table.Td>
              <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDay(inv.issueDate)}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" c={overdue ? 'red' : undefined} fw={overdue ? 700 : undefined}>
                  {formatDay(inv.dueDate)}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <InvoiceStateBadge state={inv.state} />
              </Table.Td>
              <Table.Td ta="right">
                <Money
                  amountMinor={inv.totalMinor}
                  currency={currency}
                  td={inv.state === 'void' ? 'line-through' : undefined}
                />
              </Table.Td>
              <Table.Td ta="right">
                {inv.balanceMinor > 0 ? (
                  <Money amountMinor={inv.balanceMinor} currency={currency} fw={600} c={overdue ? 'red' : undefined} />
                ) : (
                  <NoValue />
                )}
              </Table.Td>
            </RecordRow>
          );
        })}
      </Table.Tbody>
    </ListTable>
  );
}
