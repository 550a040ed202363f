import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { WasteReport as WasteReportData } from '@ipos/contracts';
import { jsonResponse, stubApi } from '../../../test/api';
import { LEKKI_ID, lekkiReportContext } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { WasteReport } from './waste-report';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const zeroReason = { recordsCount: 0, quantity: 0, valueMinor: 0, shareBasisPoints: 0 };
const report: WasteReportData = {
  scope: {
    from: '2026-10-01',
    to: '2026-10-02',
    allStores: false,
    stores: [{ id: LEKKI_ID, name: 'Lekki', alias: 'LEK', timeZone: 'Africa/Lagos' }],
    currency: 'NGN',
    generatedAt: '2026-11-21T18:00:00.000Z',
  },
  headline: { key: 'waste-value', label: 'Waste at cost', value: 660_000, format: 'money' },
  bucket: 'day',
  summary: {
    recordsCount: 2,
    quantity: 3,
    valueMinor: 660_000,
    pendingCount: 1,
    pendingValueMinor: 900_000,
    netSalesExTaxMinor: 13_200_000,
    shareOfSalesBasisPoints: 500,
  },
  byReason: [
    { reason: 'expired', recordsCount: 2, quantity: 3, valueMinor: 660_000, shareBasisPoints: 10_000 },
    { reason: 'damaged', ...zeroReason },
    { reason: 'spoiled', ...zeroReason },
    { reason: 'theft', ...zeroReason },
    { reason: 'other', ...zeroReason },
  ],
  byProduct: [
    {
      variantId: '0190a6a0-0000-7000-8000-00000000f001',
      name: 'Hollandia Yoghurt 1L',
      sku: 'HOL-YOG-1L',
      category: 'Dairy',
      recordsCount: 2,
      quantity: 3,
      valueMinor: 660_000,
    },
  ],
  byCategory: [{ category: 'Dairy', recordsCount: 2, quantity: 3, valueMinor: 660_000 }],
  byPeriod: [
    {
      start: '2026-10-01',
      recordsCount: 2,
      quantity: 3,
      valueMinor: 660_000,
      netSalesExTaxMinor: 6_600_000,
      shareOfSalesBasisPoints: 1_000,
    },
    {
      start: '2026-10-02',
      recordsCount: 0,
      quantity: 0,
      valueMinor: 0,
      netSalesExTaxMinor: 6_600_000,
      shareOfSalesBasisPoints: 0,
    },
  ],
};

describe('<WasteReport>', () => {
  it('shows the waste at cost, its share of sales, what waits for approval, and every table', async () => {
    stubApi({ 'GET /api/v1/reports/waste?from=2026-10-01&to=2026-10-02&bucket=day': () => jsonResponse(report) });
    localStorage.setItem('store-id', LEKKI_ID);
    renderRoutes(
      [
        {
          path: '/report/waste',
          element: <WasteReport context={lekkiReportContext} />,
        },
      ],
      { initialEntries: ['/report/waste?period=custom&from=2026-10-01&to=2026-10-02'] },
    );
    expect(await screen.findByTestId('figure-waste-value')).toHaveTextContent('₦6,600.00');
    expect(screen.getByTestId('figure-waste-share')).toHaveTextContent('5.0%');
    expect(screen.getByTestId('figure-pending-value')).toHaveTextContent('₦9,000.00');
    expect(screen.getByTestId('figure-pending-value')).toHaveTextContent('1 record(s)');
    const reasons = screen.getByTestId('report-table-by-reason');
    expect(within(reasons).getAllByRole('row')).toHaveLength(1 + 5 + 1);
    expect(within(reasons).getByText('Expired').closest('tr')).toHaveTextContent('100.0%');
    expect(within(screen.getByTestId('report-table-by-product')).getByText('Hollandia Yoghurt 1L')).toBeInTheDocument();
    expect(within(screen.getByTestId('report-table-by-period')).getByText('2 Oct')).toBeInTheDocument();
  });
});
