import { describe, expect, it } from 'vitest';
import {
  basisPointsOf,
  bucketsBetween,
  defaultBucket,
  presetRange,
  reportQuerySchema,
  reportTableCsv,
  weekStart,
} from './report-common.js';

describe('report periods', () => {
  it('counts every preset from the store’s today', () => {
    // Wednesday 4 March 2026.
    const today = '2026-03-04';
    expect(presetRange('today', today)).toEqual({ from: today, to: today });
    expect(presetRange('yesterday', today)).toEqual({ from: '2026-03-03', to: '2026-03-03' });
    expect(presetRange('this_week', today)).toEqual({ from: '2026-03-02', to: today });
    expect(presetRange('last_7_days', today)).toEqual({ from: '2026-02-26', to: today });
    expect(presetRange('this_month', today)).toEqual({ from: '2026-03-01', to: today });
    expect(presetRange('last_month', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('this_year', today)).toEqual({ from: '2026-01-01', to: today });
    // Across a year's end, and a leap February.
    expect(presetRange('last_month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('last_month', '2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('starts weeks on Monday, also from a Monday and a Sunday', () => {
    expect(weekStart('2026-03-02')).toBe('2026-03-02');
    expect(weekStart('2026-03-08')).toBe('2026-03-02');
    expect(presetRange('this_week', '2026-03-08')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
  });

  it('lists every bucket touching the period, partial ends included', () => {
    expect(bucketsBetween({ from: '2026-01-30', to: '2026-02-02' }, 'day')).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
    expect(bucketsBetween({ from: '2026-01-28', to: '2026-02-09' }, 'week')).toEqual([
      '2026-01-26',
      '2026-02-02',
      '2026-02-09',
    ]);
    expect(bucketsBetween({ from: '2025-11-15', to: '2026-02-01' }, 'month')).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(defaultBucket({ from: '2026-01-01', to: '2026-01-31' })).toBe('day');
    expect(defaultBucket({ from: '2026-01-01', to: '2026-03-31' })).toBe('week');
    expect(defaultBucket({ from: '2025-01-01', to: '2025-12-31' })).toBe('month');
  });

  it('refuses a period that ends before it starts or spans more than five years', () => {
    const fields = (query: object) => {
      const parsed = reportQuerySchema.safeParse(query);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
    };
    expect(fields({ from: '2026-01-01', to: '2026-01-31' })).toEqual([]);
    expect(fields({ from: '2026-02-01', to: '2026-01-31' })).toEqual(['to']);
    expect(fields({ from: '2021-01-01', to: '2026-01-31' })).toEqual(['from']);
    expect(fields({ from: '2026-01-01', to: '2026-01-31', storeId: 'all' })).toEqual([]);
    expect(fields({ from: '2026-01-01', to: '2026-01-31', storeId: 'lekki' })).toEqual(['storeId']);
  });
});

describe('report values', () => {
  it('writes a table as CSV: labels, plain numbers, quoted text, a guarded formula, the totals row', () => {
    const csv = reportTableCsv(
      {
        key: 'by-product',
        title: 'By product',
        columns: [
          { key: 'name', label: 'Product', format: 'text' },
          { key: 'quantity', label: 'Sold', format: 'quantity' },
          { key: 'net', label: 'Net, tax incl.', format: 'money' },
          { key: 'margin', label: 'Margin', format: 'percent' },
        ],
        rows: [
          { name: 'Rice "Mama Gold", 5kg', quantity: 1.5, net: 123_456, margin: 1_250 },
          { name: '=HYPERLINK("x")', quantity: 2, net: -5, margin: null },
        ],
        totals: { name: 'Total', quantity: 3.5, net: 123_451 },
      },
      2,
    );
    expect(csv).toBe(
      'Product,Sold,"Net, tax incl.",Margin\r\n' +
        '"Rice ""Mama Gold"", 5kg",1.5,1234.56,12.5\r\n' +
        `"'=HYPERLINK(""x"")",2,-0.05,\r\n` +
        'Total,3.5,1234.51,\r\n',
    );
    // A currency without minor units (TZS in whole shillings).
    expect(
      reportTableCsv(
        { key: 't', title: 'T', columns: [{ key: 'v', label: 'V', format: 'money' }], rows: [{ v: 1500 }] },
        0,
      ),
    ).toBe('V\r\n1500\r\n');
  });

  it('guards every text cell a spreadsheet would run as a formula, and leaves negative numbers plain', () => {
    const hostile = ['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(A1)', '\tfoo', '\rbar'];
    const csv = reportTableCsv(
      {
        key: 'by-customer',
        title: 'By customer',
        columns: [
          { key: 'name', label: 'Customer', format: 'text' },
          { key: 'net', label: 'Net', format: 'money' },
          { key: 'quantity', label: 'Sold', format: 'quantity' },
          { key: 'margin', label: 'Margin', format: 'percent' },
          { key: 'age', label: 'Age', format: 'days' },
        ],
        rows: hostile.map((name) => ({ name, net: -150_000, quantity: -2.5, margin: -1_250, age: -0.25 })),
        totals: { name: '-Total', net: -900_000, quantity: -15 },
      },
      2,
    );
    const guarded = (text: string) => `"'${text.replace(/"/g, '""')}"`;
    expect(csv).toBe(
      'Customer,Net,Sold,Margin,Age\r\n' +
        hostile.map((name) => `${guarded(name)},-1500.00,-2.5,-12.5,-0.3\r\n`).join('') +
        `${guarded('-Total')},-9000.00,-15,,\r\n`,
    );
  });

  it('gives ratios in basis points, rounded half away from zero; none without a base', () => {
    expect(basisPointsOf(1, 3)).toBe(3_333);
    expect(basisPointsOf(1, 8)).toBe(1_250);
    expect(basisPointsOf(-1, 16_000)).toBe(-1);
    expect(basisPointsOf(5, 0)).toBeNull();
  });
});
