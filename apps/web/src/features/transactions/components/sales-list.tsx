import { useState, type ReactNode } from 'react';
import {
  Anchor,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  type CurrencyCode,
  formatStoreDateTime,
  type PaymentMethod,
  paymentMethodLabels,
  paymentMethods,
  type SaleState,
  saleStateLabels,
  saleStates,
  storeDay,
} from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { Money } from '../../../components/money/money';
import { showApiError } from '../../../components/toast';
import { useContact, useCustomerSearch, useSaleCashiers, useSales, type SalesFilter } from '../api/transactions';
import { formatDay } from '../../../lib/format';
import { periodLabels, periodRange, periods, type Period } from '../periods';
import { SaleStateBadge } from './sale-state-badge';
import { useSetUrlQuery, useUrlTextFilter } from '../../../lib/url-query';
import { pathTo } from '../../../lib/route-paths';
import { ListState, ListTable } from '../../../components/feedback/list-state';

export const salePath = (saleId: string) => pathTo('dashboard.transactions.:id', { id: saleId });

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;

/** What the URL says, for the screen: a period or custom days, and the other filters. */
export interface ListView {
  period: Period | 'custom';
  from: string;
  to: string;
  cashierId?: string;
  method?: PaymentMethod;
  state?: SaleState;
  customerId?: string;
  number?: string;
}

/**
 * The list's filters live in the URL (shareable, back/forward). No period means today: the day's
 * takings are what the list opens on, the same figure as the dashboard and the till's close.
 */
export function readListView(params: URLSearchParams, today: string): ListView {
  const from = params.get('from');
  const to = params.get('to');
  const custom = isDay(from) && isDay(to) && from <= to;
  const period = pick(params.get('period'), periods) ?? 'today';
  const range = custom ? { from, to } : periodRange(period, today);
  return {
    period: custom ? 'custom' : period,
    ...range,
    cashierId: params.get('cashier') || undefined,
    method: pick(params.get('method'), paymentMethods),
    state: pick(params.get('state'), saleStates),
    customerId: params.get('customer') || undefined,
    number: params.get('number')?.trim() || undefined,
  };
}

/** The API's query: a sale number is looked up over every date (a receipt may be weeks old). */
export function toSalesFilter(view: ListView): SalesFilter {
  return {
    ...(view.number ? { number: view.number } : { from: view.from, to: view.to }),
    cashierId: view.cashierId,
    method: view.method,
    state: view.state,
    customerId: view.customerId,
  };
}

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" fw={700} data-testid={testId}>
        {children}
      </Text>
    </Card>
  );
}

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

  // The number box: typed freely, put in the URL after a pause (or at once on Enter).
  const numberFilter = useUrlTextFilter(view.number, (number, typing) => setQuery({ number }, typing));

  // The customer filter searches the business's customers as the person types.
  const [customerText, setCustomerText] = useState('');
  const [customerQ] = useDebouncedValue(customerText.trim(), 250);
  const [customerOpen, setCustomerOpen] = useState(false);
  const customers = useCustomerSearch(customerQ, customerOpen);
  const chosenCustomer = useContact(view.customerId);
  const customerOptions = new Map<string, string>();
  if (view.customerId && chosenCustomer.data) customerOptions.set(view.customerId, chosenCustomer.data.name);
  for (const c of customers.data?.items ?? []) customerOptions.set(c.id, c.phone ? `${c.name} (${c.phone})` : c.name);

  const cashiers = useSaleCashiers();
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
  const table = (
    <ListTable label="Sales" minWidth={900} refreshing={sales.isPlaceholderData}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Number</Table.Th>
          <Table.Th>Date and time</Table.Th>
          <Table.Th>Cashier</Table.Th>
          <Table.Th>Customer</Table.Th>
          <Table.Th>Paid by</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th ta="right">Refunded</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((sale) => (
          <Table.Tr
            key={sale.id}
            data-testid="sale-row"
            tabIndex={0}
            aria-label={`Sale ${sale.number}`}
            style={{ cursor: 'pointer' }}
            onClick={(event) => {
              if ((event.target as HTMLElement).closest('a, button')) return;
              open(sale.id);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && event.target === event.currentTarget) open(sale.id);
            }}
          >
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Anchor component={Link} to={salePath(sale.id)} fw={600} size="sm" ff="monospace" tabIndex={-1}>
                {sale.number}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatStoreDateTime(sale.completedAt, timeZone)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{sale.cashier.name}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={sale.customer ? undefined : 'dimmed'}>
                {sale.customer?.name ?? 'Walk-in'}
              </Text>
            </Table.Td>
            <Table.Td>
              {sale.methods.length > 0 ? (
                <Text size="sm">{sale.methods.map((m) => paymentMethodLabels[m]).join(', ')}</Text>
              ) : (
                <Text size="sm" c="dimmed">
                  No payment
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <SaleStateBadge state={sale.state} />
            </Table.Td>
            <Table.Td ta="right">
              <Money
                amountMinor={sale.totalMinor}
                currency={currency}
                td={sale.state === 'voided' ? 'line-through' : undefined}
              />
            </Table.Td>
            <Table.Td ta="right">
              {sale.refundedMinor > 0 ? (
                <Money amountMinor={sale.refundedMinor} currency={currency} c="orange.8" />
              ) : (
                <Text span c="dimmed" size="sm">
                  —
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ListTable>
  );

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Period"
          w={170}
          allowDeselect={false}
          data={[
            ...periods.map((p) => ({ value: p, label: periodLabels[p] })),
            { value: 'custom', label: 'Choose dates…' },
          ]}
          value={view.period}
          onChange={(value) => {
            if (value === 'custom') setQuery({ period: null, from: view.from, to: view.to });
            else setQuery({ period: value === 'today' ? null : value, from: null, to: null });
          }}
        />
        {view.period === 'custom' ? (
          <DatePickerInput
            type="range"
            label="Dates"
            w={250}
            value={[view.from, view.to]}
            maxDate={today}
            allowSingleDateInRange
            valueFormat="D MMM YYYY"
            onChange={([from, to]) => {
              // Wait for both ends: one end alone is a choice in progress.
              if (from && to) setQuery({ from: String(from), to: String(to), period: null });
            }}
          />
        ) : null}
        <Select
          label="Cashier"
          placeholder="Any cashier"
          w={190}
          clearable
          searchable
          data={(cashiers.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
          value={view.cashierId ?? null}
          onChange={(value) => setQuery({ cashier: value })}
          nothingFoundMessage={cashiers.isPending ? 'Loading…' : 'Nobody has sold here yet'}
        />
        <Select
          label="Payment method"
          placeholder="Any method"
          w={170}
          clearable
          data={paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))}
          value={view.method ?? null}
          onChange={(value) => setQuery({ method: value })}
        />
        <Select
          label="State"
          placeholder="Any state"
          w={160}
          clearable
          data={saleStates.map((s) => ({ value: s, label: saleStateLabels[s] }))}
          value={view.state ?? null}
          onChange={(value) => setQuery({ state: value })}
        />
        <Select
          label="Customer"
          placeholder="Any customer"
          w={220}
          searchable
          clearable
          data={[...customerOptions].map(([value, label]) => ({ value, label }))}
          value={view.customerId ?? null}
          onChange={(value) => setQuery({ customer: value })}
          searchValue={customerText}
          onSearchChange={setCustomerText}
          onDropdownOpen={() => setCustomerOpen(true)}
          // The API searches name, phone and email; the list shows what it found.
          filter={({ options }) => options}
          nothingFoundMessage={customers.isFetching ? 'Searching…' : 'No customer found'}
        />
        <TextInput label="Sale number" placeholder="LEK-S000123 or 123" w={190} {...numberFilter.inputProps} />
      </Group>
      <Text size="sm" c="dimmed" data-testid="list-scope">
        {view.number ? `Sale number “${view.number}”, every date` : periodText}
      </Text>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Totals of these sales" component="section">
        <Figure label="Sales" testId="totals-count">
          {totals ? totals.count : <Skeleton height={24} width={60} />}
        </Figure>
        <Figure label="Total" testId="totals-total">
          {totals ? <Money amountMinor={totals.totalMinor} currency={currency} /> : <Skeleton height={24} />}
        </Figure>
        <Figure label="Refunded" testId="totals-refunded">
          {totals ? <Money amountMinor={totals.refundedMinor} currency={currency} /> : <Skeleton height={24} />}
        </Figure>
        <Figure label="Net" testId="totals-net">
          {totals ? <Money amountMinor={totals.netMinor} currency={currency} /> : <Skeleton height={24} />}
        </Figure>
      </SimpleGrid>

      <Card withBorder padding={0} radius="md">
        <ListState
          query={sales}
          count={items.length}
          loadingLabel="Loading the sales"
          errorTitle="We could not load the sales"
          skeletonRows={6}
          empty={empty}
        >
          {table}
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
