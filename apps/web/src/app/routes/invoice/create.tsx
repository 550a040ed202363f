import { Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { storeDay, type ActiveStore } from '@ipos/contracts';
import { isRecordMissing, LoadError, LoadingCard, RecordNotFound } from '../../../components/feedback/load-states';
import { useActiveStore } from '../../../lib/active-store';
import { useInvoice } from '../../../features/invoices/api/invoices';
import { InvoiceForm } from '../../../features/invoices/components/invoice-form';
import { draftFromInvoice, emptyDraft } from '../../../features/invoices/invoice-draft';
import { invoicePath } from '../../../features/invoices/paths';
import { idParam } from '../../../lib/url-query';
import { pathTo } from '../../../lib/route-paths';

/**
 * `/dashboard/invoice/create`: a new draft (`?customerId=` prefills the customer, as the customer's
 * page links here), or `?edit=<id>` to change a draft.
 */
export function NewInvoiceRoute() {
  const store = useActiveStore();
  const [params] = useSearchParams();
  const editId = params.get('edit');
  if (store.isPending) return <LoadingCard label="Loading the store" />;
  if (store.isError)
    return (
      <LoadError
        title="We could not load the store"
        error={store.error}
        onRetry={() => void store.refetch()}
        isRetrying={store.isFetching}
      />
    );
  if (!store.data.permissions.includes('invoices.manage'))
    return (
      <RecordNotFound title="New invoice" backTo={pathTo('dashboard.invoice')} backLabel="Back to invoices">
        Your role in this store can see invoices but not write them. Ask a manager.
      </RecordNotFound>
    );
  if (editId) return <EditDraft key={editId} invoiceId={editId} store={store.data} />;
  return (
    <Page title="New invoice" store={store.data}>
      {(today, onSaved, onCancel) => (
        <InvoiceForm
          storeId={store.data.id}
          currency={store.data.business.currency}
          today={today}
          initial={emptyDraft(today, idParam(params, 'customerId'))}
          onSaved={onSaved}
          onCancel={onCancel}
        />
      )}
    </Page>
  );
}

function EditDraft({ invoiceId, store }: { invoiceId: string; store: ActiveStore }) {
  const invoice = useInvoice(invoiceId);
  if (invoice.isPending) return <LoadingCard label="Loading the draft" />;
  if (invoice.isError)
    return isRecordMissing(invoice.error) ? (
      <RecordNotFound title="Invoice not found" backTo={pathTo('dashboard.invoice')} backLabel="Back to invoices">
        This draft does not exist in this store, or it was deleted.
      </RecordNotFound>
    ) : (
      <LoadError
        title="We could not load the draft"
        error={invoice.error}
        onRetry={() => void invoice.refetch()}
        isRetrying={invoice.isFetching}
      />
    );
  if (invoice.data.status !== 'draft')
    return (
      <RecordNotFound title="This invoice is issued" backTo={invoicePath(invoiceId)} backLabel="Open the invoice">
        Only a draft can be edited. An issued invoice without payments can be voided instead.
      </RecordNotFound>
    );
  const draft = invoice.data;
  return (
    <Page title="Edit draft invoice" store={store} backTo={invoicePath(invoiceId)}>
      {(today, onSaved, onCancel) => (
        <InvoiceForm
          storeId={store.id}
          currency={store.business.currency}
          today={today}
          invoice={draft}
          initial={draftFromInvoice(draft, store.business.currency)}
          onSaved={onSaved}
          onCancel={onCancel}
        />
      )}
    </Page>
  );
}

function Page({
  title,
  store,
  backTo = pathTo('dashboard.invoice'),
  children,
}: {
  title: string;
  store: ActiveStore;
  backTo?: string;
  children: (today: string, onSaved: (invoice: { id: string }) => void, onCancel: () => void) => React.ReactNode;
}) {
  const navigate = useNavigate();
  const today = storeDay(store.timeZone);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">
          Save a draft to finish later; issue it to number it and take its products out of {store.name}’s stock.
        </Text>
      </Stack>
      {children(
        today,
        (invoice) => void navigate(invoicePath(invoice.id), { replace: true }),
        () => void navigate(backTo),
      )}
    </Stack>
  );
}

export { NewInvoiceRoute as Component };
