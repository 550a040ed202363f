import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CurrencyCode, StoreDashboard } from '@ipos/contracts';
import { LoadError } from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { pathTo } from '../../../lib/route-paths';
import { SaleExceptionsNotice } from './sale-exceptions-notice';
import { Figure, FiguresSkeleton } from './store-figure-parts';
import { BestSellersPanel, Last7DaysPanel, PaymentMixPanel } from './store-sales-panels';
import { RecentSalesPanel, StockToReorderPanel } from './store-stock-panels';

export interface StoreFiguresProps {
  /** GET /api/v1/dashboard/store. */
  figures: UseQueryResult<StoreDashboard>;
  currency: CurrencyCode;
  permissions: readonly string[];
}

/**
 * Today's trading in the active store: sales, baskets, refunds, payment mix, best sellers, the
 * last 7 days, stock to reorder and the newest sales. Money in the business currency; times in the
 * store's zone. Recent sales and their links only for people who may see transactions.
 */
export function StoreFigures({ figures, currency, permissions }: StoreFiguresProps) {
  if (figures.isPending) return <FiguresSkeleton />;
  if (figures.isError)
    return (
      <LoadError
        title="We could not load today’s figures"
        error={figures.error}
        onRetry={() => void figures.refetch()}
        isRetrying={figures.isFetching}
      />
    );
  const d = figures.data;
  const canSeeSales = permissions.includes('transactions.view');
  const canSeeStock = permissions.includes('inventory.view');
  // The review list is read with reports.view, as its API asks.
  const canReviewOffline = permissions.includes('reports.view');
  const quiet = d.salesCount === 0;

  return (
    <Stack gap="md" component="section" aria-labelledby="today-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id="today-title">
          Today
        </Title>
        {canSeeSales ? (
          <Anchor component={Link} to={pathTo('dashboard.transactions')} size="sm">
            All of today’s sales
          </Anchor>
        ) : null}
      </Group>
      {canReviewOffline ? <SaleExceptionsNotice count={d.openSaleExceptionsCount} /> : null}
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Figure label="Sales today" testId="today-sales">
          <Money amountMinor={d.salesMinor} currency={currency} />
        </Figure>
        <Figure label="Number of sales" testId="today-count">
          {d.salesCount}
        </Figure>
        <Figure label="Average basket" testId="today-basket">
          <Money amountMinor={d.averageBasketMinor} currency={currency} />
        </Figure>
        <Figure
          label="Net of refunds"
          testId="today-net"
          hint={
            d.refundsMinor > 0 ? (
              <>
                Refunds <Money amountMinor={d.refundsMinor} currency={currency} />
              </>
            ) : (
              'No refunds today'
            )
          }
        >
          <Money amountMinor={d.netSalesMinor} currency={currency} />
        </Figure>
      </SimpleGrid>

      {quiet ? (
        <Card withBorder padding="lg" radius="md" data-testid="no-sales-today">
          <Text fw={600}>No sales yet today</Text>
          <Text size="sm" c="dimmed">
            Today’s payment mix and best sellers show here once the first sale is made.
          </Text>
        </Card>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {!quiet ? <PaymentMixPanel d={d} currency={currency} /> : null}
        <Last7DaysPanel d={d} currency={currency} />
        {!quiet ? <BestSellersPanel d={d} currency={currency} /> : null}
        <StockToReorderPanel d={d} canSeeStock={canSeeStock} />
        {canSeeSales ? <RecentSalesPanel d={d} currency={currency} /> : null}
      </SimpleGrid>
    </Stack>
  );
}
