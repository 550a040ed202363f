import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCurrentStore } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * Store mode: GET /api/v1/stores/current. The API client names the store from `store-id`, which is
 * part of the key so that switching store asks again.
 */
export function currentStoreQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: ['stores', 'current', storeId] as const,
    queryFn: ({ signal }) => apiRequest(getCurrentStore, { signal }),
    enabled: storeId !== null,
  });
}

export function useCurrentStore(storeId: string | null) {
  return useQuery(currentStoreQueryOptions(storeId));
}
