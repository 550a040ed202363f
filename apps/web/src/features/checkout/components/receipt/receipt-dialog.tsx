import { Modal } from '@mantine/core';
import { LoadError, LoadingCard } from '../../../../components/feedback/load-states';
import { useReceipt } from '../../api/receipts';
import { ReceiptWorkspace } from './receipt-actions';

/** A reprint: the receipt of any sale of the store, marked COPY, with print, PDF and email (the transactions screen). */
export function ReceiptDialog({ saleId, opened, onClose }: { saleId: string; opened: boolean; onClose: () => void }) {
  const receipt = useReceipt(opened ? saleId : null);
  return (
    <Modal opened={opened} onClose={onClose} title="Receipt" size="xl">
      {receipt.isPending ? (
        <LoadingCard label="Loading the receipt" />
      ) : receipt.isError ? (
        <LoadError
          title="We could not load the receipt"
          error={receipt.error}
          onRetry={() => void receipt.refetch()}
          isRetrying={receipt.isFetching}
        />
      ) : (
        <ReceiptWorkspace receipt={receipt.data} copy />
      )}
    </Modal>
  );
}
