import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActiveStore, PurchaseOrder, RestockLine, RestockReport as RestockReportData } from '@ipos/contracts';
import { jsonResponse, stubApi } from '../../../test/api';
import { BUSINESS_ID, LEKKI_ID } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { contactOf, contactSearch, contactsPage } from '../../../components/pickers/picker-fixtures';
import { RestockReport } from './restock-report';

const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/download', () => ({ saveBlob }));

afterEach(() => {
  vi.unstubAllGlobals();
  saveBlob.mockReset();
  localStorage.clear();
});

const IKEJA_ID = '0190a6a0-0000-7000-8000-0000000000b2';
const store = (permissions: ActiveStore['permissions']): ActiveStore => ({
  id: LEKKI_ID,
  name: 'Lekki',
  alias: 'LEK',
  timeZone: 'Africa/Lagos',
  address: null,
  allowNegativeStock: false,
  wasteApprovalThresholdMinor: 500_000,
  business: { id: BUSINESS_ID, name: 'Demo Mart', currency: 'NGN', logoVersion: null },
  roleName: 'IPOS_ADMIN',
  permissions,
});

const lineOf = (overrides: Partial<RestockLine>): RestockLine => ({
  storeId: LEKKI_ID,
  storeName: 'Lekki',
  productId: '0190a6a0-0000-7000-8000-00000000f001',
  variantId: '0190a6a0-0000-7000-8000-00000000f101',
  name: 'Peak Milk 400g',
  sku: 'PEAK-400',
  category: 'Dairy',
  preferredVendor: null,
  vendorItemCode: null,
  unit: 'each',
  onHand: 9,
  reorderLevel: 10,
  reorderQuantity: null,
  onOrder: 4,
  soldLast30Days: 16,
  averageDailySales: 0.533,
  daysOfCover: 16.9,
  suggestedQuantity: 13,
  unitCostMinor: 80_000,
  suggestedValueMinor: 1_040_000,
  ...overrides,
});
const milk = lineOf({});
const rice = lineOf({
  productId: '0190a6a0-0000-7000-8000-00000000f002',
  variantId: '0190a6a0-0000-7000-8000-00000000f102',
  name: 'Rice (loose)',
  sku: 'RICE-KG',
  category: 'Grains',
  unit: 'kg',
  onHand: 1.3,
  reorderLevel: 3,
  onOrder: 0,
  soldLast30Days: 1.2,
  averageDailySales: 0.04,
  daysOfCover: 32.5,
  suggestedQuantity: 2.9,
  unitCostMinor: 120_000,
  suggestedValueMinor: 348_000,
});
const candles = lineOf({
  productId: '0190a6a0-0000-7000-8000-00000000f003',
  variantId: '0190a6a0-0000-7000-8000-00000000f103',
  name: 'Candles',
  sku: 'CANDLE',
  category: 'Household',
  onHand: 0,
  reorderLevel: 2,
  onOrder: 0,
  soldLast30Days: 0,
  averageDailySales: 0,
  daysOfCover: null,
  suggestedQuantity: 2,
  unitCostMinor: 10_000,
  suggestedValueMinor: 20_000,
});

const reportOf = (lines: RestockLine[], allStores = false): RestockReportData => ({
  scope: {
    from: '2026-10-23',
    to: '2026-11-21',
    allStores,
    stores: [{ id: LEKKI_ID, name: 'Lekki', alias: 'LEK', timeZone: 'Africa/Lagos' }],
    currency: 'NGN',
    generatedAt: '2026-11-21T18:00:00.000Z',
  },
  headline: { key: 'restock-lines', label: 'To reorder', value: lines.length, format: 'count' },
  summary: {
    linesCount: lines.length,
    outOfStockCount: lines.filter((l) => l.onHand <= 0).length,
    suggestedValueMinor: lines.reduce((s, l) => s + l.suggestedValueMinor, 0),
  },
  lines,
});

const dangote = contactOf();
const created: PurchaseOrder = {
  id: '0190a6a0-0000-7000-8000-00000000d001',
  number: 'LEK-PO000007',
  status: 0,
  storeId: LEKKI_ID,
  vendor: { id: dangote.id, name: 'Dangote Foods', email: null, phone: null, address: null, taxId: null },
  expectedOn: null,
  createdAt: '2026-11-21T18:05:00.000Z',
  lineCount: 2,
  orderedMinor: 1_308_000,
  receivedMinor: 0,
  returnedMinor: 0,
  notes: null,
  lines: [
    {
      lineNo: 1,
      productId: milk.productId,
      variantId: milk.variantId,
      name: milk.name,
      sku: milk.sku,
      vendorItemCode: null,
      unit: 'each',
      quantityOrdered: 12,
      quantityReceived: 0,
      quantityReturned: 0,
      unitCostMinor: 80_000,
      orderedMinor: 960_000,
    },
    {
      lineNo: 2,
      productId: rice.productId,
      variantId: rice.variantId,
      name: rice.name,
      sku: rice.sku,
      vendorItemCode: null,
      unit: 'kg',
      quantityOrdered: 2.9,
      quantityReceived: 0,
      quantityReturned: 0,
      unitCostMinor: 120_000,
      orderedMinor: 348_000,
    },
  ],
  receipts: [],
  returns: [],
  createdBy: { id: '0190a6a0-0000-7000-8000-000000000002', name: 'Mary Manager' },
  sentAt: null,
  closedAt: null,
  closedBy: null,
  closeReason: null,
  cancelledAt: null,
  cancelledBy: null,
  cancelReason: null,
  version: 1,
};

const show = (permissions: ActiveStore['permissions'], entry = '/report/restock') =>
  renderRoutes(
    [
      {
        path: '/report/restock',
        element: (
          <RestockReport
            context={{
              store: store(permissions),
              stores: [
                { id: LEKKI_ID, name: 'Lekki' },
                { id: IKEJA_ID, name: 'Ikeja' },
              ],
              canSeeAllStores: true,
            }}
          />
        ),
      },
    ],
    { initialEntries: [entry] },
  );

describe('<RestockReport>', () => {
  it('lists the lines, and orders two of them from a vendor with the quantities and costs chosen', async () => {
    const calls = stubApi({
      'GET /api/v1/reports/restock': () => jsonResponse(reportOf([milk, rice, candles])),
      [contactSearch('vendor')]: () => jsonResponse(contactsPage(dangote)),
      [contactSearch('vendor', 'dan')]: () => jsonResponse(contactsPage(dangote)),
      [`GET /api/v1/contacts/${dangote.id}`]: () => jsonResponse(dangote),
      'POST /api/v1/purchase-orders': () => jsonResponse(created, 201),
    });
    localStorage.setItem('store-id', LEKKI_ID);
    show(['reports.view', 'purchase-orders.manage']);
    expect(await screen.findByTestId('figure-restock-lines')).toHaveTextContent('3');
    expect(screen.getByTestId('figure-out-of-stock')).toHaveTextContent('1');
    expect(screen.getByTestId('figure-suggested-value')).toHaveTextContent('₦14,080.00');
    expect(screen.queryByLabelText('Period')).toBeNull();
    const table = screen.getByTestId('report-table-restock');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 3 + 1);
    expect(within(table).getByText('Peak Milk 400g').closest('tr')).toHaveTextContent('16.9');
    expect(within(table).getByText('Candles').closest('tr')).toHaveTextContent('₦200.00');

    const create = screen.getByRole('button', { name: 'Create purchase order' });
    expect(create).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Peak Milk 400g' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Rice (loose)' }));
    expect(screen.getByText(/2 line\(s\) selected for Lekki/)).toBeInTheDocument();
    await userEvent.click(create);

    const dialog = await screen.findByRole('dialog', { name: 'Create purchase order' });
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity of Peak Milk 400g' });
    expect(quantity).toHaveValue('13');
    expect(within(dialog).getByRole('textbox', { name: 'Quantity of Rice (loose)' })).toHaveValue('2.9');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '12');
    // Without a vendor nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create purchase order' }));
    expect(await within(dialog).findByText('Choose the vendor')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Vendor' }), 'dan');
    await userEvent.click(await screen.findByRole('option', { name: /Dangote Foods/, hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create purchase order' }));

    expect(await screen.findByRole('link', { name: 'Open LEK-PO000007' })).toHaveAttribute(
      'href',
      '/dashboard/purchase-order/view/0190a6a0-0000-7000-8000-00000000d001',
    );
    const posts = calls.filter((c) => c.key === 'POST /api/v1/purchase-orders');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      vendorId: dangote.id,
      lines: [
        { variantId: milk.variantId, quantity: 12, unitCostMinor: 80_000 },
        { variantId: rice.variantId, quantity: 2.9, unitCostMinor: 120_000 },
      ],
    });
    // The report is read again: what is on order changed.
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'GET /api/v1/reports/restock').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('offers no ordering without purchase-orders.manage, and ticks only the active store’s lines across stores', async () => {
    const calls = stubApi({
      'GET /api/v1/reports/restock/pdf?storeId=all': () =>
        new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
      'GET /api/v1/reports/restock': () => jsonResponse(reportOf([milk])),
      'GET /api/v1/reports/restock?storeId=all': () =>
        jsonResponse(reportOf([milk, { ...candles, storeId: IKEJA_ID, storeName: 'Ikeja' }], true)),
    });
    localStorage.setItem('store-id', LEKKI_ID);
    const first = show(['reports.view']);
    expect(await within(await screen.findByTestId('report-table-restock')).findByText('Peak Milk 400g')).toBeVisible();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create purchase order' })).toBeNull();
    first.unmount();

    show(['reports.view', 'purchase-orders.manage'], '/report/restock?store=all');
    const table = await screen.findByTestId('report-table-restock');
    expect(await within(table).findByText('Ikeja')).toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'Select Peak Milk 400g in Lekki' })).toBeInTheDocument();
    expect(within(table).queryByRole('checkbox', { name: /Candles/ })).toBeNull();
    expect(screen.getByText(/switch to another store to order its lines/)).toBeInTheDocument();

    // The PDF is of the same stores; a report taken now sends no period.
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => c.key)).toContain('GET /api/v1/reports/restock/pdf?storeId=all');
    // Named after the 30 days of sales the pace is read from.
    expect(saveBlob.mock.calls[0]![1]).toBe('restock-report-2026-10-23-to-2026-11-21.pdf');
  });

  it('groups the lines by preferred vendor and creates one order per vendor in one step, once', async () => {
    const olam = { id: '0190a6a0-0000-7000-8000-00000000c011', name: 'Olam Nigeria' };
    const nestle = { id: '0190a6a0-0000-7000-8000-00000000c012', name: 'Nestlé Foods' };
    const lines = [
      { ...milk, preferredVendor: nestle, vendorItemCode: 'NES-400' },
      { ...rice, preferredVendor: olam },
      candles,
    ];
    const summary = (number: string, vendor: { id: string; name: string }) => ({
      id: vendor.id.replace('c01', 'd01'),
      number,
      status: 0 as const,
      vendor,
      expectedOn: null,
      createdAt: '2026-11-21T18:05:00.000Z',
      lineCount: 1,
      orderedMinor: 100,
      receivedMinor: 0,
      returnedMinor: 0,
    });
    const calls = stubApi({
      'GET /api/v1/reports/restock': () => jsonResponse(reportOf(lines)),
      'POST /api/v1/purchase-orders/restock-orders': () =>
        jsonResponse(
          {
            orders: [summary('LEK-PO000008', nestle), summary('LEK-PO000009', olam)],
            withoutVendor: [
              {
                productId: candles.productId,
                variantId: candles.variantId,
                name: 'Candles',
                sku: 'CANDLE',
                vendorItemCode: null,
                unit: 'each',
                onHand: 0,
                reorderLevel: 2,
                reorderQuantity: null,
                onOrder: 0,
                suggestedQuantity: 2,
                unitCostMinor: 10_000,
              },
            ],
          },
          201,
        ),
    });
    localStorage.setItem('store-id', LEKKI_ID);
    show(['reports.view', 'purchase-orders.manage']);
    await userEvent.click(await screen.findByRole('switch', { name: /Group by vendor/ }));
    // Vendors in name order, the products without one last.
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Nestlé Foods', 'Olam Nigeria', 'No preferred vendor (not ordered)']);
    expect(within(screen.getByRole('table', { name: 'Olam Nigeria' })).getByText('Rice (loose)')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Olam Nigeria' })).queryByText('Candles')).toBeNull();
    expect(
      screen.getByText(/2 vendors with something to order\. 1 product has no preferred vendor/),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Create orders' }));
    expect(await screen.findByRole('link', { name: 'Open LEK-PO000008 (Nestlé Foods)' })).toHaveAttribute(
      'href',
      `/dashboard/purchase-order/view/${summary('', nestle).id}`,
    );
    expect(screen.getByRole('link', { name: 'Open LEK-PO000009 (Olam Nigeria)' })).toBeInTheDocument();
    expect(screen.getByText(/1 product has no preferred vendor and was not ordered/)).toBeInTheDocument();
    const posted = calls.filter((c) => c.key === 'POST /api/v1/purchase-orders/restock-orders');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({});
  });
});
