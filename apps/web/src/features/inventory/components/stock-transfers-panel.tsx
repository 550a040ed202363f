import { useState } from 'react';
import { Button, Card, Group, Pagination, SegmentedControl, Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { StockTransfer } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState } from '../../../components/feedback/list-state';
import { useActiveStore } from '../../../lib/active-store';
import { useStockTransfers, type TransferDirection } from '../api/stock';
import { ConfirmTransferDialog, type TransferAction } from './confirm-transfer-dialog';
import { TransferModal } from './transfer-modal';
import { TransferTable } from './transfer-table';

const PAGE_SIZE = 20;

/**
 * `?tab=transfers`: transfers out of and into the active store. An incoming transfer in transit can
 * be received here; an outgoing one cancelled (its stock comes back). `&transfer=<id>` opens one.
 */
export function StockTransfersPanel() {
  const [search, setSearch] = useSearchParams();
  const store = useActiveStore();
  const [direction, setDirection] = useState<TransferDirection>('incoming');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<{ transfer: StockTransfer; action: TransferAction } | null>(null);
  const transfers = useStockTransfers({ direction, page });
  const permissions = store.data?.permissions ?? [];
  // Receiving into this store is its own permission (a cashier has it); cancelling what was sent is transferring.
  const canReceive = permissions.includes('inventory.receive');
  const canCancel = permissions.includes('inventory.transfer');
  const storeId = store.data?.id;
  const timeZone = store.data?.timeZone;
  const openId = search.get('transfer');
  const items = transfers.data?.items ?? [];
  const total = transfers.data?.total ?? 0;

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
      <Card withBorder padding={0} radius="md">
        <ListState
          query={transfers}
          count={items.length}
          loadingLabel="Loading the transfers"
          errorTitle="We could not load the transfers"
          empty={
            <EmptyState title={direction === 'incoming' ? 'Nothing on its way here' : 'Nothing sent from here'}>
              Send from the Products tab (select products, then Transfer selected) or from a product’s page.
            </EmptyState>
          }
        >
          <TransferTable
            label={`${direction === 'incoming' ? 'Incoming' : 'Outgoing'} transfers`}
            items={items}
            refreshing={transfers.isPlaceholderData}
            timeZone={timeZone}
            actionsFor={actionsFor}
          />
        </ListState>
      </Card>
      {total > PAGE_SIZE ? (
        <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} aria-label="Transfer pages" />
      ) : null}
      <TransferModal transferId={openId} timeZone={timeZone} onClose={closeOpened} actionsFor={actionsFor} />
      <ConfirmTransferDialog acting={acting} onDone={() => setActing(null)} />
    </Stack>
  );
}
