import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Kbd, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type {
  CategoryNode,
  CreateProductInput,
  CurrencyCode,
  Product,
  TaxRate,
  UpdateProductInput,
} from '@ipos/contracts';
import type { ImageChange } from './product-image-field';
import { ProductDetailsCard } from './product-details-card';
import { ProductPurchasingCard } from './product-purchasing-card';
import { ProductStoresCard } from './product-stores-card';
import { ProductVariantsCard } from './product-variants-card';
import type { StoreRef } from './product-form-values';
import { useProductForm } from './use-product-form';
import { pathTo } from '../../../lib/route-paths';

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

/**
 * Create or edit a product: details, image, options with a generated variant grid (or the single
 * variant's fields), and each store's price and reorder point. Validated with the contract's schema
 * (createProductBodySchema / updateProductBodySchema) before sending; the API's field errors land on
 * the fields they name. Ctrl/⌘+Enter saves.
 */
export function ProductForm(props: ProductFormProps) {
  const { currency, stores, categories, taxRates, onCancel, extraActions, canSeeCosts, mode } = props;
  const form = useProductForm({
    mode,
    product: props.product,
    currency,
    stores,
    taxRates,
    canSeeCosts,
    save: (body, image) =>
      props.mode === 'edit'
        ? props.onSubmit(body as UpdateProductInput, image)
        : props.onSubmit(body as CreateProductInput, image),
  });
  const { values, errors, serverErrors, clashes } = form;

  /** An error in place; a clash names the other product with a link to it. */
  const errorAt = (key: string): ReactNode => {
    const clash = serverErrors[key] ? clashes[key] : undefined;
    if (clash)
      return (
        <>
          Already used by{' '}
          <Anchor
            component={Link}
            to={pathTo('dashboard.inventory.view/:id', { id: clash.id })}
            size="xs"
            c="red"
            td="underline"
          >
            {clash.name}
          </Anchor>
        </>
      );
    return errors[key];
  };

  return (
    <form
      data-product-form
      noValidate
      aria-label={mode === 'create' ? 'New product' : `Edit ${props.product?.name ?? 'product'}`}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <Stack gap="lg">
        {form.conflict ? (
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

        <ProductDetailsCard
          values={values}
          product={props.product}
          categories={categories}
          taxRates={taxRates}
          errors={errors}
          image={form.image}
          onImageChange={form.setImage}
          update={form.update}
        />

        <ProductVariantsCard mode={mode} form={form} currency={currency} canSeeCosts={canSeeCosts} errorAt={errorAt} />

        <ProductPurchasingCard
          values={values}
          product={props.product}
          currency={currency}
          canSeeCosts={canSeeCosts}
          errors={errors}
          onVendorChange={(vendorId) => form.update({ preferredVendorId: vendorId }, ['preferredVendorId'])}
          onCodeChange={(index, vendorItemCode) => form.updateRow(index, { vendorItemCode }, 'vendorItemCode')}
        />

        {stores.length > 0 && form.rows.length > 0 ? (
          <ProductStoresCard form={form} stores={stores} currency={currency} />
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
            <Button type="submit" loading={form.isSubmitting}>
              {mode === 'create' ? 'Create product' : 'Save changes'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
