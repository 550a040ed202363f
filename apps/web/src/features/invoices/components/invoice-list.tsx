import { Button, Card, Group, Pagination, Stack } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { invoiceStates, type CurrencyCode, type InvoiceState } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState } from '../../../components/feedback/list-state';
import { pathTo } from '../../../lib/route-paths';
import { useSetUrlQuery } from '../../../lib/url-query';
import { useInvoices, INVOICES_PAGE_SIZE, type InvoicesFilter } from '../api/invoices';
import { invoicePath } from '../paths';
import { InvoiceFilters } from './invoice-filters';
import { InvoiceTable } from './invoice-table';
import { InvoiceTotals } from './invoice-totals';

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

  return (
    <Stack gap="md">
      <InvoiceTotals totals={totals} currency={currency} />

      <InvoiceFilters filter={filter} />

      <Card withBorder padding={0} radius="md">
        <ListState
          query={invoices}
          count={items.length}
          loadingLabel="Loading the invoices"
          errorTitle="We could not load the invoices"
          skeletonRows={6}
          empty={empty}
        >
          <InvoiceTable items={items} currency={currency} refreshing={invoices.isPlaceholderData} onOpen={open} />
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
