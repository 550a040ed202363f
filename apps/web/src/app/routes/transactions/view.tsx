import { useState } from 'react';
import { useParams } from 'react-router';
import { ReceiptDialog } from '../../../features/checkout/components/receipt/receipt-dialog';
import { SaleView } from '../../../features/transactions/components/sale-view';
import { WithActiveStore } from '../with-active-store';

/** `/dashboard/transactions/:id`: one sale, its refunds and trail; reprint, refund, void. */
export function TransactionRoute() {
  const { id = '' } = useParams();
  const [printing, setPrinting] = useState(false);
  return (
    <WithActiveStore>
      {(store) => (
        <>
          <SaleView
            key={id}
            saleId={id}
            currency={store.business.currency}
            timeZone={store.timeZone}
            permissions={store.permissions}
            onReprint={() => setPrinting(true)}
          />
          <ReceiptDialog saleId={id} opened={printing} onClose={() => setPrinting(false)} />
        </>
      )}
    </WithActiveStore>
  );
}

export { TransactionRoute as Component };
