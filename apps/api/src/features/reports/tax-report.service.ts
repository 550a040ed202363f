import {
  bucketStart,
  bucketsBetween,
  defaultBucket,
  taxSummaryFigures,
  type ReportBucket,
  type TaxRateRow,
  type TaxReport,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { scopeResponse, type ResolvedReportScope } from './report-scope.js';
import { invoiceTaxByRateDay, salesTaxByRateDay, taxRateNames, type RateKey } from './tax-report.repository.js';

const UNTAXED = '00000000-0000-0000-0000-000000000000';
const keyOf = (r: RateKey) => `${r.tax_rate_id}|${r.basis_points}|${r.inclusive}`;

/**
 * GET /reports/tax: the period's tax per rate as it was on the lines (a rate whose percentage changed
 * shows once per percentage), from the sales summaries and the issued invoices, with the trend.
 */
export async function taxReport(
  deps: AppDeps,
  scope: ResolvedReportScope,
  query: { bucket?: ReportBucket | undefined },
): Promise<TaxReport> {
  const db = deps.database.db;
  const bucket = query.bucket ?? defaultBucket(scope);
  const [sales, invoices, names] = await Promise.all([
    salesTaxByRateDay(db, scope),
    invoiceTaxByRateDay(db, scope),
    taxRateNames(db, scope.businessId),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const rates = new Map<string, TaxRateRow>();
  const rate = (r: RateKey) => {
    const key = keyOf(r);
    let row = rates.get(key);
    if (!row) {
      const untaxed = r.tax_rate_id === UNTAXED;
      row = {
        taxRateId: untaxed ? null : r.tax_rate_id,
        name: untaxed ? 'No tax' : (nameOf.get(r.tax_rate_id) ?? 'Removed rate'),
        basisPoints: Number(r.basis_points),
        inclusive: untaxed ? true : r.inclusive,
        salesTaxableMinor: 0,
        salesTaxMinor: 0,
        refundsTaxableMinor: 0,
        refundsTaxMinor: 0,
        invoicesTaxableMinor: 0,
        invoicesTaxMinor: 0,
        netTaxableMinor: 0,
        netTaxMinor: 0,
      };
      rates.set(key, row);
    }
    return row;
  };
  const periods = new Map(
    bucketsBetween(scope, bucket).map((start) => [
      start,
      { start, netTaxableMinor: 0, inclusiveTaxMinor: 0, exclusiveTaxMinor: 0, netTaxMinor: 0 },
    ]),
  );
  const addToPeriod = (day: string, inclusive: boolean, taxable: number, tax: number) => {
    const period = periods.get(bucketStart(day, bucket))!;
    period.netTaxableMinor += taxable;
    period.netTaxMinor += tax;
    if (inclusive) period.inclusiveTaxMinor += tax;
    else period.exclusiveTaxMinor += tax;
  };
  for (const s of sales) {
    const row = rate(s);
    const [taxable, tax] = [Number(s.taxable_minor), Number(s.tax_minor)];
    const [refundTaxable, refundTax] = [Number(s.refund_taxable_minor), Number(s.refund_tax_minor)];
    row.salesTaxableMinor += taxable;
    row.salesTaxMinor += tax;
    row.refundsTaxableMinor += refundTaxable;
    row.refundsTaxMinor += refundTax;
    addToPeriod(s.day, row.inclusive, taxable - refundTaxable, tax - refundTax);
  }
  for (const i of invoices) {
    const row = rate(i);
    const [taxable, tax] = [Number(i.taxable_minor), Number(i.tax_minor)];
    row.invoicesTaxableMinor += taxable;
    row.invoicesTaxMinor += tax;
    addToPeriod(i.day, row.inclusive, taxable, tax);
  }
  const byRate = [...rates.values()]
    .map((r) => ({
      ...r,
      netTaxableMinor: r.salesTaxableMinor - r.refundsTaxableMinor + r.invoicesTaxableMinor,
      netTaxMinor: r.salesTaxMinor - r.refundsTaxMinor + r.invoicesTaxMinor,
    }))
    .sort(
      (a, b) =>
        Number(a.taxRateId === null) - Number(b.taxRateId === null) ||
        Number(b.inclusive) - Number(a.inclusive) ||
        a.basisPoints - b.basisPoints ||
        a.name.localeCompare(b.name),
    );
  const sum = (rows: TaxRateRow[], key: keyof TaxRateRow) => rows.reduce((s, r) => s + (r[key] as number), 0);
  const taxed = byRate.filter((r) => r.taxRateId !== null);
  const report: TaxReport = {
    scope: scopeResponse(scope),
    headline: { key: 'net-tax', label: 'Tax to declare', value: 0, format: 'money' },
    bucket,
    summary: {
      salesTaxMinor: sum(byRate, 'salesTaxMinor'),
      refundsTaxMinor: sum(byRate, 'refundsTaxMinor'),
      invoicesTaxMinor: sum(byRate, 'invoicesTaxMinor'),
      netTaxMinor: sum(byRate, 'netTaxMinor'),
      inclusiveTaxMinor: sum(
        taxed.filter((r) => r.inclusive),
        'netTaxMinor',
      ),
      exclusiveTaxMinor: sum(
        taxed.filter((r) => !r.inclusive),
        'netTaxMinor',
      ),
      taxableMinor: sum(taxed, 'netTaxableMinor'),
      untaxedMinor: sum(
        byRate.filter((r) => r.taxRateId === null),
        'netTaxableMinor',
      ),
    },
    byRate,
    byPeriod: [...periods.values()],
  };
  report.headline = taxSummaryFigures(report)[0]!;
  return report;
}
