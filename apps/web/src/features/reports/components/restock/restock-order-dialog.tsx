import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import type { CurrencyCode, PurchaseOrder, RestockLine } from '@ipos/contracts';
import { ContactPicker } from '../../../../components/pickers/contact-picker';
import { MoneyInput } from '../../../../components/money/money-input';
import { describeApiError } from '../../../../components/toast/api-error';
import { formatMoney } from '../../../../lib/money';
import { useRestockOrderForm } from './use-restock-order-form';
import { pathTo } from '../../../../lib/route-paths';

/**
 * One purchase order from the chosen restock lines: the vendor, then each line's quantity (the
 * suggestion) and unit cost (today's cost), both editable. On success the order's number links to it.
 */
export function RestockOrderDialog({
  lines,
  currency,
  storeName,
  onClose,
  onCreated,
}: {
  lines: RestockLine[];
  currency: CurrencyCode;
  storeName: string;
  onClose: () => void;
  onCreated: (order: PurchaseOrder) => void;
}) {
  const { create, vendorId, setVendorId, checked, costError, totalMinor, set, submit, submitted, created } =
    useRestockOrderForm({ lines, currency, onCreated });

  return (
    <Modal opened onClose={onClose} title="Create purchase order" size="xl">
      {created ? (
        <Stack>
          <Alert color="green" title={`Purchase order ${created.number} created`}>
            {created.lines.length} line(s) ordered from {created.vendor.name} for {storeName}. The restock list now
            counts them as on order.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button component={Link} to={pathTo('dashboard.purchase-order.view/:id', { id: created.id })}>
              Open {created.number}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack>
            <Text size="sm" c="dimmed">
              One order to one vendor for {storeName}. Quantities start at the suggestion and costs at today’s cost
              price; change them to what the vendor offers. Order other lines from another vendor afterwards.
            </Text>
            <ContactPicker
              kind="vendor"
              label="Vendor"
              value={vendorId}
              onChange={setVendorId}
              error={submitted && vendorId === null ? 'Choose the vendor' : undefined}
            />
            <Table.ScrollContainer minWidth={560}>
              <Table aria-label="Order lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th ta="right">Suggested</Table.Th>
                    <Table.Th w={140}>Quantity</Table.Th>
                    <Table.Th w={170}>Unit cost</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {checked.map(({ line, draft, quantity, cost }) => (
                    <Table.Tr key={line.variantId}>
                      <Table.Td>
                        <Text size="sm">{line.name}</Text>
                        <Text size="xs" c="dimmed">
                          {line.sku}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {line.suggestedQuantity}
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Quantity of ${line.name}`}
                          inputMode="decimal"
                          value={draft.quantity}
                          onChange={(e) => set(line.variantId, { quantity: e.currentTarget.value })}
                          error={submitted && !quantity.ok ? quantity.message : undefined}
                        />
                      </Table.Td>
                      <Table.Td>
                        <MoneyInput
                          aria-label={`Unit cost of ${line.name}`}
                          currency={currency}
                          value={draft.unitCost}
                          onChange={(value) => set(line.variantId, { unitCost: value })}
                          error={submitted ? costError(cost) : undefined}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {create.isError ? (
              <Alert color="red" title="The order was not created">
                {describeApiError(create.error)}
              </Alert>
            ) : null}
            <Group justify="space-between">
              <Text fw={600}>Order total {formatMoney(totalMinor, currency)}</Text>
              <Group>
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={create.isPending}>
                  Create purchase order
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
