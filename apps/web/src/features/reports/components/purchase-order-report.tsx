import { Card, Group, Text, Title } from '@mantine/core';
import {
  bucketLabel,
  getPurchaseOrderReport,
  getPurchaseOrderReportPdf,
  purchaseOrderReportDocument,
  purchaseOrderReportTables,
  purchaseOrderSummaryFigures,
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
import { pathTo } from '../../../lib/route-paths';

/** Where an order's page is (the purchase-order section). */
const orderPath = (id: string) => pathTo('dashboard.purchase-order.view/:id', { id });

/**
 * `/dashboard/report/purchase-order`: what the shop received from and returned to its vendors in the
 * period, how long deliveries took, the orders placed by status, and the orders still open now.
 */
export function PurchaseOrderReport({ context }: { context: ReportContext }) {
  const params = useReportParams(context.store.timeZone);
  const query = useBucketedReport(getPurchaseOrderReport, params);
  const currency = context.store.business.currency as CurrencyCode;
  return (
    <ReportFrame
      title="Purchase-order report"
      description="Spend with vendors, returns, delivery lead times, and the orders still open."
      params={params}
      context={context}
      query={query}
      toDocument={purchaseOrderReportDocument}
      pdf={getPurchaseOrderReportPdf}
    >
      {(report) => {
        const tables = purchaseOrderReportTables(report);
        return (
          <>
            <ReportFigures figures={purchaseOrderSummaryFigures(report)} currency={currency} />
            <ReportTableView
              table={tables.byVendor}
              scope={report.scope}
              report="purchase-order"
              emptyText="No orders, deliveries or returns in this period."
            />
            <Card withBorder radius="md" padding="md">
              <Group justify="space-between" mb="sm" wrap="wrap">
                <Title order={2} size="h4">
                  Received and returned
                </Title>
                <BucketPicker params={params} />
              </Group>
              {report.summary.receiptsCount === 0 && report.summary.returnsCount === 0 ? (
                <Text c="dimmed" size="sm" ta="center" py="lg">
                  No deliveries or returns in this period.
                </Text>
              ) : (
                <ReportTrendChart
                  data={report.byPeriod.map((p) => ({
                    period: bucketLabel(p.start, report.bucket),
                    received: p.spendMinor,
                    returned: p.returnsMinor,
                  }))}
                  dataKey="period"
                  series={[
                    { key: 'received', label: 'Received', color: 'blue.6' },
                    { key: 'returned', label: 'Returned', color: 'red.6' },
                  ]}
                  format="money"
                  currency={currency}
                />
              )}
            </Card>
            <ReportTableView table={tables.byPeriod} scope={report.scope} report="purchase-order" maxHeight={420} />
            <ReportTableView table={tables.byStatus} scope={report.scope} report="purchase-order" />
            <ReportTableView
              table={tables.openOrders}
              scope={report.scope}
              report="purchase-order"
              emptyText="No order is open."
              link={{ column: 'number', to: (row) => orderPath(String(row.id)) }}
            />
          </>
        );
      }}
    </ReportFrame>
  );
}
