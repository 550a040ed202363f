import { Anchor, Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  formatStoreDateTime,
  invoiceStateLabels,
  type CurrencyCode,
  type CustomerSummary,
  type InvoiceState,
} from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListTable } from '../../../components/feedback/list-state';
import { Money } from '../../../components/money/money';
import { pathTo } from '../../../lib/route-paths';

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
    <Stack gap="xs">
      <Title order={2} size="h3">
        Purchase history
      </Title>
      {history.items.length === 0 ? (
        <EmptyState title="No purchases yet">Sales naming this customer and their invoices appear here.</EmptyState>
      ) : (
        <Card withBorder padding={0} radius="md">
          <ListTable label="Purchase history" minWidth={640} refreshing={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Number</Table.Th>
                <Table.Th>Store</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.items.map((h) => (
                <HistoryRow key={`${h.kind}:${h.id}`} h={h} currency={currency} timeZone={timeZone} />
              ))}
            </Table.Tbody>
          </ListTable>
        </Card>
      )}
      {history.total > history.items.length ? (
        <Text size="sm" c="dimmed">
          The latest {history.items.length} of {history.total}.
        </Text>
      ) : null}
    </Stack>
  );
}
