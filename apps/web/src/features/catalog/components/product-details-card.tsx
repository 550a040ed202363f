import { Card, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import {
  productUnitLabels,
  productUnits,
  type CategoryNode,
  type Product,
  type ProductUnit,
  type TaxRate,
} from '@ipos/contracts';
import { ProductImageField, type ImageChange } from './product-image-field';
import type { FormErrors, ProductFormValues } from './product-form-values';
import { FormColumns } from '../../../components/form/form-columns';

function categoryOptions(categories: CategoryNode[]) {
  return categories
    .filter((c) => !c.isArchived)
    .flatMap((c) => [
      { value: c.id, label: c.name, depth: 0 },
      ...c.children
        .filter((k) => !k.isArchived)
        .map((k) => ({ value: k.id, label: `${c.name} › ${k.name}`, depth: 1 })),
    ]);
}

/** The product's details: name, category (sub-categories indented), unit, tax rate, stock tracking and image. */
export function ProductDetailsCard({
  values,
  product,
  categories,
  taxRates,
  errors,
  image,
  onImageChange,
  update,
}: {
  values: ProductFormValues;
  product: Product | undefined;
  categories: CategoryNode[];
  taxRates: TaxRate[];
  errors: FormErrors;
  image: ImageChange;
  onImageChange: (image: ImageChange) => void;
  /** Changes the values and clears the server's errors on the fields named. */
  update: (change: Partial<ProductFormValues>, clear?: string[]) => void;
}) {
  const catOptions = categoryOptions(categories);
  const taxOptions = [
    { value: '', label: 'Not taxed' },
    ...taxRates.map((r) => ({ value: r.id, label: `${r.name}${r.isDefault ? ' (default)' : ''}` })),
  ];
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          Details
        </Title>
        <FormColumns spacing="md">
          <TextInput
            label="Name"
            name="name"
            required
            maxLength={120}
            data-autofocus
            value={values.name}
            onChange={(e) => update({ name: e.currentTarget.value }, ['name'])}
            error={errors.name}
          />
          <Select
            label="Category"
            name="categoryId"
            placeholder="Uncategorised"
            data={catOptions.map(({ value, label }) => ({ value, label }))}
            renderOption={({ option }) => {
              const depth = catOptions.find((c) => c.value === option.value)?.depth ?? 0;
              return (
                <Text size="sm" pl={depth * 16}>
                  {depth ? option.label.split(' › ')[1] : option.label}
                </Text>
              );
            }}
            value={values.categoryId || null}
            onChange={(value) => update({ categoryId: value ?? '' }, ['categoryId'])}
            clearable
            searchable
            error={errors.categoryId}
          />
          <Select
            label="Unit"
            name="unit"
            data={productUnits.map((u) => ({ value: u, label: productUnitLabels[u] }))}
            value={values.unit}
            onChange={(value) => value && update({ unit: value as ProductUnit }, ['unit'])}
            allowDeselect={false}
            error={errors.unit}
          />
          <Select
            label="Tax rate"
            name="taxRateId"
            data={taxOptions}
            value={values.taxRateId}
            onChange={(value) => update({ taxRateId: value ?? '' }, ['taxRateId'])}
            allowDeselect={false}
            error={errors.taxRateId}
          />
        </FormColumns>
        <Switch
          label="Track stock"
          description="Counted on hand in each store; sales take it down"
          checked={values.isTracked}
          onChange={(e) => update({ isTracked: e.currentTarget.checked })}
        />
        <ProductImageField
          productId={product?.id}
          imageVersion={product?.imageVersion ?? null}
          value={image}
          onChange={onImageChange}
        />
      </Stack>
    </Card>
  );
}
