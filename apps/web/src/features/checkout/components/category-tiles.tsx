import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { BEST_SELLER_DAYS, type CurrencyCode, type RegisterSellable } from '@ipos/contracts';
import { LoadError } from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { useActiveStore } from '../../../lib/active-store';
import { formatQuantity } from '../../../lib/quantity';
import { useTopCategories } from '../api/checkout-api';
import { useFavouriteTiles, useTileProducts } from '../catalogue/use-catalogue';
import classes from './checkout.module.css';
import { FavouritesEditor } from './favourites-editor';

/** Products as tiles: a tap adds one to the cart. */
function SellableTiles({
  items,
  label,
  currency,
  onAdd,
}: {
  items: RegisterSellable[];
  label: string;
  currency: CurrencyCode;
  onAdd: (sellable: RegisterSellable) => void;
}) {
  return (
    <div className={classes.tiles} role="group" aria-label={label}>
      {items.map((s) => (
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
  );
}

type Tiles = {
  items: RegisterSellable[];
  pending: boolean;
  error: unknown;
  retry: () => void;
  isFetching: boolean;
};

/** A set of tiles as it loads: the failure with a retry, a spinner, `empty` when none, else the tiles. */
function TilesOrState({
  tiles,
  label,
  what,
  empty,
  currency,
  onAdd,
}: {
  tiles: Tiles;
  label: string;
  /** What failed to load, in the error's title. */
  what: string;
  empty: ReactNode;
  currency: CurrencyCode;
  onAdd: (sellable: RegisterSellable) => void;
}) {
  if (tiles.error)
    return (
      <LoadError
        title={`The ${what} could not be loaded`}
        error={tiles.error}
        onRetry={tiles.retry}
        isRetrying={tiles.isFetching}
      />
    );
  // A status, so that its name is read (a span's aria-label alone is not: axe aria-prohibited-attr).
  if (tiles.pending) return <Loader size="sm" role="status" aria-label={`Loading the ${what}`} />;
  if (tiles.items.length === 0) return empty;
  return <SellableTiles items={tiles.items} label={label} currency={currency} onAdd={onAdd} />;
}

/**
 * The register's tiles. It opens on the store's favourites (pinned by a manager), or its best sellers
 * while none is pinned (decision 0037); top-level categories beside them show their products. Whoever
 * holds settings.store edits the favourites from here.
 */
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
  // None chosen: the favourites (or best sellers), the first screen.
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const category = categories.data?.items.find((c) => c.id === categoryId) ?? null;
  const products = useTileProducts(storeId, category);
  const favourites = useFavouriteTiles(storeId);
  const canPin = useActiveStore(storeId).data?.permissions.includes('settings.store') ?? false;
  const list = categories.data?.items.filter((c) => !c.isArchived) ?? [];
  const firstLabel = favourites.kind === 'best-sellers' ? 'Best sellers' : 'Favourites';

  return (
    <Stack gap="xs">
      <Group gap="xs" role="toolbar" aria-label="Categories">
        <Button
          size="xs"
          className={classes.touchTarget}
          variant={categoryId === null ? 'filled' : 'default'}
          onClick={() => setCategoryId(null)}
          aria-pressed={categoryId === null}
        >
          {firstLabel}
        </Button>
        {list.map((c) => (
          <Button
            key={c.id}
            size="xs"
            className={classes.touchTarget}
            variant={categoryId === c.id ? 'filled' : 'default'}
            onClick={() => setCategoryId(c.id)}
            aria-pressed={categoryId === c.id}
          >
            {c.name}
          </Button>
        ))}
        {categories.isPending && <Loader size="xs" role="status" aria-label="Loading categories" />}
        {canPin && (
          <Button size="xs" variant="subtle" className={classes.touchTarget} onClick={() => setEditing(true)}>
            Edit favourites
          </Button>
        )}
      </Group>
      {categories.isError && (
        <LoadError
          title="The categories could not be loaded"
          error={categories.error}
          onRetry={() => void categories.refetch()}
          isRetrying={categories.isFetching}
        />
      )}
      {categoryId === null ? (
        <>
          {favourites.kind === 'best-sellers' && favourites.items.length > 0 && (
            <Text size="xs" c="dimmed">
              What sold most here in the last {BEST_SELLER_DAYS} days
              {canPin ? ': pin favourites to choose these tiles yourself.' : '.'}
            </Text>
          )}
          <TilesOrState
            tiles={favourites}
            label={firstLabel}
            what={firstLabel.toLowerCase()}
            currency={currency}
            onAdd={onAdd}
            empty={
              <Text size="sm" c="dimmed">
                {favourites.unreachable
                  ? 'The favourites show once the server has been reached: choose a category, search or scan.'
                  : `Nothing sold here in the last ${BEST_SELLER_DAYS} days yet: choose a category, search or scan.`}
              </Text>
            }
          />
        </>
      ) : (
        <TilesOrState
          tiles={products}
          label={category?.name ?? 'Products'}
          what="products"
          currency={currency}
          onAdd={onAdd}
          empty={
            <Text size="sm" c="dimmed">
              No products in this category.
            </Text>
          }
        />
      )}
      {canPin && editing && (
        <FavouritesEditor storeId={storeId} currency={currency} onClose={() => setEditing(false)} />
      )}
    </Stack>
  );
}
