import { useState, type ReactNode } from 'react';
import { Anchor, Button, Card, Group, Menu, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  cancelPurchaseOrderBodySchema,
  closePurchaseOrderBodySchema,
  formatStoreDateTime,
  purchaseOrderRefusal,
  purchaseOrderStatus,
  type CurrencyCode,
  type EntityEvent,
  type PurchaseOrder,
  type PurchaseOrderAction,
} from '@ipos/contracts';
import {
  isRecordMissing,
  LoadError,
  LoadingCard,
  RecordNotFound,
  WhenLoaded,
} from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { PurchaseOrderStatusBadge } from '../../../components/status-badge/purchase-order-status-badge';
import { DocumentTimeline, type TimelineLabel } from '../../../components/timeline/document-timeline';
import { showApiError, toast } from '../../../components/toast';
import { saveBlob } from '../../../lib/download';
import { formatDay } from '../../../lib/format';
import { formatQuantity } from '../../../lib/quantity';
import {
  fetchPurchaseOrderPdf,
  useCancelPurchaseOrder,
  useClosePurchaseOrder,
  usePurchaseOrder,
  usePurchaseOrderEvents,
} from '../api/purchase-orders';
import { factsOf, lineAmountMinor, outstandingOf } from '../order-figures';
import { editPurchaseOrderPath, PURCHASE_ORDERS_PATH, vendorPath } from './paths';
import { ReasonDialog } from './reason-dialog';
import { RecallDialog } from './recall-dialog';
import { ReceiveDialog } from './receive-dialog';
import { SendDialog } from './send-dialog';

export interface PurchaseOrderViewProps {
  orderId: string;
  currency: CurrencyCode;
  timeZone: string;
  permissions: readonly string[];
}

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

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId} component="div">
        {children}
      </Text>
    </Stack>
  );
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
          backTo={PURCHASE_ORDERS_PATH}
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
        <Anchor component={Link} to={PURCHASE_ORDERS_PATH}>
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

  const nameOfLine = (lineNo: number) => po.lines.find((l) => l.lineNo === lineNo);
  const totals = po.lines.reduce(
    (sum, l) => ({
      outstandingMinor: sum.outstandingMinor + lineAmountMinor(outstandingOf(l), l.unitCostMinor),
    }),
    { outstandingMinor: 0 },
  );
  const receivingOver = po.status !== purchaseOrderStatus.OPEN;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Anchor component={Link} to={PURCHASE_ORDERS_PATH} size="sm">
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

      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Detail label="Vendor" testId="po-vendor">
            <Anchor component={Link} to={vendorPath(po.vendor.id)}>
              {po.vendor.name}
            </Anchor>
            {po.vendor.phone || po.vendor.email ? (
              <Text size="xs" c="dimmed">
                {[po.vendor.phone, po.vendor.email].filter(Boolean).join(' · ')}
              </Text>
            ) : null}
          </Detail>
          <Detail label="Expected">{po.expectedOn ? formatDay(po.expectedOn) : '—'}</Detail>
          <Detail label="Created">
            {formatStoreDateTime(po.createdAt, timeZone)}
            {po.createdBy ? (
              <Text size="xs" c="dimmed">
                by {po.createdBy.name}
              </Text>
            ) : null}
          </Detail>
          <Detail label="Sent">{po.sentAt ? formatStoreDateTime(po.sentAt, timeZone) : 'Not yet'}</Detail>
          {po.closedAt ? (
            <Detail label={po.closeReason ? 'Closed short' : 'Closed'}>
              {formatStoreDateTime(po.closedAt, timeZone)}
              <Text size="xs" c="dimmed">
                {[po.closedBy?.name, po.closeReason].filter(Boolean).join(' · ')}
              </Text>
            </Detail>
          ) : null}
          {po.cancelledAt ? (
            <Detail label="Cancelled">
              {formatStoreDateTime(po.cancelledAt, timeZone)}
              <Text size="xs" c="dimmed">
                {[po.cancelledBy?.name, po.cancelReason].filter(Boolean).join(' · ')}
              </Text>
            </Detail>
          ) : null}
          <Detail label="Ordered">
            <Money amountMinor={po.orderedMinor} currency={currency} />
          </Detail>
          <Detail label="Received" testId="po-received-amount">
            <Money amountMinor={po.receivedMinor} currency={currency} />
          </Detail>
          {po.returnedMinor > 0 ? (
            <Detail label="Returned">
              <Money amountMinor={po.returnedMinor} currency={currency} />
            </Detail>
          ) : null}
        </SimpleGrid>
        {po.notes ? (
          <Text size="sm" mt="md" style={{ whiteSpace: 'pre-wrap' }}>
            {po.notes}
          </Text>
        ) : null}
      </Card>

      <Stack gap="xs" component="section" aria-labelledby="po-lines-title">
        <Title order={2} size="h4" id="po-lines-title">
          Products
        </Title>
        <Card withBorder radius="md" padding={0}>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" horizontalSpacing="md" aria-label="Order lines" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">Ordered</Table.Th>
                  <Table.Th ta="right">Received</Table.Th>
                  <Table.Th ta="right">Returned</Table.Th>
                  <Table.Th ta="right">{receivingOver ? 'Not delivered' : 'Outstanding'}</Table.Th>
                  <Table.Th ta="right">Unit cost</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {po.lines.map((line) => (
                  <Table.Tr key={line.lineNo} data-testid="po-line">
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {line.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {line.vendorItemCode ? `${line.sku} · Vendor code ${line.vendorItemCode}` : line.sku}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" data-col="ordered">
                      {formatQuantity(line.quantityOrdered, line.unit)}
                    </Table.Td>
                    <Table.Td ta="right" data-col="received">
                      {formatQuantity(line.quantityReceived, line.unit)}
                    </Table.Td>
                    <Table.Td ta="right" data-col="returned">
                      {formatQuantity(line.quantityReturned, line.unit)}
                    </Table.Td>
                    <Table.Td ta="right" data-col="outstanding">
                      {formatQuantity(outstandingOf(line), line.unit)}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amountMinor={line.unitCostMinor} currency={currency} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amountMinor={line.orderedMinor} currency={currency} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={6} ta="right">
                    Total ordered
                  </Table.Th>
                  <Table.Th ta="right">
                    <Money amountMinor={po.orderedMinor} currency={currency} fw={700} />
                  </Table.Th>
                </Table.Tr>
                {po.status === purchaseOrderStatus.OPEN &&
                totals.outstandingMinor > 0 &&
                totals.outstandingMinor !== po.orderedMinor ? (
                  <Table.Tr>
                    <Table.Th colSpan={6} ta="right">
                      Still expected
                    </Table.Th>
                    <Table.Th ta="right">
                      <Money amountMinor={totals.outstandingMinor} currency={currency} />
                    </Table.Th>
                  </Table.Tr>
                ) : null}
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="lg">
          <Stack gap="xs" component="section" aria-labelledby="po-receipts-title">
            <Title order={2} size="h4" id="po-receipts-title">
              Deliveries
            </Title>
            {po.receipts.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing received yet.
              </Text>
            ) : (
              po.receipts.map((receipt) => (
                <Card key={receipt.id} withBorder radius="md" padding="sm" data-testid="po-receipt">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text size="sm" fw={600}>
                      {formatStoreDateTime(receipt.receivedAt, timeZone)} · {receipt.by.name}
                    </Text>
                    <Money amountMinor={receipt.valueMinor} currency={currency} fw={700} />
                  </Group>
                  {receipt.reference || receipt.note ? (
                    <Text size="xs" c="dimmed">
                      {[receipt.reference ? `Ref. ${receipt.reference}` : null, receipt.note]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  ) : null}
                  <Text size="sm" mt={4}>
                    {receipt.lines
                      .map((l) => {
                        const line = nameOfLine(l.lineNo);
                        return `${formatQuantity(l.quantity, line?.unit)} × ${line?.name ?? `line ${l.lineNo}`}`;
                      })
                      .join(', ')}
                  </Text>
                </Card>
              ))
            )}
          </Stack>
          <Stack gap="xs" component="section" aria-labelledby="po-returns-title">
            <Title order={2} size="h4" id="po-returns-title">
              Returns to the vendor
            </Title>
            {po.returns.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing returned.
              </Text>
            ) : (
              po.returns.map((ret) => (
                <Card key={ret.id} withBorder radius="md" padding="sm" data-testid="po-return">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text size="sm" fw={600}>
                      {formatStoreDateTime(ret.returnedAt, timeZone)} · {ret.by.name}
                    </Text>
                    <Money amountMinor={ret.valueMinor} currency={currency} fw={700} />
                  </Group>
                  <Text size="xs" c="dimmed">
                    {ret.reason}
                  </Text>
                  <Text size="sm" mt={4}>
                    {ret.lines
                      .map((l) => {
                        const line = nameOfLine(l.lineNo);
                        return `${formatQuantity(l.quantity, line?.unit)} × ${line?.name ?? `line ${l.lineNo}`}`;
                      })
                      .join(', ')}
                  </Text>
                </Card>
              ))
            )}
          </Stack>
        </Stack>

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
