import { queryOptions, useQuery } from '@tanstack/react-query';
import { listBusinesses } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** Admin mode: GET /api/v1/admin/businesses, the businesses the owner owns with their stores. */
export function businessesQueryOptions(page = 1, pageSize = 100) {
  return queryOptions({
    queryKey: ['businesses', 'list', { page, pageSize }] as const,
    queryFn: ({ signal }) => apiRequest(listBusinesses, { query: { page, pageSize }, signal }),
  });
}

export function useBusinesses(page = 1, pageSize = 100) {
  return useQuery(businessesQueryOptions(page, pageSize));
}
