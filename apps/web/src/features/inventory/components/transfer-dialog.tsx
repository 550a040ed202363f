import { Modal } from '@mantine/core';
import type { CurrencyCode, Product } from '@ipos/contracts';
import { destinationsOf, linesOfProduct } from '../transfer-lines';
import { TransferSheet } from './transfer-sheet';

export interface TransferDialogProps {
  opened: boolean;
  onClose: () => void;
  product: Product;
  /** The active store: the stock leaves from here. */
  storeId: string;
  currency: CurrencyCode;
}

/**
 * Send stock of a product's variants from the active store to another store of the business: the
 * transfer sheet with a line per variant (more products may be added to the same document). It
 * leaves now and is in transit until the other store receives it.
 */
export function TransferDialog({ opened, onClose, product, storeId, currency }: TransferDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Transfer: ${product.name}`} size="lg">
      {opened ? (
        <TransferSheet
          storeId={storeId}
          currency={currency}
          destinations={destinationsOf([product], storeId)}
          initialLines={linesOfProduct(product, storeId)}
          onSent={onClose}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}
