import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { variantFields, type FieldsContext } from './product-variant-fields';

/**
 * One variant by place only: its fields are read from the form at each render, so typing keeps the
 * rows (and the table's fitted columns, and a focused field in a row's details) as they are.
 */
type VariantPlace = { index: number; key: string };

type Field = 'sku' | 'barcodes' | 'cost' | 'price' | 'openingStock';

/**
 * The narrowest each field stays usable (px). A field does not push its table wider by itself, so
 * without these the grid fits a phone by squeezing its fields (a SKU 30 px wide) instead of moving
 * them into the row's details.
 */
export const variantFieldMinWidth: Record<Field, number> = {
  sku: 112,
  barcodes: 144,
  cost: 104,
  price: 104,
  openingStock: 88,
};

/**
 * The variant and its selling price always show; on a narrow screen the other fields move into each
 * row's details, unless one of them has an error (it must be seen, and focused on submit).
 */
function variantColumns(context: FieldsContext): TableColumn<VariantPlace>[] {
  const { mode, form, canSeeCosts } = context;
  const { values, errors } = form;
  const erring = (name: string) =>
    Object.keys(errors).some((k) => /^variants\.\d+\./.test(k) && k.endsWith(`.${name}`));
  const fieldOf =
    (field: Field) =>
    ({ index }: VariantPlace) => {
      const row = values.variants[index];
      return row ? (
        <div style={{ minWidth: variantFieldMinWidth[field] }}>{variantFields(context, row, index, true)[field]}</div>
      ) : null;
    };
  const field = (key: Field, label: string, errorKey: string, priority: number): TableColumn<VariantPlace> => ({
    key,
    label,
    kind: 'other',
    priority: erring(errorKey) ? 0 : priority,
    cell: fieldOf(key),
  });
  return [
    {
      key: 'variant',
      label: 'Variant',
      priority: 0,
      minWidth: 96,
      cell: ({ index }) => (
        <>
          <Text size="sm" fw={500}>
            {values.variants[index]?.optionValues.join(' / ')}
          </Text>
          {errors[`variants.${index}.optionValues`] ? (
            <Text size="xs" c="red">
              {errors[`variants.${index}.optionValues`]}
            </Text>
          ) : null}
        </>
      ),
    },
    field('sku', 'SKU', 'sku', 1),
    field('barcodes', 'Barcodes', 'barcodes', 3),
    ...(canSeeCosts ? [field('cost', 'Cost price', 'costPriceMinor', 2)] : []),
    field('price', 'Selling price', 'sellingPriceMinor', 0),
    ...(mode === 'create' && values.isTracked ? [field('openingStock', 'Opening stock', 'openingStock', 4)] : []),
  ];
}

/** One row per generated variant, its fields in compact cells. */
export function VariantTable(context: FieldsContext) {
  const { values } = context.form;
  const keys = JSON.stringify(values.variants.map((row) => row.key));
  const places = useMemo(() => (JSON.parse(keys) as string[]).map((key, index) => ({ index, key })), [keys]);
  return (
    <ResponsiveTable
      label="Variants"
      columns={variantColumns(context)}
      rows={places}
      rowKey={(place) => place.key}
      rowLabel={({ index }) => values.variants[index]?.optionValues.join(' / ') ?? ''}
      rowProps={() => ({ 'data-testid': 'variant-row' })}
      tableProps={{ highlightOnHover: false }}
    />
  );
}
