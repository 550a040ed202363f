import { useState } from 'react';
import { Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import {
  bucketLabel,
  getSalesReport,
  getSalesReportPdf,
  salesReportDocument,
  salesReportTables,
  salesSummaryFigures,
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

type Breakdown = 'byProduct' | 'byCategory' | 'byCashier' | 'byPaymentMethod' | 'byStore';

const breakdownLabels: Record<Breakdown, string> = {
  byProduct: 'Product',
  byCategory: 'Category',
  byCashier: 'Cashier',
  byPaymentMethod: 'Payment method',
  byStore: 'Store',
};

/**
 * `/dashboard/report/sales`: the period's figures, the trend by day, week or month (chart and table),
 * then one breakdown at a time — product, category, cashier, payment method, and store when the
 * report covers several.
 */
export function SalesReport({ context }: { context: ReportContext }) {
  const params = useReportParams(context.store.timeZone);
  const query = useBucketedReport(getSalesReport, params);
  const [breakdown, setBreakdown] = useState<Breakdown>('byProduct');
  const currency = context.store.business.currency as CurrencyCode;
  return (
    <ReportFrame
      title="Sales report"
      description="What sold and what it earned: net sales, tax, cost and profit."
      params={params}
      context={context}
      query={query}
      toDocument={salesReportDocument}
      pdf={getSalesReportPdf}
    >
      {(report) => {
        const tables = salesReportTables(report);
        const choices = (Object.keys(breakdownLabels) as Breakdown[]).filter(
          (b) => b !== 'byStore' || report.byStore.length > 1,
        );
        const shown = choices.includes(breakdown) ? breakdown : 'byProduct';
        return (
          <>
            <ReportFigures figures={salesSummaryFigures(report)} currency={currency} />
            {report.summary.exclusiveTaxMinor !== 0 ? (
              <Text size="xs" c="dimmed">
                Gross − discounts + tax added on top of exclusive prices − refunds = net sales.
              </Text>
            ) : null}
            <Card withBorder radius="md" padding="md">
              <Group justify="space-between" mb="sm" wrap="wrap">
                <Title order={2} size="h4">
                  Net sales and gross profit
                </Title>
                <BucketPicker params={params} />
              </Group>
              {report.summary.salesCount === 0 && report.summary.refundsCount === 0 ? (
                <Text c="dimmed" size="sm" ta="center" py="lg">
                  No sales in this period.
                </Text>
              ) : (
                <ReportTrendChart
                  data={report.trend.map((t) => ({
                    period: bucketLabel(t.start, report.bucket),
                    net: t.netSalesMinor,
                    profit: t.grossProfitMinor,
                  }))}
                  dataKey="period"
                  series={[
                    { key: 'net', label: 'Net sales', color: 'blue.6' },
                    { key: 'profit', label: 'Gross profit', color: 'teal.6' },
                  ]}
                  format="money"
                  currency={currency}
                />
              )}
            </Card>
            <ReportTableView table={tables.trend} scope={report.scope} report="sales" maxHeight={420} />
            <Stack gap="xs">
              <SegmentedControl
                aria-label="Break sales down by"
                value={shown}
                onChange={(value) => setBreakdown(value as Breakdown)}
                data={choices.map((b) => ({ value: b, label: breakdownLabels[b] }))}
                style={{ alignSelf: 'flex-start' }}
              />
              <ReportTableView
                table={tables[shown]}
                scope={report.scope}
                report="sales"
                maxHeight={shown === 'byProduct' ? 520 : undefined}
              />
            </Stack>
          </>
        );
      }}
    </ReportFrame>
  );
}
