import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { purchaseOrderStatus, type CurrencyCode, type PurchaseOrder } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { formatQuantity } from '../../../lib/quantity';
import { lineAmountMinor, outstandingOf } from '../order-figures';

/** Every line's ordered, received, returned and outstanding quantities, with the order's totals. */
export function PurchaseOrderLinesTable({ order: po, currency }: { order: PurchaseOrder; currency: CurrencyCode }) {
  const totals = po.lines.reduce(
    (sum, l) => ({
      outstandingMinor: sum.outstandingMinor + lineAmountMinor(outstandingOf(l), l.unitCostMinor),
    }),
    { outstandingMinor: 0 },
  );
  const receivingOver = po.status !== purchaseOrderStatus.OPEN;
  return (
    <Stack gap="xs" component="section" aria-labelledby="po-lines-title">
      <Title order={2} size="h4" id="po-lines-title">
        Products
      </Title>
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs" horizontalSpacing="md" aria-label="Order lines" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Ordered</Table.Th>
                <Table.Th ta="right">Received</Table.Th>
                <Table.Th ta="right">Returned</Table.Th>
                <Table.Th ta="right">{receivingOver ? 'Not delivered' : 'Outstanding'}</Table.Th>
                <Table.Th ta="right">Unit cost</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {po.lines.map((line) => (
                <Table.Tr key={line.lineNo} data-testid="po-line">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {line.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {line.vendorItemCode ? `${line.sku} · Vendor code ${line.vendorItemCode}` : line.sku}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" data-col="ordered">
                    {formatQuantity(line.quantityOrdered, line.unit)}
                  </Table.Td>
                  <Table.Td ta="right" data-col="received">
                    {formatQuantity(line.quantityReceived, line.unit)}
                  </Table.Td>
                  <Table.Td ta="right" data-col="returned">
                    {formatQuantity(line.quantityReturned, line.unit)}
                  </Table.Td>
                  <Table.Td ta="right" data-col="outstanding">
                    {formatQuantity(outstandingOf(line), line.unit)}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amountMinor={line.unitCostMinor} currency={currency} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amountMinor={line.orderedMinor} currency={currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={6} ta="right">
                  Total ordered
                </Table.Th>
                <Table.Th ta="right">
                  <Money amountMinor={po.orderedMinor} currency={currency} fw={700} />
                </Table.Th>
              </Table.Tr>
              {po.status === purchaseOrderStatus.OPEN &&
              totals.outstandingMinor > 0 &&
              totals.outstandingMinor !== po.orderedMinor ? (
                <Table.Tr>
                  <Table.Th colSpan={6} ta="right">
                    Still expected
                  </Table.Th>
                  <Table.Th ta="right">
                    <Money amountMinor={totals.outstandingMinor} currency={currency} />
                  </Table.Th>
                </Table.Tr>
              ) : null}
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
