import { useParams } from 'react-router';
import { VendorPage } from '../../../features/contacts/components/contact-pages';
import { WithActiveStore } from '../with-active-store';

/** `/dashboard/contact/vendor/:id`: one vendor, its figures and history. */
export function VendorRoute() {
  const { id = '' } = useParams();
  return (
    <WithActiveStore>
      {(store) => (
        <VendorPage
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

export { VendorRoute as Component };
