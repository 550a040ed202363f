import { Table, Text } from '@mantine/core';
import { type CurrencyCode, formatStoreDateTime, paymentMethodLabels, type SaleSummary } from '@ipos/contracts';
import { ListTable } from '../../../components/feedback/list-state';
import { Money } from '../../../components/money/money';
import { NoValue } from '../../../components/table/no-value';
import { RecordNumberCell, RecordRow } from '../../../components/table/record-row';
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
  return (
    <ListTable label="Sales" minWidth={900} refreshing={refreshing}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Number</Table.Th>
          <Table.Th>Date and time</Table.Th>
          <Table.Th>Cashier</Table.Th>
          <Table.Th>Customer</Table.Th>
          <Table.Th>Paid by</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th ta="right">Refunded</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((sale) => (
          <RecordRow
            key={sale.id}
            data-testid="sale-row"
            aria-label={`Sale ${sale.number}`}
            onOpen={() => onOpen(sale.id)}
          >
            <RecordNumberCell to={salePath(sale.id)}>{sale.number}</RecordNumberCell>
            <Table.Td>
              <Text size="sm">{formatStoreDateTime(sale.completedAt, timeZone)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{sale.cashier.name}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={sale.customer ? undefined : 'dimmed'}>
                {sale.customer?.name ?? 'Walk-in'}
              </Text>
            </Table.Td>
            <Table.Td>
              {sale.methods.length > 0 ? (
                <Text size="sm">{sale.methods.map((m) => paymentMethodLabels[m]).join(', ')}</Text>
              ) : (
                <Text size="sm" c="dimmed">
                  No payment
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <SaleStateBadge state={sale.state} />
            </Table.Td>
            <Table.Td ta="right">
              <Money
                amountMinor={sale.totalMinor}
                currency={currency}
                td={sale.state === 'voided' ? 'line-through' : undefined}
              />
            </Table.Td>
            <Table.Td ta="right">
              {sale.refundedMinor > 0 ? (
                <Money amountMinor={sale.refundedMinor} currency={currency} c="orange.8" />
              ) : (
                <NoValue />
              )}
            </Table.Td>
          </RecordRow>
        ))}
      </Table.Tbody>
    </ListTable>
  );
}
