import type { ReactNode } from 'react';
import { Button, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  formatStoreDateTime,
  type CurrencyCode,
  type CustomerSummary,
  type Permission,
  type VendorSummary,
} from '@ipos/contracts';
import { isRecordMissing, LoadError, LoadingCard, RecordNotFound } from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { pathTo } from '../../../lib/route-paths';
import { useCustomerSummary, useVendorSummary } from '../api/contacts';
import { ContactHeader } from './contact-header';
import { CustomerHistory } from './customer-history';
import { VendorOrders } from './vendor-orders';

interface PageProps {
  id: string;
  currency: CurrencyCode;
  timeZone: string | undefined;
  permissions: readonly Permission[];
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={600} component="div">
        {children}
      </Text>
    </Card>
  );
}

function missingOrError(
  query: { error: unknown; refetch: () => unknown; isFetching: boolean },
  kind: 'customer' | 'vendor',
) {
  if (isRecordMissing(query.error))
    return (
      <RecordNotFound
        title={`This ${kind} is not here`}
        backTo={`${pathTo('dashboard.contact')}${kind === 'vendor' ? '?kind=vendor' : ''}`}
        backLabel={kind === 'vendor' ? 'Back to vendors' : 'Back to customers'}
      >
        {`It may belong to another business, or the link is wrong.`}
      </RecordNotFound>
    );
  return (
    <LoadError
      title={`We could not load this ${kind}`}
      error={query.error}
      onRetry={() => void query.refetch()}
      isRetrying={query.isFetching}
    />
  );
}

/**
 * `contact/customer/:id`: who they are, what they spent (sales − refunds + invoice payments), how
 * often and when they last came, what they owe and how much of it is overdue, and their purchase
 * history across every store (sales open the sale, invoices the invoice).
 */
export function CustomerPage({ id, currency, timeZone, permissions }: PageProps) {
  const summary = useCustomerSummary(id);
  if (summary.isPending) return <LoadingCard label="Loading the customer" />;
  if (summary.isError) return missingOrError(summary, 'customer');
  const data: CustomerSummary = summary.data;
  const canInvoice = permissions.includes('invoices.manage');
  return (
    <Stack gap="lg">
      <ContactHeader
        contact={data.contact}
        canManage={permissions.includes('contacts.manage')}
        action={
          canInvoice ? (
            <Button component={Link} to={pathTo('dashboard.invoice.create', {}, { customerId: data.contact.id })}>
              New invoice
            </Button>
          ) : null
        }
      />
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Figure label="Total spent">
          <Money amountMinor={data.totalSpentMinor} currency={currency} inherit />
        </Figure>
        <Figure label="Visits">
          {data.visits}
          <Text size="xs" c="dimmed">
            {data.lastVisitAt ? `Last ${formatStoreDateTime(data.lastVisitAt, timeZone)}` : 'No visit yet'}
          </Text>
        </Figure>
        <Figure label="Balance owed">
          <Money amountMinor={data.balanceMinor} currency={currency} inherit />
        </Figure>
        <Figure label="Overdue">
          <Text component="span" inherit c={data.overdueMinor > 0 ? 'red' : undefined}>
            <Money amountMinor={data.overdueMinor} currency={currency} inherit />
          </Text>
        </Figure>
      </SimpleGrid>
      <CustomerHistory history={data.history} currency={currency} timeZone={timeZone} />
    </Stack>
  );
}

/**
 * `contact/vendor/:id`: who they are, what was ordered from them, received and returned (cancelled
 * orders aside), and their purchase orders, each opening the order.
 */
export function VendorPage({ id, currency, timeZone, permissions }: PageProps) {
  const summary = useVendorSummary(id);
  if (summary.isPending) return <LoadingCard label="Loading the vendor" />;
  if (summary.isError) return missingOrError(summary, 'vendor');
  const data: VendorSummary = summary.data;
  return (
    <Stack gap="lg">
      <ContactHeader
        contact={data.contact}
        canManage={permissions.includes('contacts.manage')}
        action={
          permissions.includes('purchase-orders.manage') ? (
            <Button component={Link} to={pathTo('dashboard.purchase-order.create', {}, { vendorId: data.contact.id })}>
              New purchase order
            </Button>
          ) : null
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Figure label="Ordered">
          <Money amountMinor={data.totals.orderedMinor} currency={currency} inherit />
        </Figure>
        <Figure label="Received">
          <Money amountMinor={data.totals.receivedMinor} currency={currency} inherit />
        </Figure>
        <Figure label="Returned">
          <Money amountMinor={data.totals.returnedMinor} currency={currency} inherit />
        </Figure>
      </SimpleGrid>
      <VendorOrders orders={data.orders} currency={currency} timeZone={timeZone} />
    </Stack>
  );
}
