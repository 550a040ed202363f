import { useParams } from 'react-router';
import { storeDay } from '@ipos/contracts';
import { InvoiceView } from '../../../features/invoices/components/invoice-view';
import { WithActiveStore } from '../with-active-store';

/** `/dashboard/invoice/view/:id`: one invoice, printable; issue, payments, void, PDF, email. */
export function InvoiceRoute() {
  const { id = '' } = useParams();
  return (
    <WithActiveStore>
      {(store) => <InvoiceView key={id} invoiceId={id} store={store} today={storeDay(store.timeZone)} />}
    </WithActiveStore>
  );
}

export { InvoiceRoute as Component };
