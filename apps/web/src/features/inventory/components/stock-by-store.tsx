import { Badge, Card, Group, Table, Text } from '@mantine/core';
import type { CurrencyCode, Product } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
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
  const rows = variants.flatMap((variant) =>
    variant.stores.map((stock, index) => ({ variant, stock, first: index === 0 })),
  );
  const quantity = (value: number | null) => (value === null ? '—' : formatQuantity(value, product.unit));
  const columns: TableColumn<StockRow>[] = [
    {
      key: 'store',
      label: 'Store',
      priority: 0,
      minWidth: 128,
      cell: ({ stock }) => <StoreName stock={stock} isCurrent={stock.storeId === activeStoreId} />,
    },
    {
      key: 'onHand',
      label: 'On hand',
      kind: 'number',
      priority: 0,
      tdProps: () => ({ fw: 600, 'data-testid': 'on-hand' }),
      cell: ({ stock }) => (product.isTracked ? formatQuantity(stock.onHand, product.unit) : '—'),
    },
    {
      key: 'reorderLevel',
      label: 'Reorder level',
      kind: 'number',
      priority: 3,
      cell: ({ stock }) => quantity(stock.reorderLevel),
    },
    {
      key: 'reorderQuantity',
      label: 'Reorder quantity',
      kind: 'number',
      priority: 4,
      cell: ({ stock }) => quantity(stock.reorderQuantity),
    },
    {
      key: 'price',
      label: 'Price in store',
      kind: 'number',
      priority: 2,
      cell: ({ stock }) => (
        <>
          <Money amountMinor={stock.effectivePriceMinor} currency={currency} />
          {stock.sellingPriceMinor !== null ? (
            <Text size="xs" c="dimmed">
              store price
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'state',
      label: 'State',
      kind: 'other',
      priority: 1,
      cell: ({ stock }) =>
        product.isTracked ? (
          stateBadge[storeStockState(stock)]
        ) : (
          <Badge color="gray" variant="light">
            Not tracked
          </Badge>
        ),
    },
  ];
  return (
    <Card withBorder padding={0} radius="md">
      <ResponsiveTable
        label="Stock in every store"
        columns={columns}
        rows={rows}
        rowKey={({ variant, stock }) => `${variant.id}:${stock.storeId}`}
        rowLabel={({ variant, stock }) =>
          withLabels ? `${variant.label || product.name}, ${stock.storeName}` : stock.storeName
        }
        rowProps={({ stock }) => {
          const isCurrent = stock.storeId === activeStoreId;
          return {
            'data-testid': 'store-stock-row',
            'data-current': isCurrent || undefined,
            bg: isCurrent ? 'var(--mantine-primary-color-light)' : undefined,
            'aria-current': isCurrent ? 'true' : undefined,
          };
        }}
        before={({ variant, first }, _index, colSpan) =>
          withLabels && first ? (
            <Table.Tr bg="var(--mantine-color-gray-light)">
              <Table.Th colSpan={colSpan} scope="colgroup">
                {variant.label || product.name}{' '}
                <Text span size="xs" c="dimmed" fw={400} style={{ whiteSpace: 'nowrap' }}>
                  {variant.sku}
                </Text>
              </Table.Th>
            </Table.Tr>
          ) : null
        }
        tableProps={{ horizontalSpacing: 'md', highlightOnHover: false }}
      />
    </Card>
  );
}

type StockRow = {
  variant: Product['variants'][number];
  stock: Product['variants'][number]['stores'][number];
  first: boolean;
};

function StoreName({ stock, isCurrent }: { stock: StockRow['stock']; isCurrent: boolean }) {
  return (
    <Group gap="xs">
      <Text size="sm" fw={isCurrent ? 700 : 500}>
        {stock.storeName} ({stock.storeAlias})
      </Text>
      {isCurrent ? (
        <Badge size="sm" variant="filled">
          This store
        </Badge>
      ) : null}
    </Group>
  );
}
