import { useEffect, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Kbd,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import {
  checkBarcode,
  MAX_OPTIONS,
  productUnitLabels,
  productUnits,
  unitAllowsFractions,
  type CategoryNode,
  type CreateProductInput,
  type CurrencyCode,
  type Product,
  type ProductUnit,
  type TaxRate,
  type UpdateProductInput,
} from '@ipos/contracts';
import { MoneyInput } from '../../../components/money/money-input';
import { showApiError } from '../../../components/toast';
import { isApiError, type ApiError } from '../../../lib/api-client';
import { ProductImageField, type ImageChange } from './product-image-field';
import { ProductPurchasingCard } from './product-purchasing-card';
import {
  emptyProductValues,
  errorKey,
  newKey,
  productToValues,
  regenerateVariants,
  splitBarcodes,
  toProductBody,
  type FormErrors,
  type OptionRow,
  type ProductFormValues,
  type StoreFields,
  type StoreRef,
  type VariantRow,
} from './product-form-values';

export type { ImageChange } from './product-image-field';

interface CommonProps {
  currency: CurrencyCode;
  /** Every store of the business (per-store prices and reorder points). */
  stores: StoreRef[];
  categories: CategoryNode[];
  /** Active tax rates; the default is preselected on create. */
  taxRates: TaxRate[];
  onCancel: () => void;
  /** Shown beside Save (archive on the edit page). */
  extraActions?: ReactNode;
  /** inventory.costs: the cost price fields (without it no cost is shown or sent). */
  canSeeCosts: boolean;
}

export type ProductFormProps = CommonProps &
  (
    | { mode: 'create'; product?: undefined; onSubmit: (body: CreateProductInput, image: ImageChange) => Promise<void> }
    | {
        mode: 'edit';
        product: Product;
        onSubmit: (body: UpdateProductInput, image: ImageChange) => Promise<void>;
        /** After a VERSION_CONFLICT: read the product again. */
        onReload: () => void;
      }
  );

/** A clashing product named by the API (SKU_TAKEN, BARCODE_TAKEN), found so the person can open it. */
type Clash = { id: string; name: string };

/** Live check of the barcodes as typed (check digits), before any submit. */
function barcodeHint(text: string): string | undefined {
  for (const code of splitBarcodes(text)) {
    const result = checkBarcode(code);
    if (!result.ok) return `${code}: ${result.message}`;
  }
  return undefined;
}

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

/**
 * Create or edit a product: details, image, options with a generated variant grid (or the single
 * variant's fields), and each store's price and reorder point. Validated with the contract's schema
 * (createProductBodySchema / updateProductBodySchema) before sending; the API's field errors land on
 * the fields they name. Ctrl/⌘+Enter saves.
 */
export function ProductForm(props: ProductFormProps) {
  const { currency, stores, categories, taxRates, onCancel, extraActions, canSeeCosts } = props;
  const [values, setValues] = useState<ProductFormValues>(() =>
    props.mode === 'edit'
      ? productToValues(props.product, currency)
      : emptyProductValues(taxRates.find((r) => r.isDefault)?.id ?? null),
  );
  const [image, setImage] = useState<ImageChange>({ kind: 'keep' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [clashes, setClashes] = useState<Record<string, Clash>>({});
  const [conflict, setConflict] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  const mode = props.mode;
  const version = props.mode === 'edit' ? props.product.version : undefined;
  const checked = toProductBody(values, { mode, version, currency, stores, withCosts: canSeeCosts });
  const errors: FormErrors = submitted ? { ...serverErrors, ...checked.errors } : serverErrors;
  const fractions = unitAllowsFractions(values.unit);

  const update = (change: Partial<ProductFormValues>, clear: string[] = []) => {
    setValues((current) => ({ ...current, ...change }));
    if (clear.length)
      setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => !clear.includes(k))));
  };

  const updateRow = (index: number | 'single', change: Partial<VariantRow>, field?: string) => {
    setValues((current) =>
      index === 'single'
        ? { ...current, single: { ...current.single, ...change } }
        : { ...current, variants: current.variants.map((row, i) => (i === index ? { ...row, ...change } : row)) },
    );
    if (field) {
      const key = `variants.${index === 'single' ? 0 : index}.${field}`;
      setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => k !== key)));
    }
  };

  const setOptions = (options: OptionRow[]) =>
    setValues((current) => ({ ...current, options, variants: regenerateVariants(current, options) }));

  const toggleOptions = (on: boolean) =>
    setValues((current) => {
      const options = on && current.options.length === 0 ? [{ key: newKey(), name: '', values: [] }] : current.options;
      return { ...current, hasOptions: on, options, variants: on ? regenerateVariants(current, options) : [] };
    });

  /** SKU_TAKEN / BARCODE_TAKEN name, for each clashing field, the product that has the value: link to it. */
  const clashesOf = (error: ApiError): Record<string, Clash> => {
    const conflicts = (error.problem?.conflicts ?? []) as { field: string; productId: string; productName: string }[];
    const found: Record<string, Clash> = {};
    for (const c of conflicts) {
      if (c.productId === props.product?.id) continue;
      found[errorKey(c.field.split('.'), stores)] ??= { id: c.productId, name: c.productName };
    }
    return found;
  };

  const submit = async () => {
    if (isSubmitting) return;
    setSubmitted(true);
    setServerErrors({});
    setClashes({});
    setConflict(false);
    if (!checked.body) {
      focusFirstError();
      return;
    }
    setSubmitting(true);
    try {
      if (props.mode === 'edit') await props.onSubmit(checked.body as UpdateProductInput, image);
      else await props.onSubmit(checked.body as CreateProductInput, image);
    } catch (error) {
      if (isApiError(error) && error.code === 'VERSION_CONFLICT') {
        setConflict(true);
      } else if (isApiError(error) && error.fieldErrors.length > 0) {
        const fieldErrors: FormErrors = {};
        for (const { field, message } of error.fieldErrors) fieldErrors[errorKey(field.split('.'), stores)] = message;
        setServerErrors(fieldErrors);
        if (error.code === 'SKU_TAKEN' || error.code === 'BARCODE_TAKEN') setClashes(clashesOf(error));
        focusFirstError();
        if (error.code === 'VALIDATION_FAILED' || error.code === 'SKU_TAKEN' || error.code === 'BARCODE_TAKEN') return;
        showApiError(error, 'Could not save the product');
      } else {
        showApiError(error, 'Could not save the product');
      }
    } finally {
      setSubmitting(false);
    }
  };

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>('form[data-product-form] [aria-invalid="true"]')?.focus(),
    );

  // Ctrl/⌘+Enter saves from anywhere on the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        document.querySelector<HTMLFormElement>('form[data-product-form]')?.requestSubmit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  /** An error in place; a clash names the other product with a link to it. */
  const errorAt = (key: string): ReactNode => {
    const clash = serverErrors[key] ? clashes[key] : undefined;
    if (clash)
      return (
        <>
          Already used by{' '}
          <Anchor component={Link} to={`/dashboard/inventory/view/${clash.id}`} size="xs" c="red" td="underline">
            {clash.name}
          </Anchor>
        </>
      );
    return errors[key];
  };

  const rowFields = (row: VariantRow, index: number | 'single', compact: boolean) => {
    const i = index === 'single' ? 0 : index;
    const at = `variants.${i}`;
    const label = (text: string) => (compact ? undefined : text);
    const aria = (text: string) => (compact ? `${text} of ${row.optionValues.join(' / ')}` : undefined);
    return {
      sku: (
        <TextInput
          label={label('SKU')}
          aria-label={aria('SKU')}
          name={`${at}.sku`}
          value={row.sku}
          onChange={(e) => updateRow(index, { sku: e.currentTarget.value }, 'sku')}
          error={errorAt(`${at}.sku`)}
          maxLength={40}
          // Blank: the server generates one when the product is saved (decision 0031).
          description={compact ? undefined : 'Leave blank to generate one'}
          placeholder={compact ? 'Generated' : undefined}
          autoComplete="off"
        />
      ),
      barcodes: (
        <TextInput
          label={label('Barcodes')}
          aria-label={aria('Barcodes')}
          name={`${at}.barcodes`}
          description={compact ? undefined : 'EAN-13, EAN-8, UPC-A or any code; separate several with spaces'}
          value={row.barcodes}
          onChange={(e) => updateRow(index, { barcodes: e.currentTarget.value }, 'barcodes')}
          error={errorAt(`${at}.barcodes`) ?? barcodeHint(row.barcodes)}
          autoComplete="off"
        />
      ),
      cost: canSeeCosts ? (
        <MoneyInput
          label={label('Cost price')}
          aria-label={aria('Cost price')}
          name={`${at}.costPriceMinor`}
          currency={currency}
          value={row.cost}
          onChange={(cost) => updateRow(index, { cost }, 'costPriceMinor')}
          error={errorAt(`${at}.costPriceMinor`)}
        />
      ) : null,
      price: (
        <MoneyInput
          label={label('Selling price')}
          aria-label={aria('Selling price')}
          name={`${at}.sellingPriceMinor`}
          currency={currency}
          value={row.price}
          onChange={(price) => updateRow(index, { price }, 'sellingPriceMinor')}
          error={errorAt(`${at}.sellingPriceMinor`)}
          required={!compact}
        />
      ),
      openingStock:
        mode === 'create' && values.isTracked ? (
          <TextInput
            label={label('Opening stock')}
            aria-label={aria('Opening stock')}
            name={`${at}.openingStock`}
            description={compact ? undefined : 'Into the store you are working in'}
            inputMode={fractions ? 'decimal' : 'numeric'}
            value={row.openingStock}
            onChange={(e) => updateRow(index, { openingStock: e.currentTarget.value }, 'openingStock')}
            error={errorAt(`${at}.openingStock`)}
            autoComplete="off"
          />
        ) : null,
    };
  };

  const rows = values.hasOptions ? values.variants : [values.single];
  const setStoreField = (rowIndex: number, storeId: string, field: keyof StoreFields, text: string) => {
    const row = rows[rowIndex]!;
    const fields = { ...{ price: '', reorderLevel: '', reorderQuantity: '' }, ...row.stores[storeId], [field]: text };
    updateRow(values.hasOptions ? rowIndex : 'single', { stores: { ...row.stores, [storeId]: fields } });
  };

  const single = rowFields(values.single, 'single', false);
  const catOptions = categoryOptions(categories);
  const taxOptions = [
    { value: '', label: 'Not taxed' },
    ...taxRates.map((r) => ({ value: r.id, label: `${r.name}${r.isDefault ? ' (default)' : ''}` })),
  ];

  return (
    <form
      data-product-form
      noValidate
      aria-label={mode === 'create' ? 'New product' : `Edit ${props.product?.name ?? 'product'}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="lg">
        {conflict ? (
          <Alert color="orange" title="Someone else changed this product meanwhile" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Reload it to see their changes, then make yours again.</Text>
              {props.mode === 'edit' ? (
                <Button size="xs" variant="white" onClick={props.onReload}>
                  Reload the product
                </Button>
              ) : null}
            </Stack>
          </Alert>
        ) : null}

        <Card withBorder padding="lg" radius="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              Details
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
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
            </SimpleGrid>
            <Switch
              label="Track stock"
              description="Counted on hand in each store; sales take it down"
              checked={values.isTracked}
              onChange={(e) => update({ isTracked: e.currentTarget.checked })}
            />
            <ProductImageField
              productId={props.product?.id}
              imageVersion={props.product?.imageVersion ?? null}
              value={image}
              onChange={setImage}
            />
          </Stack>
        </Card>

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
                {values.options.map((option, i) => (
                  <Group key={option.key} align="flex-start" wrap="nowrap" gap="sm">
                    <TextInput
                      label={`Option ${i + 1}`}
                      placeholder="Size"
                      name={`options.${i}.name`}
                      w={180}
                      value={option.name}
                      maxLength={30}
                      onChange={(e) => {
                        const name = e.currentTarget.value;
                        setOptions(values.options.map((o, j) => (j === i ? { ...o, name } : o)));
                      }}
                      error={errors[`options.${i}.name`]}
                    />
                    <TagsInput
                      label="Values"
                      placeholder="Type a value and press Enter"
                      name={`options.${i}.values`}
                      style={{ flex: 1 }}
                      value={option.values}
                      onChange={(vals) =>
                        setOptions(values.options.map((o, j) => (j === i ? { ...o, values: vals } : o)))
                      }
                      error={errors[`options.${i}.values`]}
                      splitChars={[',']}
                      clearable
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={26}
                      aria-label={`Remove option ${option.name || i + 1}`}
                      onClick={() => setOptions(values.options.filter((_, j) => j !== i))}
                    >
                      ✕
                    </ActionIcon>
                  </Group>
                ))}
                {errors.options ? (
                  <Text size="sm" c="red" role="alert">
                    {errors.options}
                  </Text>
                ) : null}
                {values.options.length < MAX_OPTIONS ? (
                  <Button
                    variant="default"
                    size="xs"
                    w="fit-content"
                    onClick={() => setOptions([...values.options, { key: newKey(), name: '', values: [] }])}
                  >
                    Add option
                  </Button>
                ) : null}
                {values.variants.length > 0 ? (
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
                          const f = rowFields(row, i, true);
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
                ) : (
                  <Text size="sm" c="dimmed">
                    Name an option and give it values: one variant is made for each combination.
                  </Text>
                )}
              </Stack>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {single.sku}
                {single.barcodes}
                {single.cost}
                {single.price}
                {single.openingStock}
              </SimpleGrid>
            )}
            {errors.variants ? (
              <Text size="sm" c="red" role="alert">
                {errors.variants}
              </Text>
            ) : null}
          </Stack>
        </Card>

        <ProductPurchasingCard
          values={values}
          product={props.product}
          currency={currency}
          canSeeCosts={canSeeCosts}
          errors={errors}
          onVendorChange={(vendorId) => update({ preferredVendorId: vendorId }, ['preferredVendorId'])}
          onCodeChange={(index, vendorItemCode) => updateRow(index, { vendorItemCode }, 'vendorItemCode')}
        />

        {stores.length > 0 && rows.length > 0 ? (
          <Card withBorder padding="lg" radius="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Stores
              </Title>
              <Text size="sm" c="dimmed">
                A store price replaces the selling price in that store (leave it empty to use the selling price). At or
                below the reorder level the product shows as low.
              </Text>
              <Table.ScrollContainer minWidth={620}>
                <Table aria-label="Store settings" verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Store</Table.Th>
                      {values.hasOptions ? <Table.Th>Variant</Table.Th> : null}
                      <Table.Th>Store price</Table.Th>
                      <Table.Th>Reorder level</Table.Th>
                      <Table.Th>Reorder quantity</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {stores.flatMap((store) =>
                      rows.map((row, i) => {
                        const key = `variants.${i}.storeSettings.${store.id}`;
                        const fields = row.stores[store.id];
                        const who = `${store.name}${values.hasOptions ? `, ${row.optionValues.join(' / ')}` : ''}`;
                        return (
                          <Table.Tr key={`${store.id}:${row.key}`}>
                            <Table.Td>
                              {store.name} ({store.alias})
                            </Table.Td>
                            {values.hasOptions ? <Table.Td>{row.optionValues.join(' / ')}</Table.Td> : null}
                            <Table.Td>
                              <MoneyInput
                                aria-label={`Store price in ${who}`}
                                name={`${key}.sellingPriceMinor`}
                                currency={currency}
                                placeholder="Selling price"
                                value={fields?.price ?? ''}
                                onChange={(text) => setStoreField(i, store.id, 'price', text)}
                                error={errors[`${key}.sellingPriceMinor`]}
                              />
                            </Table.Td>
                            <Table.Td>
                              <TextInput
                                aria-label={`Reorder level in ${who}`}
                                name={`${key}.reorderLevel`}
                                inputMode={fractions ? 'decimal' : 'numeric'}
                                value={fields?.reorderLevel ?? ''}
                                onChange={(e) => setStoreField(i, store.id, 'reorderLevel', e.currentTarget.value)}
                                error={errors[`${key}.reorderLevel`]}
                              />
                            </Table.Td>
                            <Table.Td>
                              <TextInput
                                aria-label={`Reorder quantity in ${who}`}
                                name={`${key}.reorderQuantity`}
                                inputMode={fractions ? 'decimal' : 'numeric'}
                                value={fields?.reorderQuantity ?? ''}
                                onChange={(e) => setStoreField(i, store.id, 'reorderQuantity', e.currentTarget.value)}
                                error={errors[`${key}.reorderQuantity`]}
                              />
                            </Table.Td>
                          </Table.Tr>
                        );
                      }),
                    )}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          </Card>
        ) : null}

        <Group justify="space-between">
          <Group gap="sm">{extraActions}</Group>
          <Group gap="sm">
            <Text size="xs" c="dimmed" visibleFrom="sm">
              <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd> saves
            </Text>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {mode === 'create' ? 'Create product' : 'Save changes'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
