import { Table, Text } from '@mantine/core';
import { variantFields, type FieldsContext } from './product-variant-fields';

/** One row per generated variant, its fields in compact cells. */
export function VariantTable(context: FieldsContext) {
  const { mode, form, canSeeCosts } = context;
  const { values, errors } = form;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label="Variants" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Variant</Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th>Barcodes</Table.Th>
            {canSeeCosts ? <Table.Th>Cost price</Table.Th> : null}
            <Table.Th>Selling price</Table.Th>
            {mode === 'create' && values.isTracked ? <Table.Th>Opening stock</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {values.variants.map((row, i) => {
            const f = variantFields(context, row, i, true);
            return (
              <Table.Tr key={row.key} data-testid="variant-row">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {row.optionValues.join(' / ')}
                  </Text>
                  {errors[`variants.${i}.optionValues`] ? (
                    <Text size="xs" c="red">
                      {errors[`variants.${i}.optionValues`]}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{f.sku}</Table.Td>
                <Table.Td>{f.barcodes}</Table.Td>
                {f.cost ? <Table.Td>{f.cost}</Table.Td> : null}
                <Table.Td>{f.price}</Table.Td>
                {f.openingStock ? <Table.Td>{f.openingStock}</Table.Td> : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
