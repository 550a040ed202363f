import { type ReactNode } from 'react';
import {
  Anchor,
  Button,
  Card,
  CloseButton,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { invoiceStateLabels, invoiceStates, type CurrencyCode, type InvoiceState } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { Money } from '../../../components/money/money';
import { ContactPicker } from '../../../components/pickers/contact-picker';
import { INVOICES_PAGE_SIZE, useInvoices, type InvoicesFilter } from '../api/invoices';
import { invoicePath } from '../paths';
import { InvoiceStateBadge } from './invoice-state-badge';
import { formatDay } from '../../../lib/format';
import { useSetUrlQuery, useUrlTextFilter } from '../../../lib/url-query';
import { ListState, ListTable } from '../../../components/feedback/list-state';
import { pathTo } from '../../../lib/route-paths';

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The list's filters live in the URL (shareable; back and forward restore them). */
export function readInvoicesFilter(params: URLSearchParams): InvoicesFilter & { page: number } {
  const state = params.get('state');
  const from = params.get('from');
  const to = params.get('to');
  const page = Number(params.get('page'));
  return {
    state: invoiceStates.includes(state as InvoiceState) ? (state as InvoiceState) : undefined,
    customerId: params.get('customer') || undefined,
    from: isDay(from) ? from : undefined,
    to: isDay(to) ? to : undefined,
    number: params.get('number')?.trim() || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function Figure({
  label,
  children,
  testId,
  tone,
}: {
  label: string;
  children: ReactNode;
  testId: string;
  tone?: string;
}) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" fw={700} data-testid={testId} c={tone}>
        {children}
      </Text>
    </Card>
  );
}

export interface InvoiceListProps {
  currency: CurrencyCode;
  /** invoices.manage: "New invoice" is offered. */
  canManage: boolean;
}

/**
 * The invoices of the active store, newest first: what is owed and overdue over the whole filtered
 * set at the top, then a page of invoices with their balance; overdue rows stand out. A row opens
 * the invoice (click, or Enter on the focused row).
 */
export function InvoiceList({ currency, canManage }: InvoiceListProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filter = readInvoicesFilter(params);
  const invoices = useInvoices(filter);

  const setQuery = useSetUrlQuery();

  const numberFilter = useUrlTextFilter(filter.number, (number, typing) => setQuery({ number }, typing));

  const hasFilters = Boolean(filter.state || filter.customerId || filter.from || filter.to || filter.number);
  const data = invoices.data;
  const items = data?.items ?? [];
  const totals = data?.totals;
  const pages = data ? Math.max(1, Math.ceil(data.total / INVOICES_PAGE_SIZE)) : 1;
  const open = (invoiceId: string) => void navigate(invoicePath(invoiceId));

  const empty = hasFilters ? (
    <EmptyState
      title="No invoice matches these filters"
      action={
        <Button
          variant="default"
          onClick={() => setQuery({ state: null, customer: null, from: null, to: null, number: null })}
        >
          Clear filters
        </Button>
      }
    >
      {filter.number ? `No invoice number matches “${filter.number}”.` : 'Try another state, customer or dates.'}
    </EmptyState>
  ) : (
    <EmptyState
      title="No invoices yet"
      action={
        canManage ? (
          <Button component={Link} to={pathTo('dashboard.invoice.create')}>
            New invoice
          </Button>
        ) : undefined
      }
    >
      Invoice a customer who pays later: issue it, then record payments as they come in.
    </EmptyState>
  );
  const table = (
    <ListTable label="Invoices" minWidth={720} refreshing={invoices.isPlaceholderData}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Number</Table.Th>
          <Table.Th>Customer</Table.Th>
          {/* On a tablet the issue date gives way to the balance. */}
          <Table.Th visibleFrom="md">Issued</Table.Th>
          <Table.Th>Due</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th ta="right">Balance</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((inv) => {
          const overdue = inv.state === 'overdue';
          return (
            <Table.Tr
              key={inv.id}
              data-testid="invoice-row"
              data-overdue={overdue || undefined}
              tabIndex={0}
              aria-label={`Invoice ${inv.number ?? 'draft'} for ${inv.customer.name}`}
              bg={overdue ? 'var(--mantine-color-red-light)' : undefined}
              style={{ cursor: 'pointer' }}
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a, button')) return;
                open(inv.id);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && event.target === event.currentTarget) open(inv.id);
              }}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={invoicePath(inv.id)} fw={600} size="sm" ff="monospace" tabIndex={-1}>
                  {inv.number ?? 'Draft'}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{inv.customer.name}</Text>
              </Table.Td>
              <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDay(inv.issueDate)}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" c={overdue ? 'red' : undefined} fw={overdue ? 700 : undefined}>
                  {formatDay(inv.dueDate)}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <InvoiceStateBadge state={inv.state} />
              </Table.Td>
              <Table.Td ta="right">
                <Money
                  amountMinor={inv.totalMinor}
                  currency={currency}
                  td={inv.state === 'void' ? 'line-through' : undefined}
                />
              </Table.Td>
              <Table.Td ta="right">
                {inv.balanceMinor > 0 ? (
                  <Money amountMinor={inv.balanceMinor} currency={currency} fw={600} c={overdue ? 'red' : undefined} />
                ) : (
                  <Text span c="dimmed" size="sm">
                    —
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ListTable>
  );

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2 }} spacing="sm" aria-label="What customers owe" component="section">
        <Figure label={totals ? `Outstanding · ${totals.outstandingCount}` : 'Outstanding'} testId="totals-outstanding">
          {totals ? <Money amountMinor={totals.outstandingMinor} currency={currency} /> : <Skeleton height={24} />}
        </Figure>
        <Figure
          label={totals ? `Overdue · ${totals.overdueCount}` : 'Overdue'}
          testId="totals-overdue"
          tone={totals && totals.overdueMinor > 0 ? 'red' : undefined}
        >
          {totals ? <Money amountMinor={totals.overdueMinor} currency={currency} /> : <Skeleton height={24} />}
        </Figure>
      </SimpleGrid>

      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="State"
          placeholder="Any state"
          w={160}
          clearable
          data={invoiceStates.map((s) => ({ value: s, label: invoiceStateLabels[s] }))}
          value={filter.state ?? null}
          onChange={(value) => setQuery({ state: value })}
        />
        <Group gap={4} align="flex-end" wrap="nowrap" w={260}>
          <div style={{ flex: 1 }}>
            <ContactPicker
              kind="customer"
              label="Customer"
              value={filter.customerId ?? null}
              onChange={(id) => setQuery({ customer: id })}
            />
          </div>
          {filter.customerId ? (
            <CloseButton mb={6} aria-label="Any customer" onClick={() => setQuery({ customer: null })} />
          ) : null}
        </Group>
        <TextInput
          type="date"
          label="Issued from"
          w={160}
          value={filter.from ?? ''}
          max={filter.to}
          onChange={(event) => setQuery({ from: event.currentTarget.value || null })}
        />
        <TextInput
          type="date"
          label="Issued to"
          w={160}
          value={filter.to ?? ''}
          min={filter.from}
          onChange={(event) => setQuery({ to: event.currentTarget.value || null })}
        />
        <TextInput label="Number" placeholder="LEK-INV000042 or 42" w={190} {...numberFilter.inputProps} />
      </Group>

      <Card withBorder padding={0} radius="md">
        <ListState
          query={invoices}
          count={items.length}
          loadingLabel="Loading the invoices"
          errorTitle="We could not load the invoices"
          skeletonRows={6}
          empty={empty}
        >
          {table}
        </ListState>
      </Card>
      {pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={pages}
            value={filter.page}
            onChange={(page) => setQuery({ page: page === 1 ? null : String(page) })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
