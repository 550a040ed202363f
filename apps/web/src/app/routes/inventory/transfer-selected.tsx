import { Alert, Modal, Stack } from '@mantine/core';
import type { CurrencyCode } from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { useProductsById } from '../../../features/catalog/api/products';
import { TransferSheet } from '../../../features/inventory/components/transfer-sheet';
import { destinationsOf, linesOfProduct } from '../../../features/inventory/transfer-lines';

/**
 * "Transfer selected" on the inventory list: one transfer document with a line per variant of the
 * selected products. Products that do not track stock, or are archived, cannot move and are left
 * out, saying so.
 */
export function TransferSelectedDialog({
  productIds,
  storeId,
  currency,
  onClose,
  onSent,
}: {
  productIds: string[];
  storeId: string;
  currency: CurrencyCode;
  onClose: () => void;
  onSent: () => void;
}) {
  const products = useProductsById(productIds);
  const title = `Transfer ${productIds.length} ${productIds.length === 1 ? 'product' : 'products'}`;
  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      <WhenLoaded
        query={products}
        loadingLabel="Loading the selected products"
        errorTitle="We could not load the selected products"
      >
        {(loaded) => {
          const movable = loaded.filter((p) => p.isTracked && !p.isArchived);
          const left = loaded.filter((p) => !movable.includes(p)).map((p) => p.name);
          return (
            <Stack gap="md">
              {left.length > 0 ? (
                <Alert variant="light" color="yellow">
                  Left out, as they do not track stock or are archived: {left.join(', ')}.
                </Alert>
              ) : null}
              <TransferSheet
                storeId={storeId}
                currency={currency}
                destinations={destinationsOf(loaded, storeId)}
                initialLines={movable.flatMap((p) => linesOfProduct(p, storeId))}
                onSent={onSent}
                onCancel={onClose}
              />
            </Stack>
          );
        }}
      </WhenLoaded>
    </Modal>
  );
}
