import { Button, Card, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { listPurchaseOrdersQuerySchema, type CurrencyCode, type ListPurchaseOrdersQuery } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState } from '../../../components/feedback/list-state';
import { PURCHASE_ORDERS_PAGE_SIZE, usePurchaseOrders } from '../api/purchase-orders';
import { PurchaseOrdersFilters } from './purchase-orders-filters';
import { PurchaseOrdersTable } from './purchase-orders-table';
import { useSetUrlQuery } from '../../../lib/url-query';
import { pathTo } from '../../../lib/route-paths';

export { receiptProgress } from './purchase-orders-table';

export interface PurchaseOrdersListProps {
  currency: CurrencyCode;
  timeZone: string;
  permissions: readonly string[];
}

const isDay = (value: string | null) => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The URL's filters (shareable, back and forward work) as the API's query; nonsense is dropped. */
export function readFilters(params: URLSearchParams): ListPurchaseOrdersQuery {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: PURCHASE_ORDERS_PAGE_SIZE,
    ...(status !== null && /^[0-4]$/.test(status) ? { status: Number(status) } : {}),
    ...(params.get('vendor') ? { vendorId: params.get('vendor')! } : {}),
    ...(isDay(params.get('from')) ? { from: params.get('from')! } : {}),
    ...(isDay(params.get('to')) ? { to: params.get('to')! } : {}),
    ...(params.get('number')?.trim() ? { number: params.get('number')!.trim() } : {}),
  };
}

/** The store's purchase orders, newest first: filter by status, vendor, dates and number; paged. */
export function PurchaseOrdersList({ currency, timeZone, permissions }: PurchaseOrdersListProps) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const currentPage = Number(filters.page ?? 1);
  const checked = listPurchaseOrdersQuerySchema.safeParse(filters);
  const rangeError = checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === 'to')?.message;
  const orders = usePurchaseOrders(filters);
  const canManage = permissions.includes('purchase-orders.manage');
  const filtered = Boolean(
    filters.status !== undefined || filters.vendorId || filters.from || filters.to || filters.number,
  );

  const setQuery = useSetUrlQuery();
  const update = (changes: Record<string, string | null>) => setQuery(changes, true);

  const newOrder = canManage ? (
    <Button component={Link} to={pathTo('dashboard.purchase-order.create')}>
      New purchase order
    </Button>
  ) : null;

  const items = orders.data?.items ?? [];
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / orders.data.pageSize)) : 1;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>Purchase orders</Title>
        {newOrder}
      </Group>

      <PurchaseOrdersFilters filters={filters} rangeError={rangeError} update={update} />

      <Card withBorder radius="md" padding={0}>
        <ListState
          query={orders}
          count={items.length}
          loadingLabel="Loading the purchase orders"
          errorTitle="We could not load the purchase orders"
          skeletonRows={4}
          empty={
            filtered ? (
              <EmptyState
                title="No purchase order matches"
                action={
                  <Button variant="light" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                    Clear the filters
                  </Button>
                }
              >
                Try another status, vendor or dates.
              </EmptyState>
            ) : (
              <EmptyState title="No purchase orders yet" action={newOrder}>
                Order stock from a vendor, then receive it here when it arrives: on-hand figures and costs follow.
              </EmptyState>
            )
          }
        >
          <PurchaseOrdersTable
            items={items}
            currency={currency}
            timeZone={timeZone}
            refreshing={orders.isPlaceholderData}
          />
          {pages > 1 ? (
            <Group justify="space-between" p="md" wrap="wrap">
              <Text size="sm" c="dimmed">
                {orders.data?.total} orders
              </Text>
              <Pagination
                total={pages}
                value={currentPage}
                onChange={(page) => update({ page: page > 1 ? String(page) : null })}
              />
            </Group>
          ) : null}
        </ListState>
      </Card>
    </Stack>
  );
}
