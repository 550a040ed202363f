import { Table, Text } from '@mantine/core';
import type { CurrencyCode, Invoice } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { formatQuantity } from '../../../lib/quantity';

/** The lines with their discounts, taxes and totals; a line short of stock says what is on hand. */
export function InvoiceSheetLines({
  invoice: inv,
  currency,
  shortages,
  tid,
}: {
  invoice: Invoice;
  currency: CurrencyCode;
  shortages: ReadonlyMap<string, number>;
  tid: (id: string) => string | undefined;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" aria-label="Lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Discount</Table.Th>
            <Table.Th ta="right">Tax</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {inv.lines.map((line) => {
            const short = line.variantId ? shortages.get(line.variantId) : undefined;
            const discount = line.lineDiscountMinor + line.cartDiscountMinor;
            return (
              <Table.Tr key={line.lineNo} data-testid={tid('invoice-line')}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {line.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {line.sku ?? 'Service'}
                    {line.taxRateBasisPoints > 0
                      ? ` · tax ${line.taxRateBasisPoints / 100}%${line.taxInclusive ? ' incl.' : ''}`
                      : ''}
                  </Text>
                  {short !== undefined ? (
                    <Text size="xs" c="red" fw={600} data-testid={tid('line-shortage')}>
                      Only {formatQuantity(short, line.unit)} on hand in this store
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">{formatQuantity(line.quantity, line.unit)}</Table.Td>
                <Table.Td ta="right">
                  <Money amountMinor={line.unitPriceMinor} currency={currency} />
                </Table.Td>
                <Table.Td ta="right">
                  {discount > 0 ? <Money amountMinor={-discount} currency={currency} /> : '—'}
                </Table.Td>
                <Table.Td ta="right">
                  {line.taxMinor > 0 ? <Money amountMinor={line.taxMinor} currency={currency} /> : '—'}
                </Table.Td>
                <Table.Td ta="right">
                  <Money amountMinor={line.totalMinor} currency={currency} fw={600} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
