import { useState } from 'react';
import { Anchor, Button, Group, Menu, SimpleGrid, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  cancelPurchaseOrderBodySchema,
  closePurchaseOrderBodySchema,
  purchaseOrderRefusal,
  type CurrencyCode,
  type PurchaseOrder,
  type PurchaseOrderAction,
} from '@ipos/contracts';
import { isRecordMissing, LoadError, LoadingCard, RecordNotFound } from '../../../components/feedback/load-states';
import { PurchaseOrderStatusBadge } from '../../../components/status-badge/purchase-order-status-badge';
import { showApiError, toast } from '../../../components/toast';
import { saveBlob } from '../../../lib/download';
import {
  fetchPurchaseOrderPdf,
  useCancelPurchaseOrder,
  useClosePurchaseOrder,
  usePurchaseOrder,
  usePurchaseOrderEvents,
} from '../api/purchase-orders';
import { factsOf } from '../order-figures';
import { editPurchaseOrderPath } from './paths';
import { PurchaseOrderHistory } from './purchase-order-history';
import { PurchaseOrderLinesTable } from './purchase-order-lines-table';
import { PurchaseOrderMovements } from './purchase-order-movements';
import { PurchaseOrderSummary } from './purchase-order-summary';
import { ReasonDialog } from './reason-dialog';
import { RecallDialog } from './recall-dialog';
import { ReceiveDialog } from './receive-dialog';
import { SendDialog } from './send-dialog';
import { pathTo } from '../../../lib/route-paths';

export { purchaseOrderEventLabels } from './purchase-order-history';

export interface PurchaseOrderViewProps {
  orderId: string;
  currency: CurrencyCode;
  timeZone: string;
  permissions: readonly string[];
}

type Dialog = 'receive' | 'recall' | 'close' | 'cancel' | 'send' | null;

/**
 * One purchase order: vendor, dates and people; every line's ordered, received, returned and
 * outstanding quantities; its deliveries and returns; its history; and only the actions its status
 * (`purchaseOrderRefusal`) and the person's role allow.
 */
export function PurchaseOrderView({ orderId, currency, timeZone, permissions }: PurchaseOrderViewProps) {
  const order = usePurchaseOrder(orderId);
  const events = usePurchaseOrderEvents(orderId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [downloading, setDownloading] = useState(false);
  const close = useClosePurchaseOrder(orderId);
  const cancel = useCancelPurchaseOrder(orderId);

  if (order.isPending) return <LoadingCard label="Loading the purchase order" />;
  if (order.isError) {
    if (isRecordMissing(order.error))
      return (
        <RecordNotFound
          title="Purchase order not found"
          backTo={pathTo('dashboard.purchase-order')}
          backLabel="Back to purchase orders"
        >
          There is no such purchase order in this store. Check the store you are working in.
        </RecordNotFound>
      );
    return (
      <Stack gap="md">
        <LoadError
          title="We could not load this purchase order"
          error={order.error}
          onRetry={() => void order.refetch()}
          isRetrying={order.isFetching}
        />
        <Anchor component={Link} to={pathTo('dashboard.purchase-order')}>
          Back to purchase orders
        </Anchor>
      </Stack>
    );
  }

  const po: PurchaseOrder = order.data;
  const facts = factsOf(po);
  const canManage = permissions.includes('purchase-orders.manage');
  const canReceive = permissions.includes('purchase-orders.receive');
  const allowed = (action: PurchaseOrderAction) =>
    purchaseOrderRefusal(facts, action) === null && (action === 'receive' ? canReceive : canManage);

  const pdf = async (print: boolean) => {
    // Opened before the request, so the browser counts it as the click's own window.
    const target = print ? window.open('', '_blank') : null;
    setDownloading(true);
    try {
      const blob = await fetchPurchaseOrderPdf(po.id);
      if (target) target.location.href = URL.createObjectURL(blob);
      else saveBlob(blob, `${po.number}.pdf`);
    } catch (error) {
      target?.close();
      showApiError(error, 'Could not get the PDF');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Anchor component={Link} to={pathTo('dashboard.purchase-order')} size="sm">
            ← Purchase orders
          </Anchor>
          <Group gap="sm" align="center">
            <Title order={1} ff="monospace">
              {po.number}
            </Title>
            <PurchaseOrderStatusBadge status={po.status} size="lg" data-testid="po-status" />
          </Group>
        </Stack>
        <Group gap="xs" wrap="wrap" data-testid="po-actions">
          {allowed('receive') ? <Button onClick={() => setDialog('receive')}>Receive</Button> : null}
          {allowed('edit') ? (
            <Button variant="default" component={Link} to={editPurchaseOrderPath(po.id)}>
              Edit
            </Button>
          ) : null}
          {allowed('send') ? (
            <Button variant="default" onClick={() => setDialog('send')}>
              Send to vendor
            </Button>
          ) : null}
          {allowed('recall') ? (
            <Button variant="default" color="orange" onClick={() => setDialog('recall')}>
              Return to vendor
            </Button>
          ) : null}
          <Menu position="bottom-end" withinPortal={false}>
            <Menu.Target>
              <Button variant="default" loading={downloading}>
                More
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => void pdf(false)}>Download PDF</Menu.Item>
              <Menu.Item onClick={() => void pdf(true)}>Print</Menu.Item>
              {allowed('close') ? <Menu.Item onClick={() => setDialog('close')}>Close short…</Menu.Item> : null}
              {allowed('cancel') ? (
                <Menu.Item color="red" onClick={() => setDialog('cancel')}>
                  Cancel order…
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <PurchaseOrderSummary order={po} currency={currency} timeZone={timeZone} />

      <PurchaseOrderLinesTable order={po} currency={currency} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PurchaseOrderMovements order={po} currency={currency} timeZone={timeZone} />

        <PurchaseOrderHistory order={po} events={events} timeZone={timeZone} />
      </SimpleGrid>

      <ReceiveDialog opened={dialog === 'receive'} onClose={() => setDialog(null)} order={po} currency={currency} />
      <RecallDialog opened={dialog === 'recall'} onClose={() => setDialog(null)} order={po} currency={currency} />
      <SendDialog opened={dialog === 'send'} onClose={() => setDialog(null)} order={po} />
      <ReasonDialog
        opened={dialog === 'close'}
        onClose={() => setDialog(null)}
        title={`Close ${po.number} short`}
        explanation="What was received stays; the rest is no longer expected from the vendor."
        confirmLabel="Close short"
        reasonSchema={closePurchaseOrderBodySchema.shape.reason}
        onConfirm={async (reason) => {
          await close.mutateAsync({ version: po.version, reason });
          toast.show({ type: 'success', message: `${po.number} closed.` });
        }}
      />
      <ReasonDialog
        opened={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        title={`Cancel ${po.number}`}
        explanation="Nothing was received against this order. Cancelling it tells nobody: let the vendor know."
        confirmLabel="Cancel order"
        color="red"
        reasonSchema={cancelPurchaseOrderBodySchema.shape.reason}
        onConfirm={async (reason) => {
          await cancel.mutateAsync({ version: po.version, reason });
          toast.show({ type: 'success', message: `${po.number} cancelled.` });
        }}
      />
    </Stack>
  );
}
