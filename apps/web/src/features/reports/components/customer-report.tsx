import { Card, Group, Text, Title } from '@mantine/core';
import {
  bucketLabel,
  customerReportDocument,
  customerReportTables,
  customerSummaryFigures,
  getCustomerReport,
  getCustomerReportPdf,
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

/** Where a customer's page is (the contacts section). */
const customerPath = (id: string) => pathTo('dashboard.contact.customer/:id', { id });

/**
 * `/dashboard/report/customer`: named customers who bought in the period — new and returning, the
 * top 50 (each linking to the customer's page) — and what customers owe on invoices by age.
 */
export function CustomerReport({ context }: { context: ReportContext }) {
  const params = useReportParams(context.store.timeZone);
  const query = useBucketedReport(getCustomerReport, params);
  const currency = context.store.business.currency as CurrencyCode;
  return (
    <ReportFrame
      title="Customer report"
      description="Who bought, how often, new and returning customers, and what customers owe."
      params={params}
      context={context}
      query={query}
      toDocument={customerReportDocument}
      pdf={getCustomerReportPdf}
    >
      {(report) => {
        const tables = customerReportTables(report);
        return (
          <>
            <ReportFigures figures={customerSummaryFigures(report)} currency={currency} />
            <ReportTableView
              table={tables.topCustomers}
              scope={report.scope}
              report="customer"
              maxHeight={520}
              emptyText="No named customer bought in this period."
              link={{ column: 'name', to: (row) => customerPath(String(row.customerId)) }}
            />
            <Card withBorder radius="md" padding="md">
              <Group justify="space-between" mb="sm" wrap="wrap">
                <Title order={2} size="h4">
                  New and returning customers
                </Title>
                <BucketPicker params={params} />
              </Group>
              {report.summary.customersCount === 0 ? (
                <Text c="dimmed" size="sm" ta="center" py="lg">
                  No named customer bought in this period.
                </Text>
              ) : (
                <ReportTrendChart
                  data={report.newVsReturning.map((b) => ({
                    period: bucketLabel(b.start, report.bucket),
                    new: b.new,
                    returning: b.returning,
                  }))}
                  dataKey="period"
                  series={[
                    { key: 'new', label: 'New', color: 'teal.6' },
                    { key: 'returning', label: 'Returning', color: 'blue.6' },
                  ]}
                  format="count"
                  currency={currency}
                />
              )}
            </Card>
            <ReportTableView
              table={tables.ageing}
              scope={report.scope}
              report="customer"
              emptyText="No customer owes anything on invoices."
            />
          </>
        );
      }}
    </ReportFrame>
  );
}
