import { Card, CloseButton, Group, Stack, Text } from '@mantine/core';
import type { CurrencyCode, RegisterSellable } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { VariantPicker } from '../../../components/pickers/variant-picker';
import { formatQuantity } from '../../../lib/quantity';

/** The product written off: searched by name, SKU or barcode; once chosen, its cost and stock, and a way back. */
export function WasteProductField({
  storeId,
  currency,
  variant,
  cost,
  error,
  onChoose,
}: {
  storeId: string;
  currency: CurrencyCode;
  variant: RegisterSellable | null;
  /** The product's cost, null when the role does not see costs. */
  cost: number | null;
  error: string | undefined;
  onChoose: (variant: RegisterSellable | null) => void;
}) {
  return variant ? (
    <Card withBorder padding="sm" radius="md" data-testid="waste-product">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>{variant.name}</Text>
          <Text size="sm" c="dimmed">
            {variant.sku}
            {cost !== null ? (
              <>
                {' '}
                · cost <Money amountMinor={cost} currency={currency} size="sm" /> per {variant.unit}
              </>
            ) : null}
            {variant.isTracked ? ` · ${formatQuantity(variant.onHand, variant.unit)} on hand` : ' · stock not tracked'}
          </Text>
        </Stack>
        <CloseButton aria-label="Choose another product" onClick={() => onChoose(null)} />
      </Group>
    </Card>
  ) : (
    <Stack gap={4}>
      <VariantPicker storeId={storeId} currency={currency} price="cost" label="Product" autoFocus onPick={onChoose} />
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error === 'Choose a product' ? 'Choose a product' : error}
        </Text>
      ) : null}
    </Stack>
  );
}
