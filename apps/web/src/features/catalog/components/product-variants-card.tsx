import type { ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { checkBarcode, MAX_OPTIONS, type CurrencyCode } from '@ipos/contracts';
import { MoneyInput } from '../../../components/money/money-input';
import { newKey, splitBarcodes, type FormErrors, type OptionRow, type VariantRow } from './product-form-values';
import type { ProductFormState } from './use-product-form';

/** Live check of the barcodes as typed (check digits), before any submit. */
function barcodeHint(text: string): string | undefined {
  for (const code of splitBarcodes(text)) {
    const result = checkBarcode(code);
    if (!result.ok) return `${code}: ${result.message}`;
  }
  return undefined;
}

interface FieldsContext {
  mode: 'create' | 'edit';
  form: ProductFormState;
  currency: CurrencyCode;
  canSeeCosts: boolean;
  /** The error in place for a field key (a clash links to the other product). */
  errorAt: (key: string) => ReactNode;
}

/**
 * One variant's SKU, barcodes, cost, price and opening stock: labelled fields for a product without
 * options, compact table cells (named by the variant's option values) in the variant grid.
 */
function variantFields(
  { mode, form, currency, canSeeCosts, errorAt }: FieldsContext,
  row: VariantRow,
  index: number | 'single',
  compact: boolean,
) {
  const { updateRow } = form;
  const at = `variants.${index === 'single' ? 0 : index}`;
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
      mode === 'create' && form.values.isTracked ? (
        <TextInput
          label={label('Opening stock')}
          aria-label={aria('Opening stock')}
          name={`${at}.openingStock`}
          description={compact ? undefined : 'Into the store you are working in'}
          inputMode={form.fractions ? 'decimal' : 'numeric'}
          value={row.openingStock}
          onChange={(e) => updateRow(index, { openingStock: e.currentTarget.value }, 'openingStock')}
          error={errorAt(`${at}.openingStock`)}
          autoComplete="off"
        />
      ) : null,
  };
}

/** The options (name and values each); changing them regenerates the variant grid. */
function OptionRows({
  options,
  errors,
  setOptions,
}: {
  options: OptionRow[];
  errors: FormErrors;
  setOptions: (options: OptionRow[]) => void;
}) {
  return (
    <>
      {options.map((option, i) => (
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
              setOptions(options.map((o, j) => (j === i ? { ...o, name } : o)));
            }}
            error={errors[`options.${i}.name`]}
          />
          <TagsInput
            label="Values"
            placeholder="Type a value and press Enter"
            name={`options.${i}.values`}
            style={{ flex: 1 }}
            value={option.values}
            onChange={(vals) => setOptions(options.map((o, j) => (j === i ? { ...o, values: vals } : o)))}
            error={errors[`options.${i}.values`]}
            splitChars={[',']}
            clearable
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={26}
            aria-label={`Remove option ${option.name || i + 1}`}
            onClick={() => setOptions(options.filter((_, j) => j !== i))}
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
      {options.length < MAX_OPTIONS ? (
        <Button
          variant="default"
          size="xs"
          w="fit-content"
          onClick={() => setOptions([...options, { key: newKey(), name: '', values: [] }])}
        >
          Add option
        </Button>
      ) : null}
    </>
  );
}

/** One row per generated variant, its fields in compact cells. */
function VariantTable(context: FieldsContext) {
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
  );
}
