import type { ReactNode } from 'react';
import { TextInput } from '@mantine/core';
import { checkBarcode, type CurrencyCode } from '@ipos/contracts';
import { MoneyInput } from '../../../components/money/money-input';
import { splitBarcodes, type VariantRow } from './product-form-values';
import type { ProductFormState } from './use-product-form';

/** Live check of the barcodes as typed (check digits), before any submit. */
function barcodeHint(text: string): string | undefined {
  for (const code of splitBarcodes(text)) {
    const result = checkBarcode(code);
    if (!result.ok) return `${code}: ${result.message}`;
  }
  return undefined;
}

export interface FieldsContext {
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
export function variantFields(
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
