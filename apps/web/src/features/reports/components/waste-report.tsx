import { Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import {
  bucketLabel,
  getWasteReport,
  getWasteReportPdf,
  wasteReasonLabels,
  wasteReportDocument,
  wasteReportTables,
  wasteSummaryFigures,
  type CurrencyCode,
} from '@ipos/contracts';
import { useBucketedReport } from '../api/reports';
import { ReportBreakdownChart, ReportTrendChart } from './report-chart';
import { ReportFigures } from './report-figures';
import { ReportFrame } from './report-frame';
import type { ReportContext } from './report-context';
import { BucketPicker } from './report-pickers';
import { useReportParams } from './report-params';
import { ReportTableView } from './report-table';

/**
 * `/dashboard/report/waste`: what was written off in the period at cost — by reason (chart and
 * table), over time against sales, and by product and category.
 */
export function WasteReport({ context }: { context: ReportContext }) {
  const params = useReportParams(context.store.timeZone);
  const query = useBucketedReport(getWasteReport, params);
  const currency = context.store.business.currency as CurrencyCode;
  return (
    <ReportFrame
      title="Waste report"
      description="Stock written off at cost, by reason, product and category, and as a share of sales."
      params={params}
      context={context}
      query={query}
      toDocument={wasteReportDocument}
      pdf={getWasteReportPdf}
    >
      {(report) => {
        const tables = wasteReportTables(report);
        const empty = report.summary.recordsCount === 0;
        return (
          <>
            <ReportFigures figures={wasteSummaryFigures(report)} currency={currency} />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Card withBorder radius="md" padding="md">
                <Title order={2} size="h4" mb="sm">
                  By reason
                </Title>
                {empty ? (
                  <Text c="dimmed" size="sm" ta="center" py="lg">
                    No waste in this period.
                  </Text>
                ) : (
                  <ReportBreakdownChart
                    kind="donut"
                    data={report.byReason
                      .filter((r) => r.valueMinor > 0)
                      .map((r) => ({ name: wasteReasonLabels[r.reason], value: r.valueMinor }))}
                    format="money"
                    currency={currency}
                  />
                )}
              </Card>
              <ReportTableView table={tables.byReason} scope={report.scope} report="waste" />
            </SimpleGrid>
            <Card withBorder radius="md" padding="md">
              <Group justify="space-between" mb="sm" wrap="wrap">
                <Title order={2} size="h4">
                  Waste over the period
                </Title>
                <BucketPicker params={params} />
              </Group>
              {empty ? (
                <Text c="dimmed" size="sm" ta="center" py="lg">
                  No waste in this period.
                </Text>
              ) : (
                <ReportTrendChart
                  data={report.byPeriod.map((p) => ({
                    period: bucketLabel(p.start, report.bucket),
                    value: p.valueMinor,
                  }))}
                  dataKey="period"
                  series={[{ key: 'value', label: 'Waste at cost', color: 'red.6' }]}
                  format="money"
                  currency={currency}
                />
              )}
            </Card>
            <ReportTableView table={tables.byPeriod} scope={report.scope} report="waste" maxHeight={420} />
            <ReportTableView table={tables.byProduct} scope={report.scope} report="waste" maxHeight={520} />
            <ReportTableView table={tables.byCategory} scope={report.scope} report="waste" />
          </>
        );
      }}
    </ReportFrame>
  );
}
