import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import {
  formatStoreDateTime,
  paymentMethodLabels,
  type CurrencyCode,
  type ActiveStore,
  type EntityEvent,
  type PaymentMethod,
  type Permission,
} from '@ipos/contracts';
import { isRecordMissing, LoadError, LoadingCard, RecordNotFound } from '../../../components/feedback/load-states';
import { DocumentTimeline, type TimelineLabel } from '../../../components/timeline/document-timeline';
import { showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';
import { downloadInvoicePdf, useInvoice, useInvoiceEvents, useIssueInvoice } from '../api/invoices';
import { editInvoicePath } from '../paths';
import { DeleteDraftDialog, EmailInvoiceDialog, VoidInvoiceDialog } from './invoice-dialogs';
import { InvoiceSheet, InvoicePrintCopy } from './invoice-sheet';
import { InvoiceStateBadge } from './invoice-state-badge';
import { PaymentDialog } from './payment-dialog';
import classes from './invoice-view.module.css';
import { pathTo } from '../../../lib/route-paths';

function timelineLabels(currency: CurrencyCode): Record<string, TimelineLabel> {
  return {
    'invoice.created': 'Draft created',
    'invoice.updated': 'Draft changed',
    'invoice.issued': (e) => (typeof e.after?.number === 'string' ? `Issued as ${e.after.number}` : 'Issued'),
    'invoice.payment_recorded': (e) => {
      const amount = e.after?.amountMinor;
      const what = typeof amount === 'number' ? `Payment of ${formatMoney(amount, currency)}` : 'Payment';
      return e.after?.status === 'paid' ? `${what} recorded: paid in full` : `${what} recorded`;
    },
    'invoice.voided': 'Voided',
    'invoice.emailed': 'Emailed',
  };
}

function eventDetail(event: EntityEvent): ReactNode {
  const after = event.after;
  if (!after) return null;
  if (typeof after.reason === 'string') return after.reason;
  if (typeof after.to === 'string') return `To ${after.to}`;
  if (typeof after.method === 'string' && after.method in paymentMethodLabels)
    return paymentMethodLabels[after.method as PaymentMethod];
  return null;
}

export interface InvoiceViewProps {
  invoiceId: string;
  store: ActiveStore;
  today: string;
}

type Dialog = 'payment' | 'void' | 'email' | 'delete' | null;

/**
 * One invoice as the customer receives it (the sheet prints alone on A4), with what can be done to
 * it now: a draft is edited, deleted or issued; an issued invoice takes payments until paid, or is
 * voided while nothing is paid. Actions need invoices.manage; PDF and print only invoices.view.
 */
export function InvoiceView({ invoiceId, store, today }: InvoiceViewProps) {
  const invoice = useInvoice(invoiceId);
  const events = useInvoiceEvents(invoiceId);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [shortages, setShortages] = useState<Map<string, number>>(new Map());
  const [downloading, setDownloading] = useState(false);
  const issue = useIssueInvoice();
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
  const manage = can('invoices.manage');
  const isDraft = inv.status === 'draft';
  const isOpen = inv.status === 'issued';

  const doIssue = async () => {
    setShortages(new Map());
    try {
      const issued = await issue.mutateAsync({ invoiceId: inv.id, version: inv.version });
      toast.show({ type: 'success', message: `Issued ${issued.number ?? 'the invoice'}.` });
    } catch (error) {
      if (isApiError(error) && error.code === 'INSUFFICIENT_STOCK') {
        const found = (error.problem?.shortages ?? []) as { variantId: string; onHand: number }[];
        setShortages(new Map(found.map((s) => [s.variantId, s.onHand])));
      }
      showApiError(error, 'Could not issue the invoice');
    }
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadInvoicePdf(inv);
    } catch (error) {
      showApiError(error, 'Could not download the PDF');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" className={classes.noPrint} wrap="wrap">
        <Stack gap={4}>
          <Anchor component={Link} to={pathTo('dashboard.invoice')} size="sm">
            ← Invoices
          </Anchor>
          <Group gap="sm">
            <Title order={1}>{inv.number ?? 'Draft invoice'}</Title>
            <InvoiceStateBadge state={inv.state} size="lg" />
          </Group>
        </Stack>
        <Group gap="xs" wrap="wrap" aria-label="Invoice actions">
          {manage && isDraft ? (
            <>
              <Button component={Link} to={editInvoicePath(inv.id)} variant="default">
                Edit
              </Button>
              <Button variant="default" color="red" onClick={() => setDialog('delete')}>
                Delete
              </Button>
              <Button onClick={() => void doIssue()} loading={issue.isPending}>
                Issue
              </Button>
            </>
          ) : null}
          {manage && isOpen ? <Button onClick={() => setDialog('payment')}>Record payment</Button> : null}
          {manage && isOpen && inv.payments.length === 0 ? (
            <Button variant="default" color="red" onClick={() => setDialog('void')}>
              Void
            </Button>
          ) : null}
          <Button variant="default" onClick={() => void download()} loading={downloading}>
            Download PDF
          </Button>
          <Button variant="default" onClick={() => window.print()}>
            Print
          </Button>
          {manage && !isDraft ? (
            <Button variant="default" onClick={() => setDialog('email')}>
              Email
            </Button>
          ) : null}
        </Group>
      </Group>

      {shortages.size > 0 ? (
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

      <InvoiceSheet invoice={inv} store={store} shortages={shortages} />
      <InvoicePrintCopy invoice={inv} store={store} />

      <Card withBorder radius="md" className={classes.noPrint}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            History
          </Title>
          {events.isPending ? (
            <Text size="sm" c="dimmed">
              Loading the history…
            </Text>
          ) : events.isError ? (
            <LoadError
              title="We could not load the history"
              error={events.error}
              onRetry={() => void events.refetch()}
              isRetrying={events.isFetching}
            />
          ) : (
            <DocumentTimeline
              events={events.data.items}
              labels={timelineLabels(currency)}
              timeZone={store.timeZone}
              detail={eventDetail}
              aria-label="Invoice history"
            />
          )}
        </Stack>
      </Card>

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
