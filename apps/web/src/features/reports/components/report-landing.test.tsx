import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportFigure } from '@ipos/contracts';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { LEKKI_ID, lekkiReportContext } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { ReportLanding } from './report-landing';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const Q = 'from=2026-10-01&to=2026-10-31';
const scope = {
  from: '2026-10-01',
  to: '2026-10-31',
  allStores: false,
  stores: [{ id: LEKKI_ID, name: 'Lekki', alias: 'LEK', timeZone: 'Africa/Lagos' }],
  currency: 'NGN',
  generatedAt: '2026-11-21T18:00:00.000Z',
};
const figures = {
  grossMinor: 0,
  discountsMinor: 0,
  refundsMinor: 0,
  netSalesMinor: 1_250_000,
  taxMinor: 0,
  costMinor: 0,
  grossProfitMinor: 0,
};
/** Valid answers with only what the landing reads filled in. */
const salesAnswer = (headline: ReportFigure) => () =>
  jsonResponse({
    scope,
    headline,
    bucket: 'day',
    summary: {
      ...figures,
      exclusiveTaxMinor: 0,
      netExTaxMinor: 0,
      marginBasisPoints: null,
      salesCount: 0,
      refundsCount: 0,
      averageBasketMinor: 0,
    },
    trend: [],
    byProduct: [],
    byCategory: [],
    byCashier: [],
    byPaymentMethod: [],
    byStore: [],
  });
const customerAnswer = (headline: ReportFigure) => () =>
  jsonResponse({
    scope,
    headline,
    bucket: 'day',
    today: '2026-11-21',
    summary: {
      customersCount: 12,
      newCustomers: 0,
      returningCustomers: 12,
      netSalesMinor: 0,
      shareOfSalesBasisPoints: null,
      visits: 0,
      averageBasketMinor: 0,
      visitsPerCustomerTenths: 0,
      invoicedMinor: 0,
      receivablesMinor: 0,
      overdueMinor: 0,
    },
    topCustomers: [],
    newVsReturning: [],
    ageing: [],
  });
const unavailable = () => problemResponse(503, 'UNAVAILABLE', 'Try again in a moment');

describe('<ReportLanding>', () => {
  it('shows each report’s headline for the period and links to it with the period kept; a failed card retries', async () => {
    stubApi({
      [`GET /api/v1/reports/sales?${Q}`]: salesAnswer({
        key: 'net-sales',
        label: 'Net sales',
        value: 1_250_000,
        format: 'money',
      }),
      [`GET /api/v1/reports/purchase-order?${Q}`]: unavailable,
      [`GET /api/v1/reports/waste?${Q}`]: unavailable,
      'GET /api/v1/reports/restock': unavailable,
      [`GET /api/v1/reports/tax?${Q}`]: unavailable,
      [`GET /api/v1/reports/customer?${Q}`]: [
        unavailable,
        customerAnswer({ key: 'customers', label: 'Customers', value: 12, format: 'count' }),
      ],
    });
    localStorage.setItem('store-id', LEKKI_ID);
    renderRoutes(
      [
        {
          path: '/dashboard/report',
          element: <ReportLanding context={lekkiReportContext} />,
        },
      ],
      { initialEntries: ['/dashboard/report?period=custom&from=2026-10-01&to=2026-10-31'] },
    );
    const sales = await screen.findByTestId('report-card-sales');
    expect(await within(sales).findByTestId('report-card-value')).toHaveTextContent('₦12,500.00');
    expect(within(sales).getByRole('link', { name: 'Sales' })).toHaveAttribute(
      'href',
      '/dashboard/report/sales?period=custom&from=2026-10-01&to=2026-10-31',
    );
    // Each card loads and fails on its own: the five others are reports of their own.
    for (const path of ['purchase-order', 'waste', 'restock', 'tax'])
      expect(await within(screen.getByTestId(`report-card-${path}`)).findByRole('alert')).toBeInTheDocument();
    const customers = screen.getByTestId('report-card-customer');
    expect(await within(customers).findByRole('alert')).toHaveTextContent('Something went wrong');
    await userEvent.click(within(customers).getByRole('button', { name: 'Try again' }));
    expect(await within(customers).findByTestId('report-card-value')).toHaveTextContent('12');
  });
});
