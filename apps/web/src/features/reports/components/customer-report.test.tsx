import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CustomerReport as CustomerReportData } from '@ipos/contracts';
import { jsonResponse, stubApi } from '../../../test/api';
import { LEKKI_ID, lekkiReportContext } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { CustomerReport } from './customer-report';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ADA = '0190a6a0-0000-7000-8000-0000000c0001';
const CATERING = '0190a6a0-0000-7000-8000-0000000c0002';

const report: CustomerReportData = {
  scope: {
    from: '2026-10-01',
    to: '2026-10-31',
    allStores: false,
    stores: [{ id: LEKKI_ID, name: 'Lekki', alias: 'LEK', timeZone: 'Africa/Lagos' }],
    currency: 'NGN',
    generatedAt: '2026-11-21T18:00:00.000Z',
  },
  headline: { key: 'customers', label: 'Customers', value: 1, format: 'count' },
  bucket: 'day',
  today: '2026-11-21',
  summary: {
    customersCount: 1,
    newCustomers: 1,
    returningCustomers: 0,
    netSalesMinor: 300_000,
    shareOfSalesBasisPoints: 1_500,
    visits: 2,
    averageBasketMinor: 150_000,
    visitsPerCustomerTenths: 20,
    invoicedMinor: 0,
    receivablesMinor: 4_600_000,
    overdueMinor: 3_600_000,
  },
  topCustomers: [
    {
      customerId: ADA,
      name: 'Ada Obi',
      phone: '+234 803 000 0000',
      visits: 2,
      salesMinor: 300_000,
      refundsMinor: 0,
      invoicedMinor: 0,
      netSpendMinor: 300_000,
      averageBasketMinor: 150_000,
      firstVisit: '2026-10-03',
      lastVisit: '2026-10-20',
      isNew: true,
    },
  ],
  newVsReturning: [{ start: '2026-10-01', customers: 1, new: 1, returning: 0 }],
  ageing: [
    {
      customerId: CATERING,
      name: 'Mama Put Catering',
      current: 1_000_000,
      days1To30: 1_000_000,
      days31To60: 600_000,
      days61To90: 1_000_000,
      over90: 1_000_000,
      totalMinor: 4_600_000,
    },
  ],
};

describe('<CustomerReport>', () => {
  it('lists the top customers linking to their pages, and what customers owe by age', async () => {
    stubApi({ 'GET /api/v1/reports/customer?from=2026-10-01&to=2026-10-31&bucket=day': () => jsonResponse(report) });
    localStorage.setItem('store-id', LEKKI_ID);
    renderRoutes(
      [
        {
          path: '/report/customer',
          element: <CustomerReport context={lekkiReportContext} />,
        },
      ],
      { initialEntries: ['/report/customer?period=custom&from=2026-10-01&to=2026-10-31'] },
    );
    expect(await screen.findByTestId('figure-customers')).toHaveTextContent('1');
    expect(screen.getByTestId('figure-overdue')).toHaveTextContent('₦36,000.00');
    const top = screen.getByTestId('report-table-top-customers');
    expect(within(top).getByRole('link', { name: 'Ada Obi' })).toHaveAttribute(
      'href',
      `/dashboard/contact/customer/${ADA}`,
    );
    expect(within(top).getByText('20 Oct 2026')).toBeInTheDocument();
    const ageing = screen.getByTestId('report-table-ageing');
    const row = within(ageing).getByText('Mama Put Catering').closest('tr')!;
    expect(row).toHaveTextContent('₦6,000.00');
    expect(row).toHaveTextContent('₦46,000.00');
    expect(within(ageing).getByRole('columnheader', { name: /Over 90 days/ })).toBeInTheDocument();
  });
});
