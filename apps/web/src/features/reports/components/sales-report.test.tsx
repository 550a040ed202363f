import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SalesReport as SalesReportData } from '@ipos/contracts';
import { toast, ToastViewport } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { IKEJA_ID, LEKKI_ID, reportingStore } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { SalesReport } from './sales-report';
import type { ReportContext } from './report-context';

const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/download', () => ({ saveBlob }));

afterEach(() => {
  vi.unstubAllGlobals();
  saveBlob.mockReset();
  toast.hide();
  localStorage.clear();
});

const figures = (net: number) => ({
  grossMinor: net + 10_000,
  discountsMinor: 10_000,
  refundsMinor: 0,
  netSalesMinor: net,
  taxMinor: Math.round(net * 0.07),
  costMinor: Math.round(net * 0.6),
  grossProfitMinor: net - Math.round(net * 0.07) - Math.round(net * 0.6),
});

function reportOf(bucket: 'day' | 'week' = 'day'): SalesReportData {
  const days = bucket === 'day' ? ['2026-10-30', '2026-10-31'] : ['2026-10-26'];
  return {
    scope: {
      from: '2026-10-30',
      to: '2026-10-31',
      allStores: false,
      stores: [{ id: LEKKI_ID, name: 'Lekki', alias: 'LEK', timeZone: 'Africa/Lagos' }],
      currency: 'NGN',
      generatedAt: '2026-11-21T18:00:00.000Z',
    },
    headline: { key: 'net-sales', label: 'Net sales', value: 1_250_000, format: 'money' },
    bucket,
    summary: {
      ...figures(1_250_000),
      exclusiveTaxMinor: 0,
      netExTaxMinor: 1_250_000 - 87_500,
      marginBasisPoints: 3_548,
      salesCount: 12,
      refundsCount: 0,
      averageBasketMinor: 104_167,
    },
    trend: days.map((start, i) => ({ start, salesCount: 6, ...figures(i === 0 ? 500_000 : 750_000) })),
    byProduct: [
      {
        variantId: '0190a6a0-0000-7000-8000-00000000f001',
        productId: '0190a6a0-0000-7000-8000-00000000f000',
        name: 'Peak Milk (400g)',
        sku: 'PEAK-400',
        category: 'Dairy',
        quantity: 25,
        refundedQuantity: 0,
        ...figures(1_250_000),
      },
    ],
    byCategory: [{ category: 'Dairy', quantity: 25, ...figures(1_250_000) }],
    byCashier: [
      {
        accountId: '0190a6a0-0000-7000-8000-000000000009',
        name: 'Dayo Cashier',
        salesCount: 12,
        refundsCount: 0,
        averageBasketMinor: 104_167,
        ...figures(1_250_000),
      },
    ],
    byPaymentMethod: [
      {
        method: 'cash',
        paymentsCount: 12,
        amountMinor: 1_250_000,
        refundsCount: 0,
        refundsMinor: 0,
        netMinor: 1_250_000,
      },
      { method: 'card', paymentsCount: 0, amountMinor: 0, refundsCount: 0, refundsMinor: 0, netMinor: 0 },
      { method: 'bank_transfer', paymentsCount: 0, amountMinor: 0, refundsCount: 0, refundsMinor: 0, netMinor: 0 },
      { method: 'mobile_money', paymentsCount: 0, amountMinor: 0, refundsCount: 0, refundsMinor: 0, netMinor: 0 },
    ],
    byStore: [{ storeId: LEKKI_ID, name: 'Lekki', salesCount: 12, ...figures(1_250_000) }],
  };
}

const context = (overrides: Partial<ReportContext> = {}): ReportContext => ({
  store: reportingStore,
  stores: [{ id: LEKKI_ID, name: 'Lekki' }],
  canSeeAllStores: false,
  ...overrides,
});

const URL_DAY = '/api/v1/reports/sales?from=2026-10-30&to=2026-10-31&bucket=day';

function renderReport(ctx: ReportContext = context(), search = '?period=custom&from=2026-10-30&to=2026-10-31') {
  localStorage.setItem('store-id', LEKKI_ID);
  const element = (
    <>
      <SalesReport context={ctx} />
      <ToastViewport />
    </>
  );
  const utils = renderRoutes([{ path: '/report/sales', element }], {
    initialEntries: [`/report/sales${search}`],
  });
  return { ...utils, user: userEvent.setup() };
}

describe('<SalesReport>', () => {
  it('shows the figures, the trend table and the product breakdown; switches to cashiers and payment methods', async () => {
    stubApi({ [`GET ${URL_DAY}`]: () => jsonResponse(reportOf()) });
    const { user } = renderReport();
    expect(await screen.findByTestId('figure-net-sales')).toHaveTextContent('₦12,500.00');
    expect(screen.getByTestId('figure-margin')).toHaveTextContent('35.5%');
    expect(screen.getByTestId('report-scope')).toHaveTextContent('30 Oct 2026 – 31 Oct 2026 · Lekki');
    const trend = screen.getByTestId('report-table-trend');
    expect(within(trend).getAllByRole('row')).toHaveLength(1 + 2 + 1); // header, two days, totals
    expect(within(trend).getByText('31 Oct')).toBeInTheDocument();
    const byProduct = screen.getByTestId('report-table-by-product');
    expect(within(byProduct).getByText('Peak Milk (400g)')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Cashier' }));
    expect(within(screen.getByTestId('report-table-by-cashier')).getByText('Dayo Cashier')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Payment method' }));
    expect(within(screen.getByTestId('report-table-by-payment-method')).getByText('Cash')).toBeInTheDocument();
    // One store: no store breakdown offered.
    expect(screen.queryByRole('radio', { name: 'Store' })).toBeNull();
  });

  it('asks for weeks when the bucket changes, keeping the period', async () => {
    const calls = stubApi({
      [`GET ${URL_DAY}`]: () => jsonResponse(reportOf()),
      'GET /api/v1/reports/sales?from=2026-10-30&to=2026-10-31&bucket=week': () => jsonResponse(reportOf('week')),
    });
    const { user } = renderReport();
    await screen.findByTestId('figure-net-sales');
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('report-table-trend')).getByText('Week of 26 Oct')).toBeInTheDocument(),
    );
    expect(calls.map((c) => c.key)).toEqual([
      `GET ${URL_DAY}`,
      'GET /api/v1/reports/sales?from=2026-10-30&to=2026-10-31&bucket=week',
    ]);
  });

  it('exports a table as CSV and prints the report’s copy', async () => {
    stubApi({ [`GET ${URL_DAY}`]: () => jsonResponse(reportOf()) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderReport();
    await screen.findByTestId('figure-net-sales');
    const exportByProduct = screen.getByRole('button', { name: 'Export CSV: By product' });
    // Speech users say what they see: the name holds the visible words.
    expect(exportByProduct).toHaveTextContent('Export CSV');
    await user.click(exportByProduct);
    expect(saveBlob).toHaveBeenCalledTimes(1);
    const [blob, name] = saveBlob.mock.calls[0] as [Blob, string];
    expect(name).toBe('sales-by-product-2026-10-30-to-2026-10-31.csv');
    const text = await blob.text();
    expect(text).toContain(
      'Product,SKU,Category,Sold,Refunded,Net sales,Gross,Discounts,Refunds,Tax,Cost,Gross profit\r\n',
    );
    expect(text).toContain('Peak Milk (400g),PEAK-400,Dairy,25,0,12500.00,');

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    const copy = screen.getByTestId('report-print-copy');
    expect(within(copy).getByRole('heading', { name: 'Sales report' })).toBeInTheDocument();
    expect(within(copy).getByText('Dayo Cashier')).toBeInTheDocument();
  });

  it('downloads the API’s PDF of the same period and bucket, and says when it cannot', async () => {
    const pdfUrl = 'GET /api/v1/reports/sales/pdf?from=2026-10-30&to=2026-10-31&bucket=day';
    const calls = stubApi({
      [`GET ${URL_DAY}`]: () => jsonResponse(reportOf()),
      [pdfUrl]: [
        () => new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
        () => problemResponse(403, 'FORBIDDEN', 'You may not read reports in this store'),
      ],
    });
    const { user } = renderReport();
    await screen.findByTestId('figure-net-sales');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(calls.map((c) => c.key)).toContain(pdfUrl));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    const [blob, name] = saveBlob.mock.calls[0] as [Blob, string];
    expect(name).toBe('sales-report-2026-10-30-to-2026-10-31.pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(calls.map((c) => c.key)).toContain(pdfUrl);

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not get the PDF');
    expect(alert).toHaveTextContent('Your role does not allow this');
    expect(saveBlob).toHaveBeenCalledTimes(1);
  });

  it('offers another store and all stores to the owner, and asks for them', async () => {
    const calls = stubApi({
      [`GET ${URL_DAY}`]: () => jsonResponse(reportOf()),
      'GET /api/v1/reports/sales?from=2026-10-30&to=2026-10-31&bucket=day&storeId=all': () => jsonResponse(reportOf()),
    });
    const { user } = renderReport(
      context({
        stores: [
          { id: LEKKI_ID, name: 'Lekki' },
          { id: IKEJA_ID, name: 'Ikeja' },
        ],
        canSeeAllStores: true,
      }),
    );
    await screen.findByTestId('figure-net-sales');
    await user.click(screen.getByRole('combobox', { name: 'Store' }));
    expect(await screen.findByRole('option', { name: 'Ikeja', hidden: true })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'All stores', hidden: true }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.url).toContain('storeId=all');
  });

  it('says what went wrong, and retries', async () => {
    stubApi({
      [`GET ${URL_DAY}`]: [
        () => problemResponse(403, 'FORBIDDEN', 'Only the owner of the business can see every store at once'),
        () => jsonResponse(reportOf()),
      ],
    });
    const { user } = renderReport();
    expect(await screen.findByRole('alert')).toHaveTextContent('The sales report could not be read');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('figure-net-sales')).toHaveTextContent('₦12,500.00');
  });

  it('takes a custom period and refuses one that ends before it starts', async () => {
    const calls = stubApi({
      [`GET ${URL_DAY}`]: () => jsonResponse(reportOf()),
      'GET /api/v1/reports/sales?from=2026-10-01&to=2026-10-15&bucket=day': () => jsonResponse(reportOf()),
    });
    const { user } = renderReport();
    await screen.findByTestId('figure-net-sales');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-09-01');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(screen.getByText('The end is before the start')).toBeInTheDocument();
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await user.clear(to);
    await user.type(to, '2026-10-15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain('/api/v1/reports/sales?from=2026-10-01&to=2026-10-15&bucket=day'),
    );
  });
});
