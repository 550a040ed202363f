import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMe } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/me: the signed-in account, its businesses and its store memberships. */
export function fetchMe(signal?: AbortSignal) {
  return apiRequest(getMe, { signal });
}

export const meQueryKey = ['accounts', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => fetchMe(signal) });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
