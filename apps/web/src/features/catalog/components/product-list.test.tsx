import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductListItem } from '@ipos/contracts';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { ProductList } from './product-list';

vi.setConfig({ testTimeout: 20_000 });

const PEAK = '0190a6a0-0000-7000-8000-00000000e001';
const TEE = '0190a6a0-0000-7000-8000-00000000e002';

const item = (overrides: Partial<ProductListItem>): ProductListItem => ({
  id: PEAK,
  name: 'Peak Milk 400g',
  categoryId: null,
  categoryName: 'Groceries',
  unit: 'each',
  isTracked: true,
  isArchived: false,
  imageVersion: null,
  variantCount: 1,
  sku: 'PEAK-400',
  barcode: '6150123456780',
  priceMinor: 150050,
  maxPriceMinor: 150050,
  costPriceMinor: 120000,
  onHand: 1250,
  stockValueMinor: 150000000,
  stockState: 'in_stock',
  ...overrides,
});
const page = (items: ProductListItem[]) => ({ items, total: items.length, page: 1, pageSize: 25, totalCapped: false });

const CATEGORIES = 'GET /api/v1/categories?includeArchived=false';
const LIST = 'GET /api/v1/products?page=1&pageSize=25&archived=false&sort=name';
const listWith = (q: string) => `GET /api/v1/products?page=1&pageSize=25&q=${q}&archived=false&sort=name`;

function renderList(initial = '/dashboard/inventory', canSeeCosts = true) {
  const view = renderRoutes(
    [
      {
        path: '/dashboard/inventory',
        element: <ProductList currency="NGN" canManage canTax={false} canSeeCosts={canSeeCosts} />,
      },
      { path: '/dashboard/inventory/view/:id', element: <p>Product page</p> },
    ],
    { initialEntries: [initial] },
  );
  return { ...view, user: userEvent.setup() };
}

describe('<ProductList />', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a row per product with the active store’s figures', async () => {
    stubApi({
      [CATEGORIES]: () => jsonResponse({ items: [] }),
      [LIST]: () =>
        jsonResponse(
          page([
            item({}),
            item({
              id: TEE,
              name: 'Tee shirt',
              variantCount: 4,
              sku: 'TEE-S',
              barcode: null,
              categoryName: null,
              priceMinor: 500000,
              maxPriceMinor: 650000,
              onHand: 0,
              stockValueMinor: 0,
              stockState: 'out',
            }),
          ]),
        ),
    });
    renderList();
    const rows = await screen.findAllByTestId('product-row');
    expect(rows).toHaveLength(2);
    const peak = within(rows[0]!);
    expect(peak.getByText('Peak Milk 400g')).toHaveAttribute('href', `/dashboard/inventory/view/${PEAK}`);
    expect(peak.getByText('₦1,500.50')).toBeInTheDocument();
    expect(peak.getByText('1,250')).toBeInTheDocument();
    expect(peak.getByText('₦1,500,000.00')).toBeInTheDocument();
    expect(peak.getByText('In stock')).toBeInTheDocument();
    const tee = within(rows[1]!);
    expect(tee.getByText('4 variants')).toBeInTheDocument();
    expect(tee.getByText('₦5,000.00')).toBeInTheDocument();
    expect(tee.getByText('₦6,500.00')).toBeInTheDocument();
    expect(tee.getByText('Out')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2 products')).toBeInTheDocument();
    // Tax rates only with settings.tax.
    expect(screen.queryByRole('link', { name: 'Tax rates' })).not.toBeInTheDocument();
  });

  it('without inventory.costs: no Cost or Value column, no sort by value (a shared link sorts by name)', async () => {
    stubApi({
      [CATEGORIES]: () => jsonResponse({ items: [] }),
      [LIST]: () => jsonResponse(page([item({ costPriceMinor: null, stockValueMinor: null })])),
    });
    renderList('/dashboard/inventory?sort=-value', false);
    const row = within(await screen.findByTestId('product-row'));
    expect(row.getByText('₦1,500.50')).toBeInTheDocument();
    expect(row.getByText('1,250')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Cost' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Value' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Price' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('Name A–Z');
  });

  it('shows Cost and Value to a role with inventory.costs', async () => {
    stubApi({ [CATEGORIES]: () => jsonResponse({ items: [] }), [LIST]: () => jsonResponse(page([item({})])) });
    renderList();
    const row = within(await screen.findByTestId('product-row'));
    expect(screen.getByRole('columnheader', { name: 'Cost' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Value' })).toBeInTheDocument();
    expect(row.getByText('₦1,200.00')).toBeInTheDocument();
  });

  it('rows are selected by named checkboxes; the page’s selection actions get the selected products', async () => {
    stubApi({
      [CATEGORIES]: () => jsonResponse({ items: [] }),
      [LIST]: () => jsonResponse(page([item({}), item({ id: TEE, name: 'Tee shirt', sku: 'TEE-S' })])),
    });
    const act = vi.fn();
    renderRoutes(
      [
        {
          path: '/dashboard/inventory',
          element: (
            <ProductList
              currency="NGN"
              canManage={false}
              canTax={false}
              canSeeCosts={false}
              selectionActions={(selection) => (
                <button type="button" onClick={() => act(selection)}>
                  Transfer selected ({selection.productIds.length})
                </button>
              )}
            />
          ),
        },
      ],
      { initialEntries: ['/dashboard/inventory'] },
    );
    const user = userEvent.setup();
    await screen.findAllByTestId('product-row');
    expect(screen.queryByRole('button', { name: /Transfer selected/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Peak Milk 400g' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Tee shirt' }));
    await user.click(screen.getByRole('button', { name: 'Transfer selected (2)' }));
    expect(act.mock.calls[0]![0].productIds).toEqual([PEAK, TEE]);
    // Sent: the page clears the selection and the action goes away.
    act.mock.calls[0]![0].clear();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Transfer selected/ })).toBeNull());
  });

  it('opens a row with Enter', async () => {
    stubApi({ [CATEGORIES]: () => jsonResponse({ items: [] }), [LIST]: () => jsonResponse(page([item({})])) });
    const { user, router } = renderList();
    const row = await screen.findByTestId('product-row');
    row.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/inventory/view/${PEAK}`));
  });

  it('searches on the server as you type, keeping the search in the URL', async () => {
    const calls = stubApi({
      [CATEGORIES]: () => jsonResponse({ items: [] }),
      [LIST]: () => jsonResponse(page([item({})])),
      [listWith('peak')]: () => jsonResponse(page([item({})])),
    });
    const { user, router } = renderList();
    await screen.findByTestId('product-row');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'peak');
    await waitFor(() => expect(router.state.location.search).toBe('?q=peak'));
    await waitFor(() => expect(calls.map((c) => c.key)).toContain(listWith('peak')));
  });

  it('opens the product a scanned barcode belongs to', async () => {
    stubApi({
      [CATEGORIES]: () => jsonResponse({ items: [] }),
      [LIST]: () => jsonResponse(page([item({})])),
      'GET /api/v1/products/barcodes/6150123456780': () =>
        jsonResponse({
          productId: PEAK,
          variantId: '0190a6a0-0000-7000-8000-00000000e101',
          name: 'Peak Milk 400g',
          sku: 'PEAK-400',
          barcode: '6150123456780',
          unit: 'each',
          priceMinor: 150050,
          costPriceMinor: 120000,
          taxRateId: null,
          isTracked: true,
          onHand: 3,
          imageVersion: null,
        }),
    });
    const { user, router } = renderList();
    await screen.findByTestId('product-row');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '6150123456780{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/inventory/view/${PEAK}`));
  });

  it('says when there are no products yet, offering to add or import', async () => {
    stubApi({ [CATEGORIES]: () => jsonResponse({ items: [] }), [LIST]: () => jsonResponse(page([])) });
    renderList();
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add product' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('says when nothing matches, and clears the filters', async () => {
    stubApi({
      [CATEGORIES]: () => jsonResponse({ items: [] }),
      [listWith('zzz')]: () => jsonResponse(page([])),
      [LIST]: () => jsonResponse(page([item({})])),
    });
    const { user, router } = renderList('/dashboard/inventory?q=zzz');
    expect(await screen.findByText('Nothing matches')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('zzz');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByTestId('product-row')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('shows a load failure with a retry', async () => {
    stubApi({
      [CATEGORIES]: () => jsonResponse({ items: [] }),
      [LIST]: [() => problemResponse(500, 'INTERNAL', 'Boom'), () => jsonResponse(page([item({})]))],
    });
    const { user } = renderList();
    expect(await screen.findByText('We could not load the products')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('product-row')).toBeInTheDocument();
  });
});
