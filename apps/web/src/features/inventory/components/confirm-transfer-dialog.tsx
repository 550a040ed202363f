import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { StockTransfer } from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { useCloseStockTransfer } from '../api/stock';
import { TransferLines } from './transfer-modal';

/** What can be done to a transfer in transit: received where it goes, cancelled where it came from. */
export type TransferAction = 'receive' | 'cancel';

/** Receiving or cancelling a transfer, after its lines are shown once more. */
export function ConfirmTransferDialog({
  acting,
  onDone,
}: {
  acting: { transfer: StockTransfer; action: TransferAction } | null;
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
