import { useMemo } from 'react';
import { Card, Stack, Text, TextInput, Title } from '@mantine/core';
import type { CurrencyCode } from '@ipos/contracts';
import { MoneyInput } from '../../../components/money/money-input';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import type { StoreRef } from './product-form-values';
import type { ProductFormState } from './use-product-form';

/**
 * One store and variant, by place only: the values are read from the form at each render, so typing
 * keeps the rows (and the table's fitted columns, and a focused field in a row's details) as they are.
 */
type StoreRow = { store: StoreRef; index: number; key: string };

/** The store (and variant) a row sets, naming its fields. */
const placeOf = ({ store, index }: StoreRow, { values, rows }: ProductFormState) =>
  `${store.name}${values.hasOptions ? `, ${rows[index]?.optionValues.join(' / ') ?? ''}` : ''}`;

const fieldKey = ({ store, index }: StoreRow) => `variants.${index}.storeSettings.${store.id}`;

/**
 * The store and its price always show; on a narrow screen the reorder fields move into each row's
 * details, unless one of them has an error (it must be seen, and focused on submit).
 */
function storeColumns(form: ProductFormState, currency: CurrencyCode): TableColumn<StoreRow>[] {
  const { values, errors, fractions, setStoreField } = form;
  const erring = (field: string) => Object.keys(errors).some((k) => k.includes('.storeSettings.') && k.endsWith(field));
  const quantityInput = (field: 'reorderLevel' | 'reorderQuantity', words: string) => (r: StoreRow) => (
    <TextInput
      aria-label={`${words} in ${placeOf(r, form)}`}
      name={`${fieldKey(r)}.${field}`}
      inputMode={fractions ? 'decimal' : 'numeric'}
      value={form.rows[r.index]?.stores[r.store.id]?.[field] ?? ''}
      onChange={(e) => setStoreField(r.index, r.store.id, field, e.currentTarget.value)}
      error={errors[`${fieldKey(r)}.${field}`]}
    />
  );
  return [
    {
      key: 'store',
      label: 'Store',
      priority: 0,
      minWidth: 96,
      cell: ({ store }) => `${store.name} (${store.alias})`,
    },
    ...(values.hasOptions
      ? [
          {
            key: 'variant',
            label: 'Variant',
            priority: 0,
            minWidth: 80,
            cell: ({ index }: StoreRow) => form.rows[index]?.optionValues.join(' / '),
          },
        ]
      : []),
    {
      key: 'price',
      label: 'Store price',
      kind: 'other',
      priority: 0,
      cell: (r) => (
        <MoneyInput
          aria-label={`Store price in ${placeOf(r, form)}`}
          name={`${fieldKey(r)}.sellingPriceMinor`}
          currency={currency}
          placeholder="Selling price"
          value={form.rows[r.index]?.stores[r.store.id]?.price ?? ''}
          onChange={(text) => setStoreField(r.index, r.store.id, 'price', text)}
          error={errors[`${fieldKey(r)}.sellingPriceMinor`]}
        />
      ),
    },
    {
      key: 'reorderLevel',
      label: 'Reorder level',
      kind: 'other',
      priority: erring('.reorderLevel') ? 0 : 1,
      cell: quantityInput('reorderLevel', 'Reorder level'),
    },
    {
      key: 'reorderQuantity',
      label: 'Reorder quantity',
      kind: 'other',
      priority: erring('.reorderQuantity') ? 0 : 2,
      cell: quantityInput('reorderQuantity', 'Reorder quantity'),
    },
  ];
}

/** Each store's price and reorder point, for every variant: one row per store and variant. */
export function ProductStoresCard({
  form,
  stores,
  currency,
}: {
  form: ProductFormState;
  stores: StoreRef[];
  currency: CurrencyCode;
}) {
  const rowKeys = JSON.stringify(form.rows.map((row) => row.key));
  const storeRows = useMemo(
    () =>
      stores.flatMap((store) =>
        (JSON.parse(rowKeys) as string[]).map((rowKey, index) => ({ store, index, key: `${store.id}:${rowKey}` })),
      ),
    [stores, rowKeys],
  );
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Stores
        </Title>
        <Text size="sm" c="dimmed">
          A store price replaces the selling price in that store (leave it empty to use the selling price). At or below
          the reorder level the product shows as low.
        </Text>
        <ResponsiveTable
          label="Store settings"
          columns={storeColumns(form, currency)}
          rows={storeRows}
          rowKey={(r) => r.key}
          rowLabel={(r) => placeOf(r, form)}
          tableProps={{ highlightOnHover: false }}
        />
      </Stack>
    </Card>
  );
}
