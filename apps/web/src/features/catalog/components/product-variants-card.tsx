import { Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { OptionRows } from './product-option-rows';
import { variantFields, type FieldsContext } from './product-variant-fields';
import { VariantTable } from './product-variant-table';
import { FormColumns } from '../../../components/form/form-columns';

/**
 * "Prices and codes": the single variant's fields, or, for a product with options, the options and
 * the grid of variants made from every combination of their values.
 */
export function ProductVariantsCard(context: FieldsContext) {
  const { values, errors, setOptions, toggleOptions } = context.form;
  const single = variantFields(context, values.single, 'single', false);
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Prices and codes
          </Title>
          <Switch
            label="This product has options"
            description="Sizes, colours… each combination is a variant with its own SKU and stock"
            checked={values.hasOptions}
            onChange={(e) => toggleOptions(e.currentTarget.checked)}
          />
        </Group>
        {values.hasOptions ? (
          <Stack gap="sm">
            <OptionRows options={values.options} errors={errors} setOptions={setOptions} />
            {values.variants.length > 0 ? (
              <VariantTable {...context} />
            ) : (
              <Text size="sm" c="dimmed">
                Name an option and give it values: one variant is made for each combination.
              </Text>
            )}
          </Stack>
        ) : (
          <FormColumns spacing="md">
            {single.sku}
            {single.barcodes}
            {single.cost}
            {single.price}
            {single.openingStock}
          </FormColumns>
        )}
        {errors.variants ? (
          <Text size="sm" c="red" role="alert">
            {errors.variants}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
