import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TaxRateRow, TaxReport as TaxReportData } from '@ipos/contracts';
import { jsonResponse, stubApi } from '../../../test/api';
import { LEKKI_ID, lekkiReportContext } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { TaxReport } from './tax-report';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const rate = (overrides: Partial<TaxRateRow>): TaxRateRow => ({
  taxRateId: '0190a6a0-0000-7000-8000-0000000000e1',
  name: 'VAT',
  basisPoints: 750,
  inclusive: true,
  salesTaxableMinor: 2_000_000,
  salesTaxMinor: 150_000,
  refundsTaxableMinor: 100_000,
  refundsTaxMinor: 7_500,
  invoicesTaxableMinor: 0,
  invoicesTaxMinor: 0,
  netTaxableMinor: 1_900_000,
  netTaxMinor: 142_500,
  ...overrides,
});

const report: TaxReportData = {
  scope: {
    from: '2026-10-01',
    to: '2026-10-31',
    allStores: false,
    stores: [{ id: LEKKI_ID, name: 'Lekki', alias: 'LEK', timeZone: 'Africa/Lagos' }],
    currency: 'NGN',
    generatedAt: '2026-11-21T18:00:00.000Z',
  },
  headline: { key: 'net-tax', label: 'Tax to declare', value: 142_500, format: 'money' },
  bucket: 'day',
  summary: {
    salesTaxMinor: 150_000,
    refundsTaxMinor: 7_500,
    invoicesTaxMinor: 0,
    netTaxMinor: 142_500,
    inclusiveTaxMinor: 142_500,
    exclusiveTaxMinor: 0,
    taxableMinor: 1_900_000,
    untaxedMinor: 50_000,
  },
  byRate: [
    rate({}),
    rate({
      taxRateId: null,
      name: 'No tax',
      basisPoints: 0,
      salesTaxableMinor: 50_000,
      salesTaxMinor: 0,
      refundsTaxableMinor: 0,
      refundsTaxMinor: 0,
      netTaxableMinor: 50_000,
      netTaxMinor: 0,
    }),
  ],
  byPeriod: [
    {
      start: '2026-10-01',
      netTaxableMinor: 1_950_000,
      inclusiveTaxMinor: 142_500,
      exclusiveTaxMinor: 0,
      netTaxMinor: 142_500,
    },
  ],
};

describe('<TaxReport>', () => {
  it('shows what to declare, the inclusive and exclusive rates apart, and untaxed sales', async () => {
    stubApi({ 'GET /api/v1/reports/tax?from=2026-10-01&to=2026-10-31&bucket=day': () => jsonResponse(report) });
    localStorage.setItem('store-id', LEKKI_ID);
    renderRoutes(
      [
        {
          path: '/report/tax',
          element: <TaxReport context={lekkiReportContext} />,
        },
      ],
      { initialEntries: ['/report/tax?period=custom&from=2026-10-01&to=2026-10-31'] },
    );
    expect(await screen.findByTestId('figure-net-tax')).toHaveTextContent('₦1,425.00');
    const inclusive = screen.getByTestId('report-table-inclusive-rates');
    const vat = within(inclusive).getByText('VAT').closest('tr')!;
    expect(vat).toHaveTextContent('7.5%');
    expect(vat).toHaveTextContent('₦1,500.00'); // sales tax
    expect(vat).toHaveTextContent('₦75.00'); // refunded tax
    expect(
      within(screen.getByTestId('report-table-exclusive-rates')).getByText(
        'No exclusive rate was used in this period.',
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('report-table-untaxed')).getByText('No tax')).toBeInTheDocument();
    expect(within(screen.getByTestId('report-table-by-period')).getByText('1 Oct')).toBeInTheDocument();
  });
});
