import { useBusinesses } from '../../../features/accounts/api/list-businesses';
import { BusinessList } from '../../../features/sections/components/business-list';

/** `/dashboard/business` (admin mode). */
export function BusinessListRoute() {
  return <BusinessList businesses={useBusinesses()} />;
}

export { BusinessListRoute as Component };
