import { CloseButton, Table, Text, TextInput } from '@mantine/core';
import { unitAllowsFractions } from '@ipos/contracts';
import { formatQuantity } from '../../../lib/quantity';
import { isOverOnHand, type TransferLine } from '../transfer-lines';

/** The lines to send: on hand here, the quantity typed (with its error, or more than on hand), and remove. */
export function TransferLinesTable({
  lines,
  errors,
  onQuantity,
  onRemove,
}: {
  lines: TransferLine[];
  errors: Record<string, string>;
  onQuantity: (variantId: string, quantity: string) => void;
  onRemove: (variantId: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={460}>
      <Table aria-label="Quantities to send" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">On hand here</Table.Th>
            <Table.Th w={160}>Send</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed" ta="center" py="sm">
                  No lines yet: search for a product or scan its barcode below.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {lines.map((line) => (
            <Table.Tr key={line.variantId} data-testid="transfer-line">
              <Table.Td>
                <Text size="sm" fw={500}>
                  {line.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {line.sku}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {line.isTracked ? formatQuantity(line.onHand, line.unit) : '—'}
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`Quantity of ${line.name} to send`}
                  inputMode={unitAllowsFractions(line.unit) ? 'decimal' : 'numeric'}
                  value={line.quantity}
                  error={
                    errors[line.variantId] ??
                    (isOverOnHand(line) ? `More than the ${formatQuantity(line.onHand, line.unit)} on hand` : undefined)
                  }
                  onChange={(event) => onQuantity(line.variantId, event.currentTarget.value)}
                />
              </Table.Td>
              <Table.Td>
                <CloseButton aria-label={`Remove ${line.name}`} onClick={() => onRemove(line.variantId)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
