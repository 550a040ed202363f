import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { unitAllowsFractions, type CurrencyCode, type PurchaseOrder } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { MoneyInput, minorToInput } from '../../../components/money/money-input';
import { formatQuantity } from '../../../lib/quantity';
import { outstandingOf } from '../order-figures';
import { useReceiveForm } from './use-receive-form';
import { FormColumns } from '../../../components/form/form-columns';

export interface ReceiveDialogProps {
  opened: boolean;
  onClose: () => void;
  order: PurchaseOrder;
  currency: CurrencyCode;
}

/**
 * Receive a delivery against an OPEN order: per line what arrived (at most what is still expected;
 * prefilled with it), a unit cost when the vendor charged another price, the delivery note's
 * reference and a note. One receipt id and Idempotency-Key per attempt, kept for a retry after a
 * lost answer so the goods are never counted in twice.
 */
export function ReceiveDialog(props: ReceiveDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Receive goods for ${props.order.number}`} size="xl">
      {props.opened ? <ReceiveForm {...props} /> : null}
    </Modal>
  );
}

function ReceiveForm({ onClose, order, currency }: ReceiveDialogProps) {
  const form = useReceiveForm({ order, currency, onClose });

  if (form.expected.length === 0)
    return (
      <Stack>
        <Text>Everything ordered has arrived.</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Receive goods">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            Enter what arrived. Leave a line empty when none of it came.
          </Text>
          <Group gap="xs">
            <Button variant="light" size="xs" onClick={form.fillExpected}>
              Everything expected
            </Button>
            <Button variant="subtle" size="xs" onClick={form.clearQuantities}>
              Clear
            </Button>
          </Group>
        </Group>
        <Table.ScrollContainer minWidth={620}>
          <Table verticalSpacing="xs" aria-label="Lines to receive">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Expected</Table.Th>
                <Table.Th w={140}>Received now</Table.Th>
                <Table.Th w={170}>Unit cost</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.expected.map((line) => {
                const over = Boolean(form.serverLines[line.lineNo]?.quantity);
                return (
                  <Table.Tr
                    key={line.lineNo}
                    data-testid="receive-line"
                    data-over={over || undefined}
                    bg={over ? 'var(--mantine-color-red-light)' : undefined}
                  >
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {line.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {line.sku} · ordered {formatQuantity(line.quantityOrdered, line.unit)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatQuantity(outstandingOf(line), line.unit)}</Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Received quantity of ${line.name}`}
                        placeholder="0"
                        inputMode={unitAllowsFractions(line.unit) ? 'decimal' : 'numeric'}
                        value={form.quantities[line.lineNo] ?? ''}
                        error={form.lineError(line.lineNo, 'quantity')}
                        onChange={(e) => form.setQuantity(line.lineNo, e.currentTarget.value)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <MoneyInput
                        aria-label={`Unit cost of ${line.name}`}
                        currency={currency}
                        placeholder={minorToInput(line.unitCostMinor, currency)}
                        description={form.costs[line.lineNo] ? undefined : 'As ordered'}
                        value={form.costs[line.lineNo] ?? ''}
                        error={form.lineError(line.lineNo, 'unitCostMinor')}
                        onChange={(value) => form.setCost(line.lineNo, value)}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <FormColumns>
          <TextInput
            label="Reference"
            description="The delivery note or the vendor’s invoice number"
            maxLength={80}
            value={form.reference}
            error={form.serverFields.reference}
            onChange={(e) => form.setReference(e.currentTarget.value)}
          />
          <Textarea
            label="Note"

            rows={1}
            maxLength={500}
            value={form.note}
            error={form.serverFields.note}
            onChange={(e) => form.setNote(e.currentTarget.value)}
          />
        </FormColumns>
        {form.formError ? (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        ) : null}
        <Group justify="space-between" wrap="wrap">
          <Text aria-live="polite" data-testid="receive-value">
            Value of this delivery{' '}
            <Text span fw={700}>
              <Money amountMinor={form.valueMinor} currency={currency} />
            </Text>
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.isPending}>
              Receive
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
