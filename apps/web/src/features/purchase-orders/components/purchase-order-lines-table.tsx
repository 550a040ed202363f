import { Card, Group, Stack, Text, Title, type TableTdProps } from '@mantine/core';
import { purchaseOrderStatus, type CurrencyCode, type PurchaseOrder } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { formatQuantity } from '../../../lib/quantity';
import { lineAmountMinor, outstandingOf } from '../order-figures';

type Line = PurchaseOrder['lines'][number];

/** Names a quantity's cell, for reading one quantity of a line. */
const dataCol = (name: string) => () => ({ 'data-col': name }) as Omit<TableTdProps, 'children'>;

/** The product and its amount always show; on a narrow screen the quantities and unit cost move into details. */
function lineColumns(po: PurchaseOrder, currency: CurrencyCode): TableColumn<Line>[] {
  const receivingOver = po.status !== purchaseOrderStatus.OPEN;
  return [
    {
      key: 'product',
      label: 'Product',
      priority: 0,
      minWidth: 120,
      cell: (line) => (
        <>
          <Text size="sm" fw={500}>
            {line.name}
          </Text>
          <Text size="xs" c="dimmed">
            {line.vendorItemCode ? `${line.sku} · Vendor code ${line.vendorItemCode}` : line.sku}
          </Text>
        </>
      ),
      total: 'Total ordered',
    },
    {
      key: 'ordered',
      label: 'Ordered',
      kind: 'number',
      priority: 1,
      tdProps: dataCol('ordered'),
      cell: (line) => formatQuantity(line.quantityOrdered, line.unit),
    },
    {
      key: 'received',
      label: 'Received',
      kind: 'number',
      priority: 2,
      tdProps: dataCol('received'),
      cell: (line) => formatQuantity(line.quantityReceived, line.unit),
    },
    {
      key: 'returned',
      label: 'Returned',
      kind: 'number',
      priority: 4,
      tdProps: dataCol('returned'),
      cell: (line) => formatQuantity(line.quantityReturned, line.unit),
    },
    {
      key: 'outstanding',
      label: receivingOver ? 'Not delivered' : 'Outstanding',
      kind: 'number',
      priority: 3,
      tdProps: dataCol('outstanding'),
      cell: (line) => formatQuantity(outstandingOf(line), line.unit),
    },
    {
      key: 'unitCost',
      label: 'Unit cost',
      kind: 'number',
      priority: 5,
      cell: (line) => <Money amountMinor={line.unitCostMinor} currency={currency} />,
    },
    {
      key: 'amount',
      label: 'Amount',
      kind: 'number',
      priority: 0,
      cell: (line) => <Money amountMinor={line.orderedMinor} currency={currency} />,
      total: <Money amountMinor={po.orderedMinor} currency={currency} fw={700} />,
    },
  ];
}

/** Every line's ordered, received, returned and outstanding quantities, with the order's totals. */
export function PurchaseOrderLinesTable({ order: po, currency }: { order: PurchaseOrder; currency: CurrencyCode }) {
  const outstandingMinor = po.lines.reduce((sum, l) => sum + lineAmountMinor(outstandingOf(l), l.unitCostMinor), 0);
  return (
    <Stack gap="xs" component="section" aria-labelledby="po-lines-title">
      <Title order={2} size="h4" id="po-lines-title">
        Products
      </Title>
      <Card withBorder radius="md" padding={0}>
        <ResponsiveTable
          label="Order lines"
          columns={lineColumns(po, currency)}
          rows={po.lines}
          rowKey={(line) => String(line.lineNo)}
          rowLabel={(line) => line.name}
          rowProps={() => ({ 'data-testid': 'po-line' })}
          totalsLabel="Order total"
          tableProps={{ horizontalSpacing: 'md', striped: true, highlightOnHover: false }}
        />
        {po.status === purchaseOrderStatus.OPEN && outstandingMinor > 0 && outstandingMinor !== po.orderedMinor ? (
          <Group justify="flex-end" gap="xl" px="md" py="xs">
            <Text size="sm" fw={700}>
              Still expected
            </Text>
            <Money amountMinor={outstandingMinor} currency={currency} />
          </Group>
        ) : null}
      </Card>
    </Stack>
  );
}
