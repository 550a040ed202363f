import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type CurrencyCode, storeDay } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState } from '../../../components/feedback/list-state';
import { showApiError } from '../../../components/toast';
import { formatDay } from '../../../lib/format';
import { pathTo } from '../../../lib/route-paths';
import { useSetUrlQuery } from '../../../lib/url-query';
import { useSales } from '../api/transactions';
import { periodLabels } from '../periods';
import { readListView, toSalesFilter } from '../sales-list-view';
import { SalesFilters } from './sales-filters';
import { SalesTable, salePath } from './sales-table';
import { SalesTotals } from './sales-totals';

export interface SalesListProps {
  currency: CurrencyCode;
  /** The store's IANA zone: days and times are the shop's. */
  timeZone: string;
  /** checkout.sell: the empty list points at the register. */
  canSell: boolean;
}

/**
 * The sales of the active store: filters in the URL, the totals of the whole filtered set, a table
 * of keyset pages with "Load more". A row opens the sale (click, or Enter on the focused row).
 */
export function SalesList({ currency, timeZone, canSell }: SalesListProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const today = storeDay(timeZone);
  const view = readListView(params, today);
  const filter = toSalesFilter(view);
  const sales = useSales(filter);

  const setQuery = useSetUrlQuery();
  const hasFilters = Boolean(view.cashierId || view.method || view.state || view.customerId || view.number);
  const items = sales.data?.pages.flatMap((page) => page.items) ?? [];
  const totals = sales.data?.pages[0]?.totals;
  const open = (saleId: string) => void navigate(salePath(saleId));
  const loadMore = async () => {
    // A failed next page keeps the rows already shown; the toast says what went wrong.
    const result = await sales.fetchNextPage();
    if (result.isError) showApiError(result.error, 'Could not load more sales');
  };

  const periodText =
    view.period === 'custom'
      ? view.from === view.to
        ? formatDay(view.from)
        : `${formatDay(view.from)} – ${formatDay(view.to)}`
      : periodLabels[view.period];

  const empty = hasFilters ? (
    <EmptyState
      title="No sale matches these filters"
      action={
        <Button
          variant="default"
          onClick={() => setQuery({ cashier: null, method: null, state: null, customer: null, number: null })}
        >
          Clear filters
        </Button>
      }
    >
      {view.number
        ? `No sale number matches “${view.number}”.`
        : 'Try another cashier, payment method, state or customer.'}
    </EmptyState>
  ) : (
    <EmptyState
      title="No sales in this period"
      action={
        canSell ? (
          <Button component={Link} to={pathTo('dashboard.checkout')} variant="light">
            Open the register
          </Button>
        ) : undefined
      }
    >
      {`Nothing was sold ${view.period === 'custom' ? `from ${periodText}` : periodText.toLowerCase()}. Choose another period above.`}
    </EmptyState>
  );

  return (
    <Stack gap="md">
      <SalesFilters view={view} today={today} />
      <Text size="sm" c="dimmed" data-testid="list-scope">
        {view.number ? `Sale number “${view.number}”, every date` : periodText}
      </Text>

      <SalesTotals totals={totals} currency={currency} />

      <Card withBorder padding={0} radius="md">
        <ListState
          query={sales}
          count={items.length}
          loadingLabel="Loading the sales"
          errorTitle="We could not load the sales"
          skeletonRows={6}
          empty={empty}
        >
          <SalesTable
            items={items}
            currency={currency}
            timeZone={timeZone}
            refreshing={sales.isPlaceholderData}
            onOpen={open}
          />
        </ListState>
      </Card>
      {sales.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" loading={sales.isFetchingNextPage} onClick={() => void loadMore()}>
            Load more
          </Button>
        </Group>
      ) : items.length > 0 ? (
        <Text size="sm" c="dimmed" ta="center">
          {items.length === 1 ? 'That is the only sale.' : `All ${items.length} sales shown.`}
        </Text>
      ) : null}
    </Stack>
  );
}
