import {
  Anchor,
  Button,
  Card,
  Group,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import {
  formatStoreDateTime,
  listPurchaseOrdersQuerySchema,
  purchaseOrderStatuses,
  type CurrencyCode,
  type ListPurchaseOrdersQuery,
  type PurchaseOrderListItem,
} from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { LoadError } from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { ContactPicker } from '../../../components/pickers/contact-picker';
import { PurchaseOrderStatusBadge } from '../../../components/status-badge/purchase-order-status-badge';
import { PURCHASE_ORDERS_PAGE_SIZE, usePurchaseOrders } from '../api/purchase-orders';
import { purchaseOrderPath } from './paths';
import { useSetUrlQuery, useUrlTextFilter } from '../../../lib/url-query';
import { formatQuantity } from '../../../lib/quantity';
import { pathTo } from '../../../lib/route-paths';

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

/** "12 of 24 received" while some but not all units have arrived; otherwise nothing. */
export function receiptProgress(po: Pick<PurchaseOrderListItem, 'quantityOrdered' | 'quantityReceived'>) {
  if (!(po.quantityReceived > 0 && po.quantityReceived < po.quantityOrdered)) return null;
  return `${formatQuantity(po.quantityReceived)} of ${formatQuantity(po.quantityOrdered)} received`;
}

/** The status badge, whole (never cut to an ellipsis), with the receipt progress beside it. */
function StatusCell({ po }: { po: PurchaseOrderListItem }) {
  const progress = receiptProgress(po);
  return (
    <Group gap={6} wrap="nowrap">
      <PurchaseOrderStatusBadge
        status={po.status}
        style={{ flexShrink: 0, overflow: 'visible' }}
        styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
      />
      {progress ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          · {progress}
        </Text>
      ) : null}
    </Group>
  );
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
  const numberFilter = useUrlTextFilter(filters.number, (number) => update({ number }));

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

      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <NativeSelect
            label="Status"
            value={filters.status === undefined ? '' : String(filters.status)}
            onChange={(e) => update({ status: e.currentTarget.value || null })}
            data={[
              { value: '', label: 'All statuses' },
              ...purchaseOrderStatuses.map((s) => ({ value: String(s.value), label: s.label })),
            ]}
          />
          <Stack gap={4}>
            <ContactPicker
              kind="vendor"
              label="Vendor"
              value={filters.vendorId ?? null}
              onChange={(id) => update({ vendor: id })}
            />
            {filters.vendorId ? (
              <Anchor component="button" type="button" size="xs" onClick={() => update({ vendor: null })}>
                All vendors
              </Anchor>
            ) : null}
          </Stack>
          <TextInput
            label="From"
            type="date"
            value={filters.from ?? ''}
            onChange={(e) => update({ from: e.currentTarget.value || null })}
          />
          <TextInput
            label="To"
            type="date"
            value={filters.to ?? ''}
            error={rangeError}
            onChange={(e) => update({ to: e.currentTarget.value || null })}
          />
          <TextInput label="Number" placeholder="LEK-PO000007 or 7" {...numberFilter.inputProps} />
        </SimpleGrid>
      </Card>

      {orders.isError ? (
        <LoadError
          title="We could not load the purchase orders"
          error={orders.error}
          onRetry={() => void orders.refetch()}
          isRetrying={orders.isFetching}
        />
      ) : orders.isPending ? (
        <Card withBorder radius="md" padding="md" aria-busy="true" aria-label="Loading the purchase orders">
          <Stack gap="xs">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={28} />
            ))}
          </Stack>
        </Card>
      ) : items.length === 0 ? (
        <Card withBorder radius="md">
          {filtered ? (
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
          )}
        </Card>
      ) : (
        <Card withBorder radius="md" padding={0}>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Purchase orders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Vendor</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Expected</Table.Th>
                  <Table.Th ta="right">Ordered</Table.Th>
                  <Table.Th ta="right">Received</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody style={{ opacity: orders.isPlaceholderData ? 0.6 : 1 }}>
                {items.map((po) => (
                  <Table.Tr key={po.id} data-testid="po-row">
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={purchaseOrderPath(po.id)}
                        ff="monospace"
                        fw={600}
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {po.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{po.vendor.name}</Table.Td>
                    <Table.Td>
                      <StatusCell po={po} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatStoreDateTime(po.createdAt, timeZone)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{po.expectedOn ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amountMinor={po.orderedMinor} currency={currency} />
                      <Text size="xs" c="dimmed">
                        {po.lineCount} {po.lineCount === 1 ? 'line' : 'lines'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amountMinor={po.receivedMinor} currency={currency} />
                      {po.returnedMinor > 0 ? (
                        <Text size="xs" c="dimmed">
                          returned <Money amountMinor={po.returnedMinor} currency={currency} span />
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
        </Card>
      )}
    </Stack>
  );
}
