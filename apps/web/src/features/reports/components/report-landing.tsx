import { Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import {
  getCustomerReport,
  getPurchaseOrderReport,
  getRestockReport,
  getSalesReport,
  getTaxReport,
  getWasteReport,
  type CurrencyCode,
  type ReportFigure,
} from '@ipos/contracts';
import { describeApiError } from '../../../components/toast';
import { useReport } from '../api/reports';
import { formatReportRange, formatReportValue } from './report-format';
import type { ReportContext } from './report-context';
import { PeriodPicker, StorePicker } from './report-pickers';
import { useReportParams, type ReportParams } from './report-params';
import { pathTo } from '../../../lib/route-paths';

/** One report's card: its headline for the period (or its own loading and failure), and the way in. */
function ReportCard({
  title,
  description,
  path,
  query,
  currency,
  search,
}: {
  title: string;
  description: string;
  path: 'sales' | 'purchase-order' | 'waste' | 'restock' | 'tax' | 'customer';
  query: { data?: { headline: ReportFigure } | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  currency: CurrencyCode;
  search: string;
}) {
  const headline = query.data?.headline;
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`report-card-${path}`}>
      <Stack gap={6}>
        <Anchor component={Link} to={`${pathTo(`dashboard.report.${path}`)}${search}`} fw={700} size="lg">
          {title}
        </Anchor>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {headline ? (
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {headline.label}
            </Text>
            <Text size="xl" fw={700} data-testid="report-card-value" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatReportValue(headline.value, headline.format, currency)}
            </Text>
          </div>
        ) : query.isError ? (
          <Stack gap={4} align="flex-start" role="alert">
            <Text size="sm" c="red">
              {describeApiError(query.error)}
            </Text>
            <UnstyledButton fz="sm" c="blue" onClick={() => void query.refetch()}>
              Try again
            </UnstyledButton>
          </Stack>
        ) : (
          <Skeleton height={44} aria-label={`Loading the ${title.toLowerCase()}`} />
        )}
      </Stack>
    </Card>
  );
}

/**
 * `/dashboard/report`: the period and store pickers, then a card per report with its headline figure
 * for that period (each read from its own report), linking to the report with the period kept.
 */
export function ReportLanding({ context }: { context: ReportContext }) {
  const params: ReportParams = useReportParams(context.store.timeZone);
  const query = {
    from: params.range.from,
    to: params.range.to,
    ...(params.storeId ? { storeId: params.storeId } : {}),
  };
  const currency = context.store.business.currency as CurrencyCode;
  const cards = [
    {
      title: 'Sales',
      path: 'sales' as const,
      description: 'Net sales, tax, cost and profit.',
      query: useReport(getSalesReport, query),
    },
    {
      title: 'Purchase orders',
      path: 'purchase-order' as const,
      description: 'Spend with vendors, returns and open orders.',
      query: useReport(getPurchaseOrderReport, query),
    },
    {
      title: 'Waste',
      path: 'waste' as const,
      description: 'Stock written off, at cost.',
      query: useReport(getWasteReport, query),
    },
    {
      title: 'Restock',
      path: 'restock' as const,
      description: 'What to reorder now, with days of cover.',
      query: useReport(getRestockReport, params.storeId ? { storeId: params.storeId } : {}),
    },
    {
      title: 'Tax',
      path: 'tax' as const,
      description: 'Tax collected per rate, for the VAT return.',
      query: useReport(getTaxReport, query),
    },
    {
      title: 'Customers',
      path: 'customer' as const,
      description: 'Top customers, new and returning, balances owed.',
      query: useReport(getCustomerReport, query),
    },
  ];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Reports</Title>
        <Text c="dimmed">How the business is doing: {formatReportRange(params.range)}.</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" style={{ alignItems: 'flex-end' }}>
        <PeriodPicker key={`${params.preset}:${params.range.from}:${params.range.to}`} params={params} />
        <StorePicker params={params} context={context} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {cards.map((card) => (
          <ReportCard key={card.path} {...card} currency={currency} search={params.search} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
