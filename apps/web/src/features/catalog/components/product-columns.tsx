import type { ReactNode } from 'react';
import { Anchor, Badge, Box, Checkbox, Image, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { CurrencyCode, ProductListItem, StockState } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { NoValue } from '../../../components/table/no-value';
import type { TableColumn } from '../../../components/table/responsive-table';
import { formatQuantity } from '../../../lib/quantity';
import { useProductImageUrl } from '../api/products';
import { stockLabels } from './product-list-query';

const stockColors: Record<StockState, string> = { in_stock: 'green', low: 'yellow', out: 'red', untracked: 'gray' };

export function StockBadge({ state }: { state: StockState }) {
  return (
    <Badge color={stockColors[state]} variant="light" radius="sm">
      {stockLabels[state]}
    </Badge>
  );
}

function ProductThumb({ item }: { item: ProductListItem }) {
  const image = useProductImageUrl(item.id, item.imageVersion);
  return (
    <Box
      w={36}
      h={36}
      bg="gray.1"
      style={{ borderRadius: 6, overflow: 'hidden', display: 'grid', placeItems: 'center' }}
      aria-hidden="true"
    >
      {image.url ? (
        <Image src={image.url} alt="" w={36} h={36} fit="cover" />
      ) : (
        <Text size="xs" c="dimmed" fw={600}>
          {item.name.slice(0, 1).toUpperCase()}
        </Text>
      )}
    </Box>
  );
}

function PriceCell({ item, currency }: { item: ProductListItem; currency: CurrencyCode }) {
  if (item.priceMinor === item.maxPriceMinor) return <Money amountMinor={item.priceMinor} currency={currency} />;
  return (
    <>
      <Money amountMinor={item.priceMinor} currency={currency} /> –{' '}
      <Money amountMinor={item.maxPriceMinor} currency={currency} />
    </>
  );
}

export interface RowsContext {
  currency: CurrencyCode;
  /** inventory.costs: the Cost and Value columns. */
  canSeeCosts: boolean;
  /** The product's page. */
  viewPath: (id: string) => string;
}

/**
 * The product list's columns: the checkbox, the name and the active store's on hand always show; the
 * rest move into the row's details as the table narrows (the picture first, then the barcode…).
 */
export function productColumns(
  { currency, canSeeCosts, viewPath }: RowsContext,
  selection: {
    header: ReactNode;
    isSelected: (item: ProductListItem) => boolean;
    onSelect: (item: ProductListItem, on: boolean) => void;
  },
): TableColumn<ProductListItem>[] {
  const columns: (TableColumn<ProductListItem> | null)[] = [
    {
      key: 'select',
      label: 'Select',
      header: selection.header,
      kind: 'other',
      priority: 0,
      thProps: { w: 40 },
      cell: (item) => (
        <Checkbox
          aria-label={`Select ${item.name}`}
          checked={selection.isSelected(item)}
          onChange={(e) => selection.onSelect(item, e.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'image',
      label: 'Image',
      header: <VisuallyHidden>Image</VisuallyHidden>,
      kind: 'other',
      priority: 9,
      thProps: { w: 52 },
      cell: (item) => <ProductThumb item={item} />,
    },
    { key: 'name', label: 'Name', priority: 0, cell: (item) => <ProductName item={item} viewPath={viewPath} /> },
    { key: 'sku', label: 'SKU', kind: 'code', priority: 3, cell: (item) => <Code>{item.sku}</Code> },
    { key: 'barcode', label: 'Barcode', kind: 'code', priority: 8, cell: (item) => <Code>{item.barcode ?? '—'}</Code> },
    { key: 'category', label: 'Category', priority: 7, cell: (item) => item.categoryName ?? <NoValue /> },
    {
      key: 'price',
      label: 'Price',
      kind: 'number',
      priority: 2,
      cell: (item) => <PriceCell item={item} currency={currency} />,
    },
    canSeeCosts
      ? {
          key: 'cost',
          label: 'Cost',
          kind: 'number',
          priority: 6,
          cell: (item) =>
            item.costPriceMinor === null ? '—' : <Money amountMinor={item.costPriceMinor} currency={currency} />,
        }
      : null,
    {
      key: 'onHand',
      label: 'On hand',
      kind: 'number',
      priority: 0,
      cell: (item) => (item.isTracked ? formatQuantity(item.onHand, item.unit) : '—'),
    },
    canSeeCosts
      ? {
          key: 'value',
          label: 'Value',
          kind: 'number',
          priority: 4,
          cell: (item) =>
            item.isTracked && item.stockValueMinor !== null ? (
              <Money amountMinor={item.stockValueMinor} currency={currency} />
            ) : (
              '—'
            ),
        }
      : null,
    {
      key: 'stock',
      label: 'Stock',
      kind: 'other',
      priority: 1,
      cell: (item) => <StockBadge state={item.stockState} />,
    },
  ];
  return columns.filter((column) => column !== null);
}

const Code = ({ children }: { children: ReactNode }) => (
  <Text span size="sm" ff="monospace">
    {children}
  </Text>
);

function ProductName({ item, viewPath }: { item: ProductListItem; viewPath: (id: string) => string }) {
  return (
    <>
      <Anchor component={Link} to={viewPath(item.id)} fw={500} size="sm" tabIndex={-1}>
        {item.name}
      </Anchor>
      {item.variantCount > 1 ? (
        <Text size="xs" c="dimmed">
          {item.variantCount} variants
        </Text>
      ) : null}
      {item.isArchived ? (
        <Badge size="xs" color="gray" variant="outline" ml={6}>
          Archived
        </Badge>
      ) : null}
    </>
  );
}
