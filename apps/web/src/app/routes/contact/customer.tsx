import { useParams } from 'react-router';
import { CustomerPage } from '../../../features/contacts/components/contact-pages';
import { WithActiveStore } from '../with-active-store';

/** `/dashboard/contact/customer/:id`: one customer, its figures and history. */
export function CustomerRoute() {
  const { id = '' } = useParams();
  return (
    <WithActiveStore>
      {(store) => (
        <CustomerPage
          key={id}
          id={id}
          currency={store.business.currency}
          timeZone={store.timeZone}
          permissions={store.permissions}
        />
      )}
    </WithActiveStore>
  );
}

export { CustomerRoute as Component };
