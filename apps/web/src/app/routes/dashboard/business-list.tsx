import { useNavigate, useSearchParams } from 'react-router';
import { businessPath, useBusinesses, useCreateBusiness } from '../../../features/businesses/api/admin-businesses';
import { AdminBusinessList } from '../../../features/businesses/components/admin-business-list';

/** `/dashboard/business` (admin mode): the owner's businesses with today's figures, and a new one. */
export function BusinessListRoute() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const create = useCreateBusiness();
  return (
    <AdminBusinessList
      businesses={useBusinesses(page)}
      page={page}
      onPage={(next) => setParams(next === 1 ? {} : { page: String(next) })}
      create={(body) => create.mutateAsync(body)}
      onCreated={(businessId) => void navigate(businessPath(businessId))}
    />
  );
}

export { BusinessListRoute as Component };
