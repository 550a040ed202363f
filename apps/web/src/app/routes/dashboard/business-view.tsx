import { useParams } from 'react-router';
import { useBusiness } from '../../../features/accounts/api/get-business';
import { BusinessDetails } from '../../../features/sections/components/business-details';

/** `/dashboard/business/view/:id` (admin mode). */
export function BusinessViewRoute() {
  const { id = '' } = useParams();
  return <BusinessDetails business={useBusiness(id)} />;
}

export { BusinessViewRoute as Component };
