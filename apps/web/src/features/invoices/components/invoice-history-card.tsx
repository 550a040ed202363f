import type { ReactNode } from 'react';
import { Card, Stack, Title } from '@mantine/core';
import { paymentMethodLabels, type CurrencyCode, type EntityEvent, type PaymentMethod } from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { DocumentTimeline, type TimelineLabel } from '../../../components/timeline/document-timeline';
import { formatMoney } from '../../../lib/money';
import type { useInvoiceEvents } from '../api/invoices';
import classes from './invoice-view.module.css';

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

/** The invoice's history (not printed): created, changed, issued, payments, voided, emailed. */
export function InvoiceHistoryCard({
  events,
  currency,
  timeZone,
}: {
  events: ReturnType<typeof useInvoiceEvents>;
  currency: CurrencyCode;
  timeZone: string;
}) {
  return (
    <Card withBorder radius="md" className={classes.noPrint}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          History
        </Title>
        <WhenLoaded query={events} loadingLabel="Loading the history" errorTitle="We could not load the history">
          {({ items }) => (
            <DocumentTimeline
              events={items}
              labels={timelineLabels(currency)}
              timeZone={timeZone}
              detail={eventDetail}
              aria-label="Invoice history"
            />
          )}
        </WhenLoaded>
      </Stack>
    </Card>
  );
}
