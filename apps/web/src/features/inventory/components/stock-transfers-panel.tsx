import { useState, type ReactNode } from 'react';
import {
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatStoreDateTime, getStockTransfer, type StockTransfer } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { showApiError, toast } from '../../../components/toast';
import { apiRequest } from '../../../lib/api-client';
import { formatQuantity } from '../../../lib/quantity';
import { useActiveStore } from '../../../lib/active-store';
import { useCloseStockTransfer, useStockTransfers, type TransferDirection } from '../api/stock';
import { TransferStatusBadge } from './count-status-badge';

const PAGE_SIZE = 20;
const num = { fontVariantNumeric: 'tabular-nums' } as const;

type Action = 'receive' | 'cancel';

/**
 * `?tab=transfers`: transfers out of and into the active store. An incoming transfer in transit can
 * be received here; an outgoing one cancelled (its stock comes back). `&transfer=<id>` opens one.
 */
export function StockTransfersPanel() {
  const [search, setSearch] = useSearchParams();
  const store = useActiveStore();
  const [direction, setDirection] = useState<TransferDirection>('incoming');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<{ transfer: StockTransfer; action: Action } | null>(null);
  const transfers = useStockTransfers({ direction, page });
  const permissions = store.data?.permissions ?? [];
  // Receiving into this store is its own permission (a cashier has it); cancelling what was sent is transferring.
  const canReceive = permissions.includes('inventory.receive');
  const canCancel = permissions.includes('inventory.transfer');
  const storeId = store.data?.id;
  const timeZone = store.data?.timeZone;
  const openId = search.get('transfer');

  const closeOpened = () =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.delete('transfer');
      return next;
    });

  const actionsFor = (t: StockTransfer) => {
    if (t.status !== 'in_transit') return null;
    if (t.toStore.id === storeId && canReceive)
      return (
        <Button size="compact-sm" onClick={() => setActing({ transfer: t, action: 'receive' })}>
          Receive
        </Button>
      );
    if (t.fromStore.id === storeId && canCancel)
      return (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={() => setActing({ transfer: t, action: 'cancel' })}
        >
          Cancel
        </Button>
      );
    return null;
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Transfers
        </Title>
        <SegmentedControl
          aria-label="Direction"
          value={direction}
          onChange={(value) => {
            setDirection(value as TransferDirection);
            setPage(1);
          }}
          data={[
            { value: 'incoming', label: 'Incoming' },
            { value: 'outgoing', label: 'Outgoing' },
          ]}
        />
      </Group>
      <WhenLoaded query={transfers} loadingLabel="Loading the transfers" errorTitle="We could not load the transfers">
        {({ items, total }) =>
          items.length === 0 ? (
            <Card withBorder radius="md">
              <EmptyState title={direction === 'incoming' ? 'Nothing on its way here' : 'Nothing sent from here'}>
                Send from the Products tab (select products, then Transfer selected) or from a product’s page.
              </EmptyState>
            </Card>
          ) : (
            <Stack gap="sm">
              <Card withBorder padding={0} radius="md">
                <Table.ScrollContainer minWidth={760}>
                  <Table
                    aria-label={`${direction === 'incoming' ? 'Incoming' : 'Outgoing'} transfers`}
                    verticalSpacing="sm"
                  >
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Number</Table.Th>
                        <Table.Th>From → to</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th>Lines</Table.Th>
                        <Table.Th>Sent</Table.Th>
                        <Table.Th>Received</Table.Th>
                        <Table.Th />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {items.map((t) => (
                        <Table.Tr key={t.id} data-testid="transfer-row">
                          <Table.Td>
                            <Anchor component={Link} to={`?tab=transfers&transfer=${t.id}`} fw={600}>
                              {t.number}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>
                            {t.fromStore.name} → {t.toStore.name}
                          </Table.Td>
                          <Table.Td>
                            <TransferStatusBadge status={t.status} />
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" lineClamp={2}>
                              {t.lines.map((l) => `${l.name} × ${formatQuantity(l.quantity)}`).join(', ')}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">{formatStoreDateTime(t.sentAt, timeZone)}</Text>
                            <Text size="xs" c="dimmed">
                              {t.sentBy?.name ?? ''}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            {t.receivedAt ? (
                              <>
                                <Text size="sm">{formatStoreDateTime(t.receivedAt, timeZone)}</Text>
                                <Text size="xs" c="dimmed">
                                  {t.receivedBy?.name ?? ''}
                                </Text>
                              </>
                            ) : (
                              '—'
                            )}
                          </Table.Td>
                          <Table.Td ta="right">{actionsFor(t)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Card>
              {total > PAGE_SIZE ? (
                <Pagination
                  total={Math.ceil(total / PAGE_SIZE)}
                  value={page}
                  onChange={setPage}
                  aria-label="Transfer pages"
                />
              ) : null}
            </Stack>
          )
        }
      </WhenLoaded>
      <TransferModal transferId={openId} timeZone={timeZone} onClose={closeOpened} actionsFor={actionsFor} />
      <ConfirmTransfer acting={acting} onDone={() => setActing(null)} />
    </Stack>
  );
}

function TransferLines({ transfer }: { transfer: StockTransfer }) {
  return (
    <Table aria-label={`Lines of ${transfer.number}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Product</Table.Th>
          <Table.Th>SKU</Table.Th>
          <Table.Th ta="right">Quantity</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {transfer.lines.map((line) => (
          <Table.Tr key={line.variantId}>
            <Table.Td>{line.name}</Table.Td>
            <Table.Td>{line.sku}</Table.Td>
            <Table.Td ta="right" style={num}>
              {formatQuantity(line.quantity)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One transfer opened from a link (`&transfer=<id>`). */
function TransferModal({
  transferId,
  timeZone,
  onClose,
  actionsFor,
}: {
  transferId: string | null;
  timeZone?: string;
  onClose: () => void;
  actionsFor: (t: StockTransfer) => ReactNode;
}) {
  const store = useActiveStore();
  const transfer = useQuery({
    queryKey: ['inventory', 'transfers', store.data?.id ?? null, 'one', transferId],
    queryFn: ({ signal }) => apiRequest(getStockTransfer, { params: { transferId: transferId! }, signal }),
    enabled: transferId !== null,
  });
  return (
    <Modal
      opened={transferId !== null}
      onClose={onClose}
      title={transfer.data ? `Transfer ${transfer.data.number}` : 'Transfer'}
      size="lg"
    >
      {transferId ? (
        <WhenLoaded query={transfer} loadingLabel="Loading the transfer" errorTitle="We could not open the transfer">
          {(t) => (
            <Stack gap="sm">
              <Group gap="sm">
                <TransferStatusBadge status={t.status} />
                <Text size="sm">
                  {t.fromStore.name} → {t.toStore.name}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                Sent {formatStoreDateTime(t.sentAt, timeZone)} by {t.sentBy?.name ?? 'someone'}
                {t.receivedAt
                  ? ` · received ${formatStoreDateTime(t.receivedAt, timeZone)} by ${t.receivedBy?.name ?? 'someone'}`
                  : ''}
              </Text>
              {t.note ? <Text size="sm">{t.note}</Text> : null}
              <TransferLines transfer={t} />
              <Group justify="flex-end">{actionsFor(t)}</Group>
            </Stack>
          )}
        </WhenLoaded>
      ) : null}
    </Modal>
  );
}

function ConfirmTransfer({
  acting,
  onDone,
}: {
  acting: { transfer: StockTransfer; action: Action } | null;
  onDone: () => void;
}) {
  const close = useCloseStockTransfer();
  const t = acting?.transfer;
  const confirm = async () => {
    if (!acting || !t) return;
    try {
      const done = await close.mutateAsync({ transferId: t.id, version: t.version, action: acting.action });
      toast.show({
        type: 'success',
        message:
          acting.action === 'receive'
            ? `Received ${done.number}: the stock is now in ${done.toStore.name}.`
            : `Cancelled ${done.number}: the stock is back in ${done.fromStore.name}.`,
      });
    } catch (error) {
      showApiError(
        error,
        acting.action === 'receive' ? 'Could not receive the transfer' : 'Could not cancel the transfer',
      );
    } finally {
      onDone();
    }
  };
  return (
    <Modal
      opened={acting !== null}
      onClose={onDone}
      title={acting?.action === 'receive' ? `Receive ${t?.number ?? ''}?` : `Cancel ${t?.number ?? ''}?`}
      size="lg"
    >
      {t ? (
        <Stack>
          <Text>
            {acting?.action === 'receive'
              ? `Check what arrived from ${t.fromStore.name}. Receiving adds these quantities to stock here.`
              : `The transfer to ${t.toStore.name} is withdrawn and these quantities come back into stock here.`}
          </Text>
          <TransferLines transfer={t} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Back
            </Button>
            <Button
              color={acting?.action === 'cancel' ? 'red' : undefined}
              loading={close.isPending}
              onClick={() => void confirm()}
            >
              {acting?.action === 'receive' ? 'Receive transfer' : 'Cancel transfer'}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
