import { useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { formatStoreDateTime, type ActiveStore, type Permission } from '@ipos/contracts';
import { isRecordMissing, LoadError, LoadingCard, RecordNotFound } from '../../../components/feedback/load-states';
import { pathTo } from '../../../lib/route-paths';
import { useInvoice, useInvoiceEvents } from '../api/invoices';
import { DeleteDraftDialog, EmailInvoiceDialog, VoidInvoiceDialog } from './invoice-dialogs';
import { InvoiceHistoryCard } from './invoice-history-card';
import { InvoiceSheet, InvoicePrintCopy } from './invoice-sheet';
import { InvoiceViewHeader, type InvoiceDialog } from './invoice-view-header';
import { PaymentDialog } from './payment-dialog';
import { useInvoiceActions } from './use-invoice-actions';
import classes from './invoice-view.module.css';

export interface InvoiceViewProps {
  invoiceId: string;
  store: ActiveStore;
  today: string;
}

/**
 * One invoice as the customer receives it (the sheet prints alone on A4), with what can be done to
 * it now: a draft is edited, deleted or issued; an issued invoice takes payments until paid, or is
 * voided while nothing is paid. Actions need invoices.manage; PDF and print only invoices.view.
 */
export function InvoiceView({ invoiceId, store, today }: InvoiceViewProps) {
  const invoice = useInvoice(invoiceId);
  const events = useInvoiceEvents(invoiceId);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<InvoiceDialog | null>(null);
  const actions = useInvoiceActions();
  const currency = store.business.currency;
  const can = (permission: Permission) => store.permissions.includes(permission);

  if (invoice.isPending) return <LoadingCard label="Loading the invoice" />;
  if (invoice.isError) {
    if (isRecordMissing(invoice.error))
      return (
        <RecordNotFound title="Invoice not found" backTo={pathTo('dashboard.invoice')} backLabel="Back to invoices">
          This invoice does not exist in this store, or it was a draft that was deleted.
        </RecordNotFound>
      );
    return (
      <LoadError
        title="We could not load the invoice"
        error={invoice.error}
        onRetry={() => void invoice.refetch()}
        isRetrying={invoice.isFetching}
      />
    );
  }
  const inv = invoice.data;

  return (
    <Stack gap="lg">
      <InvoiceViewHeader
        invoice={inv}
        manage={can('invoices.manage')}
        issuing={actions.issuing}
        downloading={actions.downloading}
        onIssue={() => void actions.doIssue(inv)}
        onDownload={() => void actions.download(inv)}
        onDialog={setDialog}
      />

      {actions.shortages.size > 0 ? (
        <Alert color="red" variant="light" className={classes.noPrint} role="alert">
          Not enough stock to issue this invoice: the lines marked below have less on hand than invoiced. Receive stock,
          or edit the draft.
        </Alert>
      ) : null}
      {inv.status === 'void' ? (
        <Alert color="gray" variant="light">
          Voided{inv.voidedAt ? ` ${formatStoreDateTime(inv.voidedAt, store.timeZone)}` : ''}
          {inv.voidedBy ? ` by ${inv.voidedBy.name}` : ''}: {inv.voidReason}
        </Alert>
      ) : null}

      <InvoiceSheet invoice={inv} store={store} shortages={actions.shortages} />
      <InvoicePrintCopy invoice={inv} store={store} />

      <InvoiceHistoryCard events={events} currency={currency} timeZone={store.timeZone} />

      <PaymentDialog
        opened={dialog === 'payment'}
        onClose={() => setDialog(null)}
        invoice={inv}
        currency={currency}
        today={today}
      />
      <VoidInvoiceDialog opened={dialog === 'void'} onClose={() => setDialog(null)} invoice={inv} />
      <EmailInvoiceDialog opened={dialog === 'email'} onClose={() => setDialog(null)} invoice={inv} />
      <DeleteDraftDialog
        opened={dialog === 'delete'}
        onClose={() => setDialog(null)}
        invoice={inv}
        onDeleted={() => void navigate(pathTo('dashboard.invoice'), { replace: true })}
      />
    </Stack>
  );
}
