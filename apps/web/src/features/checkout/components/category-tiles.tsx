import { useState } from 'react';
import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { CurrencyCode, RegisterSellable } from '@ipos/contracts';
import { LoadError } from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { formatQuantity } from '../../../lib/quantity';
import { useTopCategories } from '../api/checkout-api';
import { useTileProducts } from '../catalogue/use-catalogue';
import classes from './checkout.module.css';

/** Top-level categories as tiles; choosing one shows its products as tiles; "All" goes back. */
export function CategoryTiles({
  storeId,
  currency,
  onAdd,
}: {
  storeId: string;
  currency: CurrencyCode;
  onAdd: (sellable: RegisterSellable) => void;
}) {
  const categories = useTopCategories();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const category = categories.data?.items.find((c) => c.id === categoryId) ?? null;
  const products = useTileProducts(storeId, category);
  if (categories.isError)
    return (
      <LoadError
        title="The categories could not be loaded"
        error={categories.error}
        onRetry={() => void categories.refetch()}
        isRetrying={categories.isFetching}
      />
    );
  const list = categories.data?.items.filter((c) => !c.isArchived) ?? [];
  return (
    <Stack gap="xs">
      <Group gap="xs" role="toolbar" aria-label="Categories">
        <Button size="xs" variant={categoryId === null ? 'filled' : 'default'} onClick={() => setCategoryId(null)}>
          All
        </Button>
        {list.map((c) => (
          <Button
            key={c.id}
            size="xs"
            variant={categoryId === c.id ? 'filled' : 'default'}
            onClick={() => setCategoryId(c.id)}
            aria-pressed={categoryId === c.id}
          >
            {c.name}
          </Button>
        ))}
        {categories.isPending && <Loader size="xs" />}
      </Group>
      {categoryId === null ? (
        <Text size="sm" c="dimmed">
          {list.length === 0 && !categories.isPending
            ? 'No categories yet: search or scan to add items.'
            : 'Choose a category to see its products.'}
        </Text>
      ) : products.error ? (
        <LoadError
          title="The products could not be loaded"
          error={products.error}
          onRetry={products.retry}
          isRetrying={products.isFetching}
        />
      ) : products.pending ? (
        <Loader size="sm" />
      ) : products.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No products in this category.
        </Text>
      ) : (
        <div className={classes.tiles}>
          {products.items.map((s) => (
            <Button key={s.variantId} variant="default" className={classes.tile} onClick={() => onAdd(s)}>
              <Stack gap={2}>
                <Text size="sm" fw={600} lineClamp={2}>
                  {s.name}
                </Text>
                <Money amountMinor={s.priceMinor} currency={currency} size="sm" />
                {s.isTracked && (
                  <Badge size="xs" variant="light" color={s.onHand > 0 ? 'gray' : 'red'}>
                    {formatQuantity(s.onHand, s.unit)} left
                  </Badge>
                )}
              </Stack>
            </Button>
          ))}
        </div>
      )}
    </Stack>
  );
}
