import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBusiness } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** Admin mode: GET /api/v1/admin/businesses/:businessId (another owner's business is a 404). */
export function businessQueryOptions(businessId: string) {
  return queryOptions({
    queryKey: ['businesses', 'detail', businessId] as const,
    queryFn: ({ signal }) => apiRequest(getBusiness, { params: { businessId }, signal }),
  });
}

export function useBusiness(businessId: string) {
  return useQuery(businessQueryOptions(businessId));
}
