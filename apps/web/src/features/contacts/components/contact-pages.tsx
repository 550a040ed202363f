import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  formatStoreDateTime,
  invoiceStateLabels,
  purchaseOrderStatuses,
  type Contact,
  type CurrencyCode,
  type CustomerSummary,
  type InvoiceState,
  type Permission,
  type VendorSummary,
} from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { isRecordMissing, LoadError, LoadingCard, RecordNotFound } from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { showApiError, toast } from '../../../components/toast';
import { useCustomerSummary, useSetContactArchived, useVendorSummary } from '../api/contacts';
import { ContactFormDialog } from './contact-form-dialog';
import { pathTo } from '../../../lib/route-paths';

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

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

/** The contact's name, details and the actions of those who manage contacts (edit, archive, restore). */
function ContactHeader({ contact, canManage, action }: { contact: Contact; canManage: boolean; action: ReactNode }) {
  const [editing, setEditing] = useState(false);
  const setArchived = useSetContactArchived();
  const toggle = async () => {
    const archived = !contact.archived;
    try {
      await setArchived.mutateAsync({ id: contact.id, archived });
      toast.show({
        type: 'success',
        title: archived ? 'Archived' : 'Restored',
        message: archived ? `${contact.name} is hidden from pickers.` : `${contact.name} is back in your contacts.`,
      });
    } catch (error) {
      showApiError(error, archived ? 'Could not archive the contact' : 'Could not restore the contact');
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Anchor
            component={Link}
            to={`${pathTo('dashboard.contact')}${contact.kind === 'vendor' ? '?kind=vendor' : ''}`}
            size="sm"
          >
            ← {contact.kind === 'vendor' ? 'Vendors' : 'Customers'}
          </Anchor>
          <Group gap="sm">
            <Title order={1}>{contact.name}</Title>
            {contact.archived ? (
              <Badge color="gray" variant="light">
                Archived
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Group gap="xs">
          {contact.archived ? null : action}
          {canManage ? (
            <>
              <Button variant="default" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button
                variant="default"
                color={contact.archived ? undefined : 'red'}
                onClick={() => void toggle()}
                loading={setArchived.isPending}
              >
                {contact.archived ? 'Restore' : 'Archive'}
              </Button>
            </>
          ) : null}
        </Group>
      </Group>
      <Card withBorder padding="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Detail label="Phone" value={contact.phone} />
          <Detail label="Email" value={contact.email} />
          <Detail label="Tax id" value={contact.taxId} />
          <Detail label="Address" value={contact.address} />
          <Detail label="Notes" value={contact.notes} />
        </SimpleGrid>
      </Card>
      {canManage ? <ContactFormDialog opened={editing} onClose={() => setEditing(false)} contact={contact} /> : null}
    </Stack>
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

const stateColors: Record<string, string> = {
  completed: 'green',
  paid: 'green',
  unpaid: 'blue',
  partially_paid: 'yellow',
  overdue: 'red',
  void: 'gray',
};

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
      <Stack gap="xs">
        <Title order={2} size="h3">
          Purchase history
        </Title>
        {data.history.items.length === 0 ? (
          <EmptyState title="No purchases yet">Sales naming this customer and their invoices appear here.</EmptyState>
        ) : (
          <Card withBorder padding={0} radius="md">
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" aria-label="Purchase history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Number</Table.Th>
                    <Table.Th>Store</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.history.items.map((h) => (
                    <Table.Tr key={`${h.kind}:${h.id}`} data-testid="history-row">
                      <Table.Td>{formatStoreDateTime(h.at, timeZone)}</Table.Td>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={
                            h.kind === 'sale'
                              ? pathTo('dashboard.transactions.:id', { id: h.id })
                              : pathTo('dashboard.invoice.view/:id', { id: h.id })
                          }
                        >
                          {h.number}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {h.kind === 'sale' ? 'Sale' : `Invoice${h.dueDate ? `, due ${h.dueDate}` : ''}`}
                        </Text>
                      </Table.Td>
                      <Table.Td>{h.storeName}</Table.Td>
                      <Table.Td>
                        <Badge color={stateColors[h.state] ?? 'gray'} variant="light">
                          {h.kind === 'sale'
                            ? h.refundedMinor > 0
                              ? 'Part refunded'
                              : 'Completed'
                            : (invoiceStateLabels[h.state as InvoiceState] ?? h.state)}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money amountMinor={h.totalMinor} currency={currency} />
                        {h.kind === 'sale' && h.refundedMinor > 0 ? (
                          <Text size="xs" c="dimmed">
                            refunded <Money amountMinor={h.refundedMinor} currency={currency} />
                          </Text>
                        ) : null}
                        {h.kind === 'invoice' && h.state !== 'void' && h.paidMinor < h.totalMinor ? (
                          <Text size="xs" c="dimmed">
                            paid <Money amountMinor={h.paidMinor} currency={currency} />
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
        {data.history.total > data.history.items.length ? (
          <Text size="sm" c="dimmed">
            The latest {data.history.items.length} of {data.history.total}.
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}

const statusLabel = (value: number) => purchaseOrderStatuses.find((s) => s.value === value)?.label ?? String(value);

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
      <Stack gap="xs">
        <Title order={2} size="h3">
          Purchase orders
        </Title>
        {data.orders.items.length === 0 ? (
          <EmptyState title="No purchase orders yet">Orders to this vendor appear here.</EmptyState>
        ) : (
          <Card withBorder padding={0} radius="md">
            <Table.ScrollContainer minWidth={680}>
              <Table verticalSpacing="sm" aria-label="Purchase orders">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Number</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th ta="right">Ordered</Table.Th>
                    <Table.Th ta="right">Received</Table.Th>
                    <Table.Th ta="right">Returned</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.orders.items.map((o) => (
                    <Table.Tr key={o.id} data-testid="order-row">
                      <Table.Td>
                        <Anchor component={Link} to={pathTo('dashboard.purchase-order.view/:id', { id: o.id })}>
                          {o.number}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {o.storeName}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={o.status === 1 ? 'gray' : o.status === 0 ? 'blue' : 'green'}>
                          {statusLabel(o.status)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{formatStoreDateTime(o.createdAt, timeZone)}</Table.Td>
                      <Table.Td ta="right">
                        <Money amountMinor={o.orderedMinor} currency={currency} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money amountMinor={o.receivedMinor} currency={currency} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money amountMinor={o.returnedMinor} currency={currency} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
        {data.orders.total > data.orders.items.length ? (
          <Text size="sm" c="dimmed">
            The latest {data.orders.items.length} of {data.orders.total}.
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}
