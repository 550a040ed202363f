import { Fragment } from 'react';
import { Badge, Card, Group, Table, Text } from '@mantine/core';
import type { CurrencyCode, Product } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { formatQuantity } from '../../../lib/quantity';
import { storeStockState } from '../stock-figures';

const stateBadge = {
  out: (
    <Badge color="red" variant="light">
      Out
    </Badge>
  ),
  low: (
    <Badge color="orange" variant="light">
      Low
    </Badge>
  ),
  ok: null,
};

/**
 * Stock of every variant in every store of the business: on hand, reorder point, the price the store
 * sells at, and low/out badges. The active store's rows stand out.
 */
export function StockByStore({
  product,
  activeStoreId,
  currency,
}: {
  product: Product;
  activeStoreId: string | null;
  currency: CurrencyCode;
}) {
  const variants = product.variants.filter((v) => !v.isArchived);
  const withLabels = variants.length > 1 || variants.some((v) => v.label);
  const num = { fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <Card withBorder padding={0} radius="md">
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label="Stock in every store" verticalSpacing="xs" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Store</Table.Th>
              <Table.Th ta="right">On hand</Table.Th>
              <Table.Th ta="right">Reorder level</Table.Th>
              <Table.Th ta="right">Reorder quantity</Table.Th>
              <Table.Th ta="right">Price in store</Table.Th>
              <Table.Th>State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {variants.map((variant) => (
              <Fragment key={variant.id}>
                {withLabels ? (
                  <Table.Tr bg="var(--mantine-color-gray-light)">
                    <Table.Th colSpan={6} scope="colgroup">
                      {variant.label || product.name}{' '}
                      <Text span size="xs" c="dimmed" fw={400}>
                        {variant.sku}
                      </Text>
                    </Table.Th>
                  </Table.Tr>
                ) : null}
                {variant.stores.map((stock) => {
                  const isCurrent = stock.storeId === activeStoreId;
                  return (
                    <Table.Tr
                      key={stock.storeId}
                      data-testid="store-stock-row"
                      data-current={isCurrent || undefined}
                      bg={isCurrent ? 'var(--mantine-primary-color-light)' : undefined}
                      aria-current={isCurrent ? 'true' : undefined}
                    >
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text size="sm" fw={isCurrent ? 700 : 500}>
                            {stock.storeName} ({stock.storeAlias})
                          </Text>
                          {isCurrent ? (
                            <Badge size="sm" variant="outline">
                              This store
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right" style={num} fw={600} data-testid="on-hand">
                        {product.isTracked ? formatQuantity(stock.onHand, product.unit) : '—'}
                      </Table.Td>
                      <Table.Td ta="right" style={num}>
                        {stock.reorderLevel === null ? '—' : formatQuantity(stock.reorderLevel, product.unit)}
                      </Table.Td>
                      <Table.Td ta="right" style={num}>
                        {stock.reorderQuantity === null ? '—' : formatQuantity(stock.reorderQuantity, product.unit)}
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money amountMinor={stock.effectivePriceMinor} currency={currency} />
                        {stock.sellingPriceMinor !== null ? (
                          <Text size="xs" c="dimmed">
                            store price
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        {product.isTracked ? (
                          stateBadge[storeStockState(stock)]
                        ) : (
                          <Badge color="gray" variant="light">
                            Not tracked
                          </Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
