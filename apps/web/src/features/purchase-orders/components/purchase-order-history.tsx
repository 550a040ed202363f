import { Card, Stack, Title } from '@mantine/core';
import { purchaseOrderStatus, type EntityEvent, type PurchaseOrder } from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { DocumentTimeline, type TimelineLabel } from '../../../components/timeline/document-timeline';
import type { usePurchaseOrderEvents } from '../api/purchase-orders';

/** The order's audit actions in plain words (apps/api audit 'purchase_order.*'). */
export const purchaseOrderEventLabels: Record<string, TimelineLabel> = {
  'purchase_order.created': 'Order created',
  'purchase_order.updated': 'Order changed',
  'purchase_order.sent': (e) => (typeof e.after?.to === 'string' ? `Sent to ${e.after.to}` : 'Sent to the vendor'),
  'purchase_order.received': (e) =>
    e.after?.status === purchaseOrderStatus.CLOSED ? 'Goods received: everything has arrived' : 'Goods received',
  'purchase_order.closed': (e) => (e.after?.reason ? 'Closed short' : 'Closed'),
  'purchase_order.cancelled': 'Cancelled',
  'purchase_order.recalled': (e) =>
    e.after?.status === purchaseOrderStatus.FULLY_RECALLED
      ? 'Goods returned to the vendor: all of them'
      : 'Goods returned to the vendor',
};

function eventDetail(event: EntityEvent): string | null {
  const after = event.after ?? {};
  const parts: string[] = [];
  for (const key of ['reference', 'reason', 'note']) {
    const value = after[key];
    if (typeof value === 'string' && value) parts.push(value);
  }
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The order's audit trail in plain words. */
export function PurchaseOrderHistory({
  order: po,
  events,
  timeZone,
}: {
  order: PurchaseOrder;
  events: ReturnType<typeof usePurchaseOrderEvents>;
  timeZone: string;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="po-history-title">
      <Title order={2} size="h4" id="po-history-title">
        History
      </Title>
      <Card withBorder padding="md" radius="md">
        <WhenLoaded query={events} loadingLabel="Loading the history" errorTitle="We could not load the history">
          {({ items }) => (
            <DocumentTimeline
              events={items}
              labels={purchaseOrderEventLabels}
              timeZone={timeZone}
              detail={eventDetail}
              aria-label={`History of ${po.number}`}
            />
          )}
        </WhenLoaded>
      </Card>
    </Stack>
  );
}
