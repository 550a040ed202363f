import { Anchor, Badge, Box, Checkbox, Image, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { CurrencyCode, ProductListItem, StockState } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
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

/** A product's row: opens its page on a click (outside the checkbox and links) or Enter. */
export function ProductRow({
  item,
  isSelected,
  onSelect,
  context: { currency, canSeeCosts, viewPath },
}: {
  item: ProductListItem;
  isSelected: boolean;
  onSelect: (on: boolean) => void;
  context: RowsContext;
}) {
  const navigate = useNavigate();
  return (
    <Table.Tr
      data-testid="product-row"
      tabIndex={0}
      aria-label={item.name}
      style={{ cursor: 'pointer' }}
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('input, a, button, label')) return;
        void navigate(viewPath(item.id));
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) void navigate(viewPath(item.id));
      }}
    >
      <Table.Td>
        <Checkbox
          aria-label={`Select ${item.name}`}
          checked={isSelected}
          onChange={(e) => onSelect(e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <ProductThumb item={item} />
      </Table.Td>
      <Table.Td>
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
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {item.sku}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {item.barcode ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        {item.categoryName ?? (
          <Text span c="dimmed" size="sm">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">
        <PriceCell item={item} currency={currency} />
      </Table.Td>
      {canSeeCosts ? (
        <Table.Td ta="right">
          {item.costPriceMinor === null ? '—' : <Money amountMinor={item.costPriceMinor} currency={currency} />}
        </Table.Td>
      ) : null}
      <Table.Td ta="right">{item.isTracked ? formatQuantity(item.onHand, item.unit) : '—'}</Table.Td>
      {canSeeCosts ? (
        <Table.Td ta="right">
          {item.isTracked && item.stockValueMinor !== null ? (
            <Money amountMinor={item.stockValueMinor} currency={currency} />
          ) : (
            '—'
          )}
        </Table.Td>
      ) : null}
      <Table.Td>
        <StockBadge state={item.stockState} />
      </Table.Td>
    </Table.Tr>
  );
}
