import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PurchaseOrderReport as PurchaseOrderReportData } from '@ipos/contracts';
import { jsonResponse, stubApi } from '../../../test/api';
import { LEKKI_ID, lekkiReportContext } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { PurchaseOrderReport } from './purchase-order-report';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ORDER = '0190a6a0-0000-7000-8000-0000000d0001';
const report: PurchaseOrderReportData = {
  scope: {
    from: '2026-10-01',
    to: '2026-10-01',
    allStores: false,
    stores: [{ id: LEKKI_ID, name: 'Lekki', alias: 'LEK', timeZone: 'Africa/Lagos' }],
    currency: 'NGN',
    generatedAt: '2026-11-21T18:00:00.000Z',
  },
  headline: { key: 'spend', label: 'Received', value: 1_060_000, format: 'money' },
  bucket: 'day',
  today: '2026-11-21',
  summary: {
    spendMinor: 1_060_000,
    receiptsCount: 2,
    returnsMinor: 200_000,
    returnsCount: 1,
    netSpendMinor: 860_000,
    ordersPlaced: 1,
    orderedValueMinor: 1_000_000,
    averageLeadTimeDays: 3.5,
    openOrdersCount: 1,
    openValueMinor: 1_000_000,
  },
  byVendor: [
    {
      vendorId: '0190a6a0-0000-7000-8000-0000000d0002',
      name: 'Olam Foods',
      ordersPlaced: 1,
      orderedValueMinor: 1_000_000,
      spendMinor: 1_060_000,
      returnsMinor: 200_000,
      netSpendMinor: 860_000,
      averageLeadTimeDays: 3.5,
    },
  ],
  byPeriod: [{ start: '2026-10-01', spendMinor: 1_060_000, returnsMinor: 200_000, netSpendMinor: 860_000 }],
  byStatus: [
    { status: 0, label: 'Open', count: 1, valueMinor: 1_000_000 },
    { status: 1, label: 'Cancelled', count: 0, valueMinor: 0 },
  ],
  openOrders: [
    {
      id: ORDER,
      number: 'LEK-PO000007',
      vendor: 'Olam Foods',
      orderedOn: '2026-10-01',
      expectedOn: '2026-11-18',
      outstandingMinor: 1_000_000,
      daysLate: 3,
    },
  ],
};

describe('<PurchaseOrderReport>', () => {
  it('shows spend, returns and lead time, the vendors, and the open orders linking to them', async () => {
    stubApi({
      'GET /api/v1/reports/purchase-order?from=2026-10-01&to=2026-10-01&bucket=day': () => jsonResponse(report),
    });
    localStorage.setItem('store-id', LEKKI_ID);
    renderRoutes(
      [
        {
          path: '/report/purchase-order',
          element: <PurchaseOrderReport context={lekkiReportContext} />,
        },
      ],
      { initialEntries: ['/report/purchase-order?period=custom&from=2026-10-01&to=2026-10-01'] },
    );
    expect(await screen.findByTestId('figure-spend')).toHaveTextContent('₦10,600.00');
    expect(screen.getByTestId('figure-lead-time')).toHaveTextContent('3.5 d');
    expect(
      within(screen.getByTestId('report-table-by-vendor')).getByText('Olam Foods').closest('tr'),
    ).toHaveTextContent('₦8,600.00');
    const open = screen.getByTestId('report-table-open-orders');
    expect(within(open).getByRole('link', { name: 'LEK-PO000007' })).toHaveAttribute(
      'href',
      `/dashboard/purchase-order/view/${ORDER}`,
    );
    expect(within(open).getByText('18 Nov 2026')).toBeInTheDocument();
  });
});
