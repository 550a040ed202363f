import { useMemo, type ReactNode } from 'react';
import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { unitAllowsFractions, type CurrencyCode } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { MoneyInput } from '../../../components/money/money-input';
import { VariantPicker } from '../../../components/pickers/variant-picker';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { lineAmountMinor } from '../order-figures';
import type { PurchaseOrderFormState } from './use-purchase-order-form';

type Parsed = PurchaseOrderFormState['parsedLines'][number];

/**
 * The product, its amount and its remove button always show; on a narrow screen the quantity and unit
 * cost move into each line's details, unless one of them has an error (it must be seen and fixed).
 */
function lineColumns(form: PurchaseOrderFormState, currency: CurrencyCode): TableColumn<string>[] {
  const byKey = new Map(form.parsedLines.map((p) => [p.line.key, p]));
  const erring = (field: 'quantity' | 'unitCostMinor') => form.lines.some((l) => form.lineError(l.key, field));
  const at =
    (render: (parsed: Parsed) => ReactNode) =>
    (key: string): ReactNode => {
      const parsed = byKey.get(key);
      return parsed ? render(parsed) : null;
    };
  return [
    {
      key: 'product',
      label: 'Product',
      priority: 0,
      minWidth: 120,
      cell: at(({ line }) => (
        <>
          <Text size="sm" fw={500}>
            {line.name}
          </Text>
          <Text size="xs" c={form.lineError(line.key, 'variantId') ? 'red' : 'dimmed'}>
            {form.lineError(line.key, 'variantId') ??
              (line.vendorItemCode ? `${line.sku} · Vendor code ${line.vendorItemCode}` : line.sku)}
          </Text>
        </>
      )),
    },
    {
      key: 'quantity',
      label: 'Quantity',
      kind: 'other',
      priority: erring('quantity') ? 0 : 1,
      thProps: { w: 150 },
      cell: at(({ line }) => (
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
      )),
    },
    {
      key: 'unitCost',
      label: 'Unit cost',
      kind: 'other',
      priority: erring('unitCostMinor') ? 0 : 2,
      thProps: { w: 170 },
      cell: at(({ line }) => (
        <MoneyInput
          aria-label={`Unit cost of ${line.name}`}
          currency={currency}
          value={line.unitCost}
          error={form.lineError(line.key, 'unitCostMinor')}
          onChange={(value) => form.changeLine(line.key, { unitCost: value })}
        />
      )),
    },
    {
      key: 'amount',
      label: 'Amount',
      kind: 'number',
      priority: 0,
      cell: at(({ quantity, cost }) =>
        quantity.ok && quantity.value && cost.ok && cost.minor !== null ? (
          <Money amountMinor={lineAmountMinor(quantity.value, cost.minor)} currency={currency} />
        ) : (
          <Text c="dimmed">—</Text>
        ),
      ),
    },
    {
      key: 'remove',
      label: 'Remove',
      header: <VisuallyHidden>Remove</VisuallyHidden>,
      kind: 'other',
      priority: 0,
      thProps: { w: 40 },
      cell: at(({ line }) => (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Remove ${line.name}`}
          onClick={() => form.removeLine(line.key)}
        >
          ×
        </ActionIcon>
      )),
    },
  ];
}

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
  // The rows are the lines' keys only, so typing keeps them (and a focused field in a row's details).
  const keys = JSON.stringify(form.lines.map((l) => l.key));
  const places = useMemo(() => JSON.parse(keys) as string[], [keys]);
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
            <ResponsiveTable
              label="Order lines"
              columns={lineColumns(form, currency)}
              rows={places}
              rowKey={(key) => key}
              rowLabel={(key) => form.lines.find((l) => l.key === key)?.name ?? ''}
              rowProps={() => ({ 'data-testid': 'po-line' })}
              tableProps={{ highlightOnHover: false }}
            />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
