import { useEffect, useState } from 'react';
import {
  unitAllowsFractions,
  type CreateProductInput,
  type CurrencyCode,
  type Product,
  type TaxRate,
  type UpdateProductInput,
} from '@ipos/contracts';
import { showApiError } from '../../../components/toast';
import { isApiError, type ApiError } from '../../../lib/api-client';
import type { ImageChange } from './product-image-field';
import {
  emptyProductValues,
  errorKey,
  newKey,
  productToValues,
  regenerateVariants,
  toProductBody,
  type FormErrors,
  type OptionRow,
  type ProductFormValues,
  type StoreFields,
  type StoreRef,
  type VariantRow,
} from './product-form-values';

/** A clashing product named by the API (SKU_TAKEN, BARCODE_TAKEN), found so the person can open it. */
export type Clash = { id: string; name: string };

export interface ProductFormSetup {
  mode: 'create' | 'edit';
  /** The product being edited (none on create). */
  product: Product | undefined;
  currency: CurrencyCode;
  stores: StoreRef[];
  taxRates: TaxRate[];
  canSeeCosts: boolean;
  /** Sends the checked body (a create body on create, an update body on edit). */
  save: (body: CreateProductInput | UpdateProductInput, image: ImageChange) => Promise<void>;
}

const FORM = 'form[data-product-form]';

const focusFirstError = () =>
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`${FORM} [aria-invalid="true"]`)?.focus());

const without = (errors: FormErrors, keys: string[]): FormErrors =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !keys.includes(k)));

/** Ctrl/⌘+Enter saves from anywhere on the page. */
function useSaveShortcut() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        document.querySelector<HTMLFormElement>(FORM)?.requestSubmit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * The product form's state and submit: the values, their checks against the contract, the API's
 * field errors mapped onto the fields they name (a SKU or barcode clash names the other product),
 * a version conflict, and the save shortcut.
 */
export function useProductForm(setup: ProductFormSetup) {
  const { mode, product, currency, stores, taxRates, canSeeCosts } = setup;
  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? productToValues(product, currency) : emptyProductValues(taxRates.find((r) => r.isDefault)?.id ?? null),
  );
  const [image, setImage] = useState<ImageChange>({ kind: 'keep' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [clashes, setClashes] = useState<Record<string, Clash>>({});
  const [conflict, setConflict] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  useSaveShortcut();

  const checked = toProductBody(values, { mode, version: product?.version, currency, stores, withCosts: canSeeCosts });
  const errors: FormErrors = submitted ? { ...serverErrors, ...checked.errors } : serverErrors;
  const rows = values.hasOptions ? values.variants : [values.single];

  const update = (change: Partial<ProductFormValues>, clear: string[] = []) => {
    setValues((current) => ({ ...current, ...change }));
    if (clear.length) setServerErrors((current) => without(current, clear));
  };

  const updateRow = (index: number | 'single', change: Partial<VariantRow>, field?: string) => {
    setValues((current) =>
      index === 'single'
        ? { ...current, single: { ...current.single, ...change } }
        : { ...current, variants: current.variants.map((row, i) => (i === index ? { ...row, ...change } : row)) },
    );
    if (field) setServerErrors((current) => without(current, [`variants.${index === 'single' ? 0 : index}.${field}`]));
  };

  const setOptions = (options: OptionRow[]) =>
    setValues((current) => ({ ...current, options, variants: regenerateVariants(current, options) }));

  const toggleOptions = (on: boolean) =>
    setValues((current) => {
      const options = on && current.options.length === 0 ? [{ key: newKey(), name: '', values: [] }] : current.options;
      return { ...current, hasOptions: on, options, variants: on ? regenerateVariants(current, options) : [] };
    });

  const setStoreField = (rowIndex: number, storeId: string, field: keyof StoreFields, text: string) => {
    const row = rows[rowIndex]!;
    const fields = { ...{ price: '', reorderLevel: '', reorderQuantity: '' }, ...row.stores[storeId], [field]: text };
    updateRow(values.hasOptions ? rowIndex : 'single', { stores: { ...row.stores, [storeId]: fields } });
  };

  /** SKU_TAKEN / BARCODE_TAKEN name, for each clashing field, the product that has the value: link to it. */
  const clashesOf = (error: ApiError): Record<string, Clash> => {
    const conflicts = (error.problem?.conflicts ?? []) as { field: string; productId: string; productName: string }[];
    const found: Record<string, Clash> = {};
    for (const c of conflicts) {
      if (c.productId === product?.id) continue;
      found[errorKey(c.field.split('.'), stores)] ??= { id: c.productId, name: c.productName };
    }
    return found;
  };

  const showSaveError = (error: unknown) => {
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
      await setup.save(checked.body, image);
    } catch (error) {
      showSaveError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return {
    values,
    rows,
    image,
    setImage,
    errors,
    serverErrors,
    clashes,
    conflict,
    isSubmitting,
    fractions: unitAllowsFractions(values.unit),
    update,
    updateRow,
    setOptions,
    toggleOptions,
    setStoreField,
    submit,
  };
}

export type ProductFormState = ReturnType<typeof useProductForm>;
