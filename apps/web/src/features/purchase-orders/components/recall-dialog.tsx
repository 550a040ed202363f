import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { unitAllowsFractions, type CurrencyCode, type PurchaseOrder } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { formatQuantity } from '../../../lib/quantity';
import { heldOf } from '../order-figures';
import { useRecallForm } from './use-recall-form';

export interface RecallDialogProps {
  opened: boolean;
  onClose: () => void;
  order: PurchaseOrder;
  currency: CurrencyCode;
}

/**
 * Send received goods back to the vendor: per line at most received − returned, and why. Stock
 * leaves the store (`vendor_return`); the order becomes partially or fully recalled. Idempotent like
 * a receipt: one id and key per attempt, kept for a retry after a lost answer.
 */
export function RecallDialog(props: RecallDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Return goods of ${props.order.number}`} size="xl">
      {props.opened ? <RecallForm {...props} /> : null}
    </Modal>
  );
}

function RecallForm({ onClose, order, currency }: RecallDialogProps) {
  const form = useRecallForm({ order, onClose });

  if (form.held.length === 0)
    return (
      <Stack>
        <Text>Nothing received on this order is left to return.</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Return to vendor">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter what goes back to {order.vendor.name}. Returning goods ends receiving on this order.
        </Text>
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" aria-label="Lines to return">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Can go back</Table.Th>
                <Table.Th w={150}>Return</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.held.map((line) => {
                const over = form.isOver(line.lineNo);
                return (
                  <Table.Tr
                    key={line.lineNo}
                    data-testid="recall-line"
                    data-over={over || undefined}
                    bg={over ? 'var(--mantine-color-red-light)' : undefined}
                  >
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {line.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {line.sku} · received {formatQuantity(line.quantityReceived, line.unit)}
                        {line.quantityReturned > 0
                          ? `, returned ${formatQuantity(line.quantityReturned, line.unit)}`
                          : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatQuantity(heldOf(line), line.unit)}</Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Return quantity of ${line.name}`}
                        placeholder="0"
                        inputMode={unitAllowsFractions(line.unit) ? 'decimal' : 'numeric'}
                        value={form.quantities[line.lineNo] ?? ''}
                        error={form.lineError(line.lineNo)}
                        onChange={(e) => form.setQuantity(line.lineNo, e.currentTarget.value)}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Textarea
          label="Reason"
          required

          rows={2}
          maxLength={200}
          value={form.reason}
          error={form.reasonError}
          onChange={(e) => form.setReason(e.currentTarget.value)}
        />
        {form.formError ? (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        ) : null}
        <Group justify="space-between" wrap="wrap">
          <Text aria-live="polite">
            Value going back{' '}
            <Text span fw={700}>
              <Money amountMinor={form.valueMinor} currency={currency} />
            </Text>
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="orange" loading={form.isPending}>
              Return to vendor
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
