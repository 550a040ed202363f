import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  gtinCheckDigit,
  type CreateProductInput,
  type Product,
  type TaxRate,
  type UpdateProductInput,
} from '@ipos/contracts';
import { ApiError } from '../../../lib/api-client';
import { IKEJA_ID, LEKKI_ID } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { ProductForm } from './product-form';
import { contactOf, contactSearch, contactsPage } from '../../../components/pickers/picker-fixtures';
import { jsonResponse, stubApi } from '../../../test/api';
import { combinations } from './product-form-values';

const VAT: TaxRate = {
  id: '0190a6a0-0000-7000-8000-000000007a01',
  name: 'VAT',
  rateBasisPoints: 750,
  isInclusive: true,
  isDefault: true,
  isActive: true,
  isUsed: true,
  version: 1,
};
const stores = [
  { id: IKEJA_ID, name: 'Ikeja', alias: 'IKJ' },
  { id: LEKKI_ID, name: 'Lekki', alias: 'LEK' },
];
const OTHER_ID = '0190a6a0-0000-7000-8000-00000000f001';

const ean13 = (body12: string) => `${body12}${gtinCheckDigit(body12)}`;

function renderCreate(onSubmit = vi.fn(async (_body: CreateProductInput) => undefined)) {
  renderRoutes([
    {
      path: '/',
      element: (
        <ProductForm
          mode="create"
          currency="NGN"
          stores={stores}
          categories={[]}
          taxRates={[VAT]}
          onCancel={() => undefined}
          onSubmit={onSubmit}
          canSeeCosts
        />
      ),
    },
  ]);
  return { onSubmit, user: userEvent.setup({ delay: null }) };
}

// A big form typed into key by key: jsdom needs more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

describe('<ProductForm /> on create', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the contract’s messages in place and sends nothing while something is wrong', async () => {
    const { onSubmit, user } = renderCreate();
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    // A blank SKU is not an error: the server generates one.
    expect(screen.queryByText('Enter a SKU')).not.toBeInTheDocument();
    expect(screen.getByText('Enter an amount')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Name/), 'Peak Milk 400g');
    await user.type(screen.getByLabelText(/^SKU/), 'PEAK-400');
    await user.type(screen.getByLabelText(/^Selling price/), '-50');
    expect(await screen.findByText('An amount cannot be negative')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Selling price/));
    await user.type(screen.getByLabelText(/^Selling price/), '12.345');
    expect(await screen.findByText('Use at most 2 decimals')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Selling price/));
    await user.type(screen.getByLabelText(/^Selling price/), '1500');

    // An 'each' product counts whole units: 3 decimals are refused.
    await user.type(screen.getByLabelText(/^Opening stock/), '2.125');
    expect(await screen.findByText('Use whole numbers for items sold by each')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Opening stock/));
    await user.type(screen.getByLabelText(/^Opening stock/), '12');

    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name: 'Peak Milk 400g',
      unit: 'each',
      taxRateId: VAT.id, // the business default, preselected
      variants: [{ sku: 'PEAK-400', sellingPriceMinor: 150000, costPriceMinor: 0, openingStock: 12 }],
    });
  });

  it('leaves a blank SKU to the server to generate, and says so', async () => {
    const { onSubmit, user } = renderCreate();
    const sku = screen.getByLabelText(/^SKU/);
    expect(sku).not.toBeRequired();
    expect(sku).toHaveAccessibleDescription('Leave blank to generate one');
    await user.type(screen.getByLabelText(/^Name/), 'Zobo Drink 50cl');
    await user.type(screen.getByLabelText(/^Selling price/), '600');
    await user.type(sku, '   ');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].variants).toMatchObject([{ sku: '', sellingPriceMinor: 60000 }]);
    // A SKU typed is still checked.
    await user.type(sku, 'ZOBO 50');
    expect(await screen.findByText('Use letters, digits and - _ . / only')).toBeInTheDocument();
  });

  it('checks a barcode’s check digit as it is typed', async () => {
    const { user } = renderCreate();
    const good = ean13('615012345678');
    const bad = `${good.slice(0, 12)}${(Number(good.at(-1)) + 1) % 10}`;
    await user.type(screen.getByLabelText(/^Barcodes/), bad);
    expect(
      await screen.findByText(`${bad}: The check digit is wrong: a valid code ends in ${good.at(-1)}`),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Barcodes/));
    await user.type(screen.getByLabelText(/^Barcodes/), good);
    expect(screen.queryByText(/check digit is wrong/)).not.toBeInTheDocument();
  });

  it('converts amounts to minor units exactly and takes 3 decimals for weighed goods', async () => {
    const { onSubmit, user } = renderCreate();
    await user.type(screen.getByLabelText(/^Name/), 'Rice (loose)');
    await user.click(screen.getByRole('combobox', { name: 'Unit' }));
    await user.click(await screen.findByRole('option', { name: 'Kilogram (kg)', hidden: true }));
    await user.type(screen.getByLabelText(/^SKU/), 'RICE-KG');
    await user.type(screen.getByLabelText(/^Cost price/), '0.29');
    await user.type(screen.getByLabelText(/^Selling price/), '1250.5');
    await user.type(screen.getByLabelText(/^Opening stock/), '2.125');
    await user.type(screen.getByLabelText('Store price in Lekki'), '1,300.10');
    await user.type(screen.getByLabelText('Reorder level in Lekki'), '5.5');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const variant = onSubmit.mock.calls[0]![0].variants[0]!;
    expect(variant).toMatchObject({ costPriceMinor: 29, sellingPriceMinor: 125050, openingStock: 2.125 });
    expect(variant.storeSettings).toEqual([
      { storeId: IKEJA_ID, sellingPriceMinor: null, reorderLevel: null, reorderQuantity: null },
      { storeId: LEKKI_ID, sellingPriceMinor: 130010, reorderLevel: 5.5, reorderQuantity: null },
    ]);
  });

  it('puts the API’s SKU clash on the SKU field, with a link to the product that has it', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({
        status: 409,
        code: 'SKU_TAKEN',
        message: 'The SKU COKE-50 belongs to Coca-Cola 50cl',
        fieldErrors: [{ field: 'variants.0.sku', message: 'Coca-Cola 50cl already has this SKU' }],
        problem: {
          type: 'https://ipos.app/problems/sku-taken',
          title: 'The SKU COKE-50 belongs to Coca-Cola 50cl',
          status: 409,
          code: 'SKU_TAKEN',
          conflicts: [{ field: 'variants.0.sku', productId: OTHER_ID, productName: 'Coca-Cola 50cl', sku: 'COKE-50' }],
        },
      });
    });
    const { user } = renderCreate(onSubmit);
    await user.type(screen.getByLabelText(/^Name/), 'Coke');
    await user.type(screen.getByLabelText(/^SKU/), 'COKE-50');
    await user.type(screen.getByLabelText(/^Selling price/), '300');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    const link = await screen.findByRole('link', { name: 'Coca-Cola 50cl' });
    expect(link).toHaveAttribute('href', `/dashboard/inventory/view/${OTHER_ID}`);
    expect(screen.getByLabelText(/^SKU/)).toHaveAttribute('aria-invalid', 'true');
    // Changing the SKU clears the API's error.
    await user.type(screen.getByLabelText(/^SKU/), 'X');
    expect(screen.queryByRole('link', { name: 'Coca-Cola 50cl' })).not.toBeInTheDocument();
  });

  it('generates one variant per combination of option values', async () => {
    const { onSubmit, user } = renderCreate();
    await user.type(screen.getByLabelText(/^Name/), 'Tee shirt');
    await user.type(screen.getByLabelText(/^Selling price/), '5000');
    await user.click(screen.getByRole('switch', { name: /This product has options/ }));
    await user.type(screen.getByLabelText('Option 1'), 'Size');
    await user.type(screen.getAllByRole('combobox', { name: 'Values' })[0]!, 'S{Enter}M{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByLabelText('Option 2'), 'Colour');
    await user.type(screen.getAllByRole('combobox', { name: 'Values' })[1]!, 'Red{Enter}Blue{Enter}');
    const rows = await screen.findAllByTestId('variant-row', {}, { timeout: 5000 });
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'S / Red',
      'S / Blue',
      'M / Red',
      'M / Blue',
    ]);
    expect(screen.getByLabelText('SKU of M / Blue')).toHaveValue('TEESHIRT-M-BLUE');
    // A field keeps a usable width, so a narrow screen moves its column into details rather than squeezing it.
    expect(screen.getByLabelText('SKU of M / Blue').closest('td > div')).toHaveStyle({ minWidth: '112px' });
    // One store settings row per store and variant.
    expect(
      within(screen.getByRole('table', { name: 'Store settings' })).getAllByLabelText(/^Store price in /),
    ).toHaveLength(8);
    // New variants start at the product's price.
    expect(screen.getByLabelText('Selling price of S / Red')).toHaveValue('5000');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = onSubmit.mock.calls[0]![0];
    expect(body.options).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Red', 'Blue'] },
    ]);
    expect(body.variants.map((v) => [v.optionValues, v.sellingPriceMinor])).toEqual([
      [['S', 'Red'], 500000],
      [['S', 'Blue'], 500000],
      [['M', 'Red'], 500000],
      [['M', 'Blue'], 500000],
    ]);
  });
});

describe('<ProductForm /> on edit', () => {
  const product: Product = {
    id: OTHER_ID,
    name: 'Peak Milk 400g',
    categoryId: null,
    categoryName: null,
    unit: 'each',
    taxRateId: null,
    isTracked: true,
    options: [],
    preferredVendor: null,
    imageVersion: null,
    isArchived: false,
    version: 4,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    variants: [
      {
        id: '0190a6a0-0000-7000-8000-00000000f101',
        sku: 'PEAK-400',
        optionValues: [],
        label: '',
        barcodes: [{ code: ean13('615012345678'), symbology: 'EAN13' }],
        costPriceMinor: 120000,
        sellingPriceMinor: 150050,
        vendorItemCode: null,
        lastCostMinor: null,
        isArchived: false,
        stores: [
          {
            storeId: IKEJA_ID,
            storeName: 'Ikeja',
            storeAlias: 'IKJ',
            onHand: 3,
            reorderLevel: 2,
            reorderQuantity: 12,
            sellingPriceMinor: null,
            effectivePriceMinor: 150050,
          },
        ],
      },
    ],
  };

  const renderEdit = (
    onSubmit: (body: UpdateProductInput) => Promise<void>,
    { onReload = () => undefined, canSeeCosts = true, shown = product } = {},
  ) =>
    renderRoutes([
      {
        path: '/',
        element: (
          <ProductForm
            mode="edit"
            product={shown}
            currency="NGN"
            stores={[{ id: IKEJA_ID, name: 'Ikeja', alias: 'IKJ' }]}
            categories={[]}
            taxRates={[VAT]}
            onCancel={() => undefined}
            onReload={onReload}
            onSubmit={onSubmit}
            canSeeCosts={canSeeCosts}
          />
        ),
      },
    ]);

  it('without inventory.costs: no cost field, and the body sends no cost (the API keeps it)', async () => {
    const onSubmit = vi.fn(async (_body: UpdateProductInput) => undefined);
    const hidden = { ...product, variants: product.variants.map((v) => ({ ...v, costPriceMinor: null })) };
    renderEdit(onSubmit, { canSeeCosts: false, shown: hidden });
    expect(screen.queryByLabelText(/^Cost price/)).not.toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const variant = onSubmit.mock.calls[0]![0].variants[0]!;
    expect(variant).toMatchObject({ id: product.variants[0]!.id, sellingPriceMinor: 150050 });
    expect(variant).not.toHaveProperty('costPriceMinor');
  });

  it('sends the version read with the variant’s id, and explains a conflict with a reload', async () => {
    const onReload = vi.fn();
    const onSubmit = vi.fn(async () => {
      throw new ApiError({ status: 409, code: 'VERSION_CONFLICT', message: 'changed' });
    });
    renderEdit(onSubmit, { onReload });
    const user = userEvent.setup({ delay: null });
    expect(screen.getByLabelText(/^Selling price/)).toHaveValue('1500.50');
    expect(screen.getByLabelText(/^Barcodes/)).toHaveValue(ean13('615012345678'));
    expect(screen.queryByLabelText(/^Opening stock/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toMatchObject([
      {
        version: 4,
        taxRateId: null,
        variants: [
          {
            id: product.variants[0]!.id,
            sku: 'PEAK-400',
            sellingPriceMinor: 150050,
            costPriceMinor: 120000,
            storeSettings: [{ storeId: IKEJA_ID, sellingPriceMinor: null, reorderLevel: 2, reorderQuantity: 12 }],
          },
        ],
      },
      { kind: 'keep' },
    ]);
    expect(await screen.findByText('Someone else changed this product meanwhile')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload the product' }));
    expect(onReload).toHaveBeenCalled();
  });

  describe('purchasing', () => {
    afterEach(() => vi.unstubAllGlobals());
    const vendor = contactOf({ id: '0190a6a0-0000-7000-8000-00000000c021', name: 'Olam Nigeria' });
    const bought: Product = {
      ...product,
      preferredVendor: { id: vendor.id, name: vendor.name },
      variants: product.variants.map((v) => ({ ...v, vendorItemCode: 'OLM-0042', lastCostMinor: 118000 })),
    };
    const renderBought = (onSubmit: (body: UpdateProductInput) => Promise<void>) => {
      stubApi({
        [contactSearch('vendor')]: () => jsonResponse(contactsPage(vendor)),
        [`GET /api/v1/contacts/${vendor.id}`]: () => jsonResponse(vendor),
      });
      renderRoutes([
        {
          path: '/',
          element: (
            <ProductForm
              mode="edit"
              product={bought}
              currency="NGN"
              stores={[]}
              categories={[]}
              taxRates={[VAT]}
              onCancel={() => undefined}
              onReload={() => undefined}
              onSubmit={onSubmit}
              canSeeCosts
            />
          ),
        },
      ]);
    };

    it('shows the preferred vendor, its item code and last cost, and sends them back changed', async () => {
      const onSubmit = vi.fn(async (_body: UpdateProductInput) => undefined);
      renderBought(onSubmit);
      const user = userEvent.setup({ delay: null });
      await waitFor(() =>
        expect(screen.getByRole('textbox', { name: 'Preferred vendor' })).toHaveValue('Olam Nigeria'),
      );
      expect(screen.getByText('Last cost from this vendor: ₦1,180.00')).toBeInTheDocument();
      const code = screen.getByRole('textbox', { name: /Vendor item code/ });
      expect(code).toHaveValue('OLM-0042');
      await user.clear(code);
      await user.type(code, 'OLM-0043');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]![0]).toMatchObject({
        preferredVendorId: vendor.id,
        variants: [{ id: product.variants[0]!.id, vendorItemCode: 'OLM-0043' }],
      });

      // "No preferred vendor" clears it; the last cost (that vendor's) is no longer shown.
      await user.click(screen.getByRole('button', { name: 'No preferred vendor' }));
      expect(screen.queryByText(/Last cost from this vendor/)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
      expect(onSubmit.mock.calls[1]![0]).toMatchObject({ preferredVendorId: null });
    });
  });
});

describe('combinations', () => {
  it('crosses the option values in order', () => {
    expect(combinations([{ values: ['S', 'M'] }, { values: ['Red'] }])).toEqual([
      ['S', 'Red'],
      ['M', 'Red'],
    ]);
    expect(combinations([])).toEqual([[]]);
  });
});

describe('<ProductForm /> store settings on a phone', () => {
  // jsdom has no layout: the store settings' box is 300 px wide and each of its header cells 100 px
  // (the details column 40 px), so the reorder fields do not fit beside the store and its price.
  beforeEach(() => {
    const inStoreBox = (el: HTMLElement) => el.querySelector('table[aria-label="Store settings"]') !== null;
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return inStoreBox(this) ? 300 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      if (!inStoreBox(this)) return 0;
      const cells = [...this.querySelectorAll('table thead th')];
      return cells.reduce((sum, th) => sum + (th.textContent === 'Details' ? 40 : 100), 0);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps the store and its price, moves the reorder fields into details, and brings back a field in error', async () => {
    const { onSubmit, user } = renderCreate();
    const table = screen.getByRole('table', { name: 'Store settings' });
    expect(within(table).getByLabelText('Store price in Lekki')).toBeInTheDocument();
    expect(within(table).queryByLabelText('Reorder level in Lekki')).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Details: Lekki' }));
    const details = table.querySelector('dl')!;
    // Typing keeps the field (and its focus) in the row's details.
    await user.type(within(details).getByLabelText('Reorder level in Lekki'), '2.5');
    expect(within(details).getByLabelText('Reorder level in Lekki')).toHaveValue('2.5');
    expect(within(details).getByLabelText('Reorder level in Lekki')).toHaveFocus();

    await user.click(within(table).getByRole('button', { name: 'Details: Lekki' }));
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    // An 'each' product's reorder level is whole: the field comes back into the table with its error.
    const level = await within(table).findByLabelText('Reorder level in Lekki');
    expect(level.closest('dl')).toBeNull();
    expect(level).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
