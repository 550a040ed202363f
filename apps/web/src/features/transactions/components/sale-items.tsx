import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { CurrencyCode, SaleDetail } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { NoValue } from '../../../components/table/no-value';
import { formatQuantity } from '../../../lib/quantity';

const lineDiscount = (line: SaleDetail['lines'][number]) => line.lineDiscountMinor + line.cartDiscountMinor;

/** The items sold (with what was refunded of each) and the sale's totals, net of refunds. */
export function SaleItems({ sale: s, currency }: { sale: SaleDetail; currency: CurrencyCode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="lines-title">
      <Title order={2} size="h4" id="lines-title">
        Items
      </Title>
      <Card withBorder padding={0} radius="md">
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs" aria-label="Items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Refunded</Table.Th>
                <Table.Th ta="right">Unit price</Table.Th>
                <Table.Th ta="right">Discounts</Table.Th>
                <Table.Th ta="right">Tax</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.lines.map((line) => (
                <Table.Tr key={line.lineNo} data-testid="sale-line">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {line.name}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {line.sku}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatQuantity(line.quantity)}</Table.Td>
                  <Table.Td ta="right">
                    {line.refundedQuantity > 0 ? (
                      <Text span c="orange" size="sm" fw={600}>
                        {formatQuantity(line.refundedQuantity)}
                      </Text>
                    ) : (
                      <NoValue />
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amountMinor={line.unitPriceMinor} currency={currency} />
                  </Table.Td>
                  <Table.Td ta="right">
                    {lineDiscount(line) > 0 ? (
                      <Money amountMinor={-lineDiscount(line)} currency={currency} />
                    ) : (
                      <NoValue />
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amountMinor={line.taxMinor} currency={currency} />
                    <Text size="xs" c="dimmed">
                      {line.taxRateBasisPoints / 100}%{line.taxInclusive ? ' incl.' : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amountMinor={line.totalMinor} currency={currency} fw={600} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
