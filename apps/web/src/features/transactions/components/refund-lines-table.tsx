import { Checkbox, Table, Text, TextInput } from '@mantine/core';
import type { CurrencyCode } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { formatQuantity } from '../../../lib/quantity';
import { isFractional, refundPreview, remainingOf } from '../refund-figures';
import type { RefundFormState } from './use-refund-form';

/** The lines still refundable: what is left, the quantity to refund, back on the shelf or not, the amount. */
export function RefundLinesTable({ form, currency }: { form: RefundFormState; currency: CurrencyCode }) {
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table verticalSpacing="xs" aria-label="Lines to refund">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Left</Table.Th>
            <Table.Th w={150}>Refund</Table.Th>
            <Table.Th>Back on shelf</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {form.refundable.map((line) => {
            const q = form.parsed.get(line.lineNo);
            const amount = q?.ok && q.value > 0 ? refundPreview(line, q.value).totalMinor : 0;
            const left = remainingOf(line);
            return (
              <Table.Tr key={line.lineNo} data-testid="refund-line">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {line.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {line.sku} · sold {formatQuantity(line.quantity)}
                    {line.refundedQuantity > 0 ? `, refunded ${formatQuantity(line.refundedQuantity)}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatQuantity(left)}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Refund quantity of ${line.name}`}
                    placeholder="0"
                    inputMode={isFractional(line.unit) ? 'decimal' : 'numeric'}
                    value={form.quantities[line.lineNo] ?? ''}
                    error={form.lineErrors[line.lineNo]}
                    onChange={(event) => form.setQuantity(line.lineNo, event.currentTarget.value)}
                    rightSection={
                      <Text size="xs" c="dimmed">
                        {line.unit === 'each' ? '' : line.unit}
                      </Text>
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`Put ${line.name} back on the shelf`}
                    checked={form.restock[line.lineNo] ?? true}
                    onChange={(event) => form.setRestock(line.lineNo, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td ta="right">
                  <Money amountMinor={amount} currency={currency} c={amount ? undefined : 'dimmed'} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
