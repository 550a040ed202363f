import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { CurrencyCode, SaleDetail } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { NoValue } from '../../../components/table/no-value';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { formatQuantity } from '../../../lib/quantity';

type Line = SaleDetail['lines'][number];

const lineDiscount = (line: Line) => line.lineDiscountMinor + line.cartDiscountMinor;

/** The item and its total always show; on a narrow screen the rest moves into the line's details. */
function itemColumns(currency: CurrencyCode): TableColumn<Line>[] {
  return [
    {
      key: 'item',
      label: 'Item',
      priority: 0,
      minWidth: 120,
      cell: (line) => (
        <>
          <Text size="sm" fw={500}>
            {line.name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {line.sku}
          </Text>
        </>
      ),
    },
    { key: 'qty', label: 'Qty', kind: 'number', priority: 1, cell: (line) => formatQuantity(line.quantity) },
    {
      key: 'refunded',
      label: 'Refunded',
      kind: 'number',
      priority: 2,
      cell: (line) =>
        line.refundedQuantity > 0 ? (
          <Text span c="orange" size="sm" fw={600}>
            {formatQuantity(line.refundedQuantity)}
          </Text>
        ) : (
          <NoValue />
        ),
    },
    {
      key: 'unitPrice',
      label: 'Unit price',
      kind: 'number',
      priority: 3,
      cell: (line) => <Money amountMinor={line.unitPriceMinor} currency={currency} />,
    },
    {
      key: 'discounts',
      label: 'Discounts',
      kind: 'number',
      priority: 4,
      cell: (line) =>
        lineDiscount(line) > 0 ? <Money amountMinor={-lineDiscount(line)} currency={currency} /> : <NoValue />,
    },
    {
      key: 'tax',
      label: 'Tax',
      kind: 'number',
      priority: 5,
      cell: (line) => (
        <>
          <Money amountMinor={line.taxMinor} currency={currency} />
          <Text size="xs" c="dimmed">
            {line.taxRateBasisPoints / 100}%{line.taxInclusive ? ' incl.' : ''}
          </Text>
        </>
      ),
    },
    {
      key: 'total',
      label: 'Total',
      kind: 'number',
      priority: 0,
      cell: (line) => <Money amountMinor={line.totalMinor} currency={currency} fw={600} />,
    },
  ];
}

/** The items sold (with what was refunded of each) and the sale's totals, net of refunds. */
export function SaleItems({ sale: s, currency }: { sale: SaleDetail; currency: CurrencyCode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="lines-title">
      <Title order={2} size="h4" id="lines-title">
        Items
      </Title>
      <Card withBorder padding={0} radius="md">
        <ResponsiveTable
          label="Items"
          columns={itemColumns(currency)}
          rows={s.lines}
          rowKey={(line) => String(line.lineNo)}
          rowLabel={(line) => line.name}
          rowProps={() => ({ 'data-testid': 'sale-line' })}
          tableProps={{ highlightOnHover: false }}
        />
        <Stack gap={4} p="md" align="flex-end" data-testid="sale-totals">
          <TotalRow label="Subtotal" amountMinor={s.subtotalMinor} currency={currency} />
          {s.discountMinor > 0 ? (
            <TotalRow label="Discounts" amountMinor={-s.discountMinor} currency={currency} />
          ) : null}
          <TotalRow label="Tax" amountMinor={s.taxMinor} currency={currency} />
          <TotalRow label="Total" amountMinor={s.totalMinor} currency={currency} strong />
          {s.refundedMinor > 0 ? (
            <>
              <TotalRow label="Refunded" amountMinor={-s.refundedMinor} currency={currency} />
              <TotalRow label="Net" amountMinor={s.totalMinor - s.refundedMinor} currency={currency} strong />
            </>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}

function TotalRow({
  label,
  amountMinor,
  currency,
  strong,
}: {
  label: string;
  amountMinor: number;
  currency: CurrencyCode;
  strong?: boolean;
}) {
  return (
    <Group gap="xl" justify="space-between" miw={240}>
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Money amountMinor={amountMinor} currency={currency} fw={strong ? 700 : 400} />
    </Group>
  );
}
