import { Card, Group, Text, Title } from '@mantine/core';
import {
  bucketLabel,
  getTaxReport,
  getTaxReportPdf,
  taxReportDocument,
  taxReportTables,
  taxSummaryFigures,
  type CurrencyCode,
} from '@ipos/contracts';
import { useBucketedReport } from '../api/reports';
import { ReportTrendChart } from './report-chart';
import { ReportFigures } from './report-figures';
import { ReportFrame } from './report-frame';
import type { ReportContext } from './report-context';
import { BucketPicker } from './report-pickers';
import { useReportParams } from './report-params';
import { ReportTableView } from './report-table';

/**
 * `/dashboard/report/tax`: what to declare for the period — tax per rate from sales, refunds and
 * invoices, inclusive and exclusive rates apart, untaxed sales, and the tax by day, week or month.
 */
export function TaxReport({ context }: { context: ReportContext }) {
  const params = useReportParams(context.store.timeZone);
  const query = useBucketedReport(getTaxReport, params);
  const currency = context.store.business.currency as CurrencyCode;
  return (
    <ReportFrame
      title="Tax report"
      description="Tax collected per rate, for the VAT return: sales, refunds and invoices."
      params={params}
      context={context}
      query={query}
      toDocument={taxReportDocument}
      pdf={getTaxReportPdf}
    >
      {(report) => {
        const tables = taxReportTables(report);
        return (
          <>
            <ReportFigures figures={taxSummaryFigures(report)} currency={currency} />
            <ReportTableView
              table={tables.inclusive}
              scope={report.scope}
              report="tax"
              emptyText="No inclusive rate was used in this period."
            />
            <ReportTableView
              table={tables.exclusive}
              scope={report.scope}
              report="tax"
              emptyText="No exclusive rate was used in this period."
            />
            {tables.untaxed.rows.length > 0 ? (
              <ReportTableView table={tables.untaxed} scope={report.scope} report="tax" />
            ) : null}
            <Card withBorder radius="md" padding="md">
              <Group justify="space-between" mb="sm" wrap="wrap">
                <Title order={2} size="h4">
                  Tax over the period
                </Title>
                <BucketPicker params={params} />
              </Group>
              {report.summary.netTaxMinor === 0 && report.byRate.length === 0 ? (
                <Text c="dimmed" size="sm" ta="center" py="lg">
                  No taxed sales in this period.
                </Text>
              ) : (
                <ReportTrendChart
                  data={report.byPeriod.map((p) => ({
                    period: bucketLabel(p.start, report.bucket),
                    inclusive: p.inclusiveTaxMinor,
                    exclusive: p.exclusiveTaxMinor,
                  }))}
                  dataKey="period"
                  series={[
                    { key: 'inclusive', label: 'Within prices', color: 'blue.6' },
                    { key: 'exclusive', label: 'Added on top', color: 'orange.6' },
                  ]}
                  format="money"
                  currency={currency}
                />
              )}
            </Card>
            <ReportTableView table={tables.byPeriod} scope={report.scope} report="tax" maxHeight={420} />
          </>
        );
      }}
    </ReportFrame>
  );
}
