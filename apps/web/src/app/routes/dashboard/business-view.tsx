import { useParams } from 'react-router';
import { useAddBusinessStore, useBusiness } from '../../../features/businesses/api/admin-businesses';
import { AdminBusinessDetails } from '../../../features/businesses/components/admin-business-details';
import { ADD_USER_PATH } from '../../../features/staff/api/admin-users';

/** `/dashboard/business/view/:id` (admin mode): one business's figures, stores and staff. */
export function BusinessViewRoute() {
  const { id = '' } = useParams();
  const addStore = useAddBusinessStore(id);
  return (
    <AdminBusinessDetails
      business={useBusiness(id)}
      addStore={(body) => addStore.mutateAsync(body)}
      addUserPath={`${ADD_USER_PATH}?business=${encodeURIComponent(id)}`}
    />
  );
}

export { BusinessViewRoute as Component };
