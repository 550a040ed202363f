import { ActionIcon, Button, Card, Group, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { unitAllowsFractions, type CurrencyCode } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { MoneyInput } from '../../../components/money/money-input';
import { VariantPicker } from '../../../components/pickers/variant-picker';
import { lineAmountMinor } from '../order-figures';
import type { PurchaseOrderFormState } from './use-purchase-order-form';

/** The order's products: added by search or as the vendor's low-stock products, each with quantity and unit cost. */
export function PurchaseOrderLines({
  form,
  storeId,
  currency,
}: {
  form: PurchaseOrderFormState;
  storeId: string;
  currency: CurrencyCode;
}) {
  const variantIds = new Set(form.lines.map((l) => l.variantId));
  return (
    <Stack gap="xs" component="section" aria-labelledby="po-lines-title">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h4" id="po-lines-title">
          Products
        </Title>
        <Button variant="light" onClick={() => void form.addLowStock()} loading={form.loadingSuggestions}>
          Add low-stock products
        </Button>
      </Group>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <VariantPicker
            storeId={storeId}
            currency={currency}
            price="cost"
            label="Add a product"
            excludeVariantIds={variantIds}
            onPick={(v) =>
              // Without inventory.costs the cost is not known here: the buyer types the vendor's price.
              form.pickVariant({ ...v, quantity: 1, unitCostMinor: v.costPriceMinor ?? 0 })
            }
          />
          {form.lines.length === 0 ? (
            <Text size="sm" c={form.fieldError('lines') ? 'red' : 'dimmed'} data-testid="no-lines">
              {form.fieldError('lines') ?? 'Search for a product above, or add the low-stock products.'}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs" aria-label="Order lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th w={150}>Quantity</Table.Th>
                    <Table.Th w={170}>Unit cost</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th w={40}>
                      <VisuallyHidden>Remove</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {form.parsedLines.map(({ line, quantity, cost }) => {
                    const amount =
                      quantity.ok && quantity.value && cost.ok && cost.minor !== null
                        ? lineAmountMinor(quantity.value, cost.minor)
                        : null;
                    return (
                      <Table.Tr key={line.key} data-testid="po-line">
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {line.name}
                          </Text>
                          <Text size="xs" c={form.lineError(line.key, 'variantId') ? 'red' : 'dimmed'}>
                            {form.lineError(line.key, 'variantId') ??
                              (line.vendorItemCode ? `${line.sku} · Vendor code ${line.vendorItemCode}` : line.sku)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <TextInput
                            aria-label={`Quantity of ${line.name}`}
                            inputMode={unitAllowsFractions(line.unit) ? 'decimal' : 'numeric'}
                            value={line.quantity}
                            error={form.lineError(line.key, 'quantity')}
                            onChange={(e) => form.changeLine(line.key, { quantity: e.currentTarget.value })}
                            rightSection={
                              line.unit === 'each' ? null : (
                                <Text size="xs" c="dimmed">
                                  {line.unit}
                                </Text>
                              )
                            }
                          />
                        </Table.Td>
                        <Table.Td>
                          <MoneyInput
                            aria-label={`Unit cost of ${line.name}`}
                            currency={currency}
                            value={line.unitCost}
                            error={form.lineError(line.key, 'unitCostMinor')}
                            onChange={(value) => form.changeLine(line.key, { unitCost: value })}
                          />
                        </Table.Td>
                        <Table.Td ta="right">
                          {amount === null ? (
                            <Text c="dimmed">—</Text>
                          ) : (
                            <Money amountMinor={amount} currency={currency} />
                          )}
                        </Table.Td>
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Remove ${line.name}`}
                            onClick={() => form.removeLine(line.key)}
                          >
                            ×
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
