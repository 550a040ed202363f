import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  formatStoreDateTime,
  invoiceStateLabels,
  type CurrencyCode,
  type CustomerSummary,
  type InvoiceState,
} from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { pathTo } from '../../../lib/route-paths';
import { LatestRecords } from './latest-records';

const stateColors: Record<string, string> = {
  completed: 'green',
  paid: 'green',
  unpaid: 'blue',
  partially_paid: 'yellow',
  overdue: 'red',
  void: 'gray',
};

type HistoryItem = CustomerSummary['history']['items'][number];

function HistoryRow({
  h,
  currency,
  timeZone,
}: {
  h: HistoryItem;
  currency: CurrencyCode;
  timeZone: string | undefined;
}) {
  return (
    <Table.Tr data-testid="history-row">
      <Table.Td>{formatStoreDateTime(h.at, timeZone)}</Table.Td>
      <Table.Td>
        <Anchor
          component={Link}
          to={
            h.kind === 'sale'
              ? pathTo('dashboard.transactions.:id', { id: h.id })
              : pathTo('dashboard.invoice.view/:id', { id: h.id })
          }
        >
          {h.number}
        </Anchor>
        <Text size="xs" c="dimmed">
          {h.kind === 'sale' ? 'Sale' : `Invoice${h.dueDate ? `, due ${h.dueDate}` : ''}`}
        </Text>
      </Table.Td>
      <Table.Td>{h.storeName}</Table.Td>
      <Table.Td>
        <Badge color={stateColors[h.state] ?? 'gray'} variant="light">
          {h.kind === 'sale'
            ? h.refundedMinor > 0
              ? 'Part refunded'
              : 'Completed'
            : (invoiceStateLabels[h.state as InvoiceState] ?? h.state)}
        </Badge>
      </Table.Td>
      <Table.Td ta="right">
        <Money amountMinor={h.totalMinor} currency={currency} />
        {h.kind === 'sale' && h.refundedMinor > 0 ? (
          <Text size="xs" c="dimmed">
            refunded <Money amountMinor={h.refundedMinor} currency={currency} />
          </Text>
        ) : null}
        {h.kind === 'invoice' && h.state !== 'void' && h.paidMinor < h.totalMinor ? (
          <Text size="xs" c="dimmed">
            paid <Money amountMinor={h.paidMinor} currency={currency} />
          </Text>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** A customer's purchase history across every store: sales open the sale, invoices the invoice. */
export function CustomerHistory({
  history,
  currency,
  timeZone,
}: {
  history: CustomerSummary['history'];
  currency: CurrencyCode;
  timeZone: string | undefined;
}) {
  return (
    <LatestRecords
      title="Purchase history"
      emptyTitle="No purchases yet"
      emptyText="Sales naming this customer and their invoices appear here."
      minWidth={640}
      shown={history.items.length}
      total={history.total}
      head={
        <>
          <Table.Th>Date</Table.Th>
          <Table.Th>Number</Table.Th>
          <Table.Th>Store</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
        </>
      }
    >
      {history.items.map((h) => (
        <HistoryRow key={`${h.kind}:${h.id}`} h={h} currency={currency} timeZone={timeZone} />
      ))}
    </LatestRecords>
  );
}
