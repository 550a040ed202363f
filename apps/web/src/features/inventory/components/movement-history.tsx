import { useState } from 'react';
import { Card, Group, NativeSelect, Pagination, Stack, Text, Title } from '@mantine/core';
import type { ProductUnit } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState } from '../../../components/feedback/list-state';
import { useProductMovements } from '../api/stock';
import { AdjustmentFromSearch } from './adjustment-modal';
import { MovementTable } from './movement-table';

export { formatDelta } from '../stock-figures';

const PAGE_SIZE = 20;

export interface MovementHistoryProps {
  productId: string;
  unit: ProductUnit;
  stores: { id: string; name: string }[];
  /** Shown in a column only when the product has options. */
  hasVariants: boolean;
  activeStoreId: string | null;
  timeZone?: string;
}

/** The product's ledger, newest first: who, when, why, by how much, and the document behind it. */
export function MovementHistory({
  productId,
  unit,
  stores,
  hasVariants,
  activeStoreId,
  timeZone,
}: MovementHistoryProps) {
  const [page, setPage] = useState(1);
  const [storeId, setStoreId] = useState('');
  const movements = useProductMovements(productId, { page, pageSize: PAGE_SIZE, storeId: storeId || undefined });
  const items = movements.data?.items ?? [];
  const total = movements.data?.total ?? 0;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Movement history
        </Title>
        <NativeSelect
          label="Store"
          value={storeId}
          onChange={(event) => {
            setStoreId(event.currentTarget.value);
            setPage(1);
          }}
          data={[{ value: '', label: 'All stores' }, ...stores.map((s) => ({ value: s.id, label: s.name }))]}
        />
      </Group>
      <Card withBorder padding={0} radius="md">
        <ListState
          query={movements}
          count={items.length}
          loadingLabel="Loading the movements"
          errorTitle="We could not load the movements"
          empty={
            <EmptyState title="No movements yet">
              Adjustments, counts, transfers and sales of this product will be listed here.
            </EmptyState>
          }
        >
          <MovementTable
            items={items}
            unit={unit}
            hasVariants={hasVariants}
            activeStoreId={activeStoreId}
            timeZone={timeZone}
            refreshing={movements.isPlaceholderData}
          />
        </ListState>
      </Card>
      {total > PAGE_SIZE ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {total} movements
          </Text>
          <Pagination
            total={Math.ceil(total / PAGE_SIZE)}
            value={page}
            onChange={setPage}
            aria-label="Movement pages"
          />
        </Group>
      ) : null}
      <AdjustmentFromSearch unit={unit} timeZone={timeZone} />
    </Stack>
  );
}
