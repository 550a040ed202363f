import type { Dispatch, RefObject, SetStateAction } from 'react';
import type { CurrencyCode } from '@ipos/contracts';
import type { Cart } from '../cart';
import type { useCompleteSale } from '../use-complete-sale';
import type { RegisterDialog } from '../use-register-dialogs';
import type { useHeldSaleActions } from '../use-held-sale-actions';
import { CameraScanDialog } from './camera-scan-dialog';
import { CustomerDialog } from './customer-picker';
import { HeldSalesDialog, HoldDialog } from './held-sales';
import { PaymentDialog } from './payment/payment-dialog';

/**
 * The register's dialogs, the one named by `dialog` open: Pay, the customer picker (closing it puts
 * the focus back in the search), hold, the held sales (resume, discard) and the camera scanner (a code
 * read closes it and is scanned).
 */
export function RegisterDialogs({
  dialog,
  onClose,
  storeId,
  totalMinor,
  currency,
  sale,
  held,
  searchRef,
  setCart,
  scan,
}: {
  dialog: RegisterDialog;
  onClose: () => void;
  storeId: string;
  totalMinor: number;
  currency: CurrencyCode;
  sale: Pick<ReturnType<typeof useCompleteSale>, 'confirm' | 'submitting' | 'error'>;
  held: ReturnType<typeof useHeldSaleActions>;
  searchRef: RefObject<HTMLInputElement | null>;
  setCart: Dispatch<SetStateAction<Cart>>;
  scan: (code: string) => Promise<unknown>;
}) {
  return (
    <>
      <PaymentDialog
        opened={dialog === 'pay'}
        totalMinor={totalMinor}
        currency={currency}
        onClose={onClose}
        onConfirm={sale.confirm}
        submitting={sale.submitting}
        error={sale.error}
      />
      <CustomerDialog
        opened={dialog === 'customer'}
        onClose={() => {
          onClose();
          searchRef.current?.focus();
        }}
        onPick={(customerId) => setCart((c) => ({ ...c, customerId }))}
      />
      <HoldDialog opened={dialog === 'hold'} submitting={held.holding} onClose={onClose} onHold={held.holdCart} />
      <HeldSalesDialog
        storeId={storeId}
        opened={dialog === 'held'}
        busyId={held.resumingId}
        onClose={onClose}
        onResume={(h) => void held.resumeHeld(h)}
        onDiscard={held.discardHeld}
      />
      <CameraScanDialog
        opened={dialog === 'camera'}
        onClose={onClose}
        onCode={(code) => {
          onClose();
          void scan(code);
        }}
      />
    </>
  );
}
