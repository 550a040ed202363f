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
  onCamera,
}: {
  searchRef: RefObject<HTMLInputElement | null>;
  storeId: string;
  currency: CurrencyCode;
  onAdd: (sellable: RegisterSellable) => void;
  onCamera: () => void;
}) {
  useCatalogueSync(storeId);
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="nowrap">
        <div style={{ flex: 1 }}>
          <ProductSearch ref={searchRef} storeId={storeId} currency={currency} onAdd={onAdd} />
        </div>
        {cameraAvailable() && (
          <Button variant="default" size="md" onClick={onCamera}>
            Camera
          </Button>
        )}
      </Group>
      <CategoryTiles storeId={storeId} currency={currency} onAdd={onAdd} />
      <Text className={classes.kbd}>
        <Kbd>/</Kbd> or <Kbd>F2</Kbd> search · <Kbd>↑</Kbd> <Kbd>↓</Kbd> <Kbd>Enter</Kbd> add · <Kbd>F4</Kbd> customer ·{' '}
        <Kbd>F8</Kbd> hold · <Kbd>F9</Kbd> pay · <Kbd>Delete</Kbd> removes the focused line
      </Text>
    </Stack>
  );
}
