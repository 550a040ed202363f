import type { RefObject } from 'react';
import { Button, Group, Kbd, Stack, Text } from '@mantine/core';
import type { CurrencyCode, RegisterSellable } from '@ipos/contracts';
import { useCatalogueSync } from '../catalogue/use-catalogue';
import { cameraAvailable } from './camera-scan-dialog';
import classes from './checkout.module.css';
import { CategoryTiles } from './category-tiles';
import { ProductSearch } from './product-search';

/**
 * The register's left side: the product search, the camera (where there is one), the category tiles
 * and the keys. While it is open the store's catalogue on the device is kept current.
 */
export function RegisterSearchPane({
  searchRef,
  storeId,
  currency,
  onAdd,
  pendingQuantity,
  onPendingQuantity,
  onCamera,
}: {
  searchRef: RefObject<HTMLInputElement | null>;
  storeId: string;
  currency: CurrencyCode;
  onAdd: (sellable: RegisterSellable) => void;
  /** The quantity typed as `3*`, for the next item added. */
  pendingQuantity: number | null;
  onPendingQuantity: (quantity: number | null) => void;
  onCamera: () => void;
}) {
  useCatalogueSync(storeId);
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="nowrap">
        <div style={{ flex: 1 }}>
          <ProductSearch
            ref={searchRef}
            storeId={storeId}
            currency={currency}
            onAdd={onAdd}
            pendingQuantity={pendingQuantity}
            onPendingQuantity={onPendingQuantity}
          />
        </div>
        {cameraAvailable() && (
          <Button variant="default" size="md" onClick={onCamera}>
            Camera
          </Button>
        )}
      </Group>
      <CategoryTiles storeId={storeId} currency={currency} onAdd={onAdd} />
      <Text className={classes.kbd}>
        <Kbd>/</Kbd> or <Kbd>F2</Kbd> search · <Kbd>↑</Kbd> <Kbd>↓</Kbd> <Kbd>Enter</Kbd> add · <Kbd>3</Kbd>
        <Kbd>*</Kbd> quantity of the next item · <Kbd>↑</Kbd> from the empty search: the cart lines, where <Kbd>+</Kbd>{' '}
        <Kbd>-</Kbd> or a number change the quantity and <Kbd>Delete</Kbd> removes · <Kbd>F4</Kbd> customer ·{' '}
        <Kbd>F8</Kbd> hold · <Kbd>F9</Kbd> pay
      </Text>
    </Stack>
  );
}
