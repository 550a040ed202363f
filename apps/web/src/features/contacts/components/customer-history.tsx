import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  formatStoreDateTime,
  invoiceStateLabels,
  type CurrencyCode,
  type CustomerSummary,
  type InvoiceState,
} from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import type { TableColumn } from '../../../components/table/responsive-table';
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

/** The date, number and total always show; the store and state move into details when narrow. */
function historyColumns(currency: CurrencyCode, timeZone: string | undefined): TableColumn<HistoryItem>[] {
  return [
    { key: 'date', label: 'Date', priority: 0, minWidth: 112, cell: (h) => formatStoreDateTime(h.at, timeZone) },
    {
      key: 'number',
      label: 'Number',
      kind: 'code',
      priority: 0,
      cell: (h) => (
        <>
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
        </>
      ),
    },
    { key: 'store', label: 'Store', priority: 2, minWidth: 96, cell: (h) => h.storeName },
    {
      key: 'state',
      label: 'State',
      kind: 'other',
      priority: 1,
      cell: (h) => (
        <Badge color={stateColors[h.state] ?? 'gray'} variant="light">
          {h.kind === 'sale'
            ? h.refundedMinor > 0
              ? 'Part refunded'
              : 'Completed'
            : (invoiceStateLabels[h.state as InvoiceState] ?? h.state)}
        </Badge>
      ),
    },
    {
      key: 'total',
      label: 'Total',
      kind: 'number',
      priority: 0,
      cell: (h) => <HistoryTotal h={h} currency={currency} />,
    },
  ];
}

function HistoryTotal({ h, currency }: { h: HistoryItem; currency: CurrencyCode }) {
  return (
    <>
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
    </>
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
      total={history.total}
      columns={historyColumns(currency, timeZone)}
      rows={history.items}
      rowKey={(h) => `${h.kind}:${h.id}`}
      rowLabel={(h) => h.number}
      rowProps={() => ({ 'data-testid': 'history-row' })}
    />
  );
}
