import { useQuery } from '@tanstack/react-query';
import { getStoreDashboard } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/v1/dashboard/store: the active store's figures for today and the last 7 days. The store
 * is part of the key (the client names it from `store-id`), so switching store asks again; figures
 * refresh every minute while the dashboard is open, as sales come in.
 */
export function useStoreDashboard(storeId: string | null) {
  return useQuery({
    queryKey: ['dashboard', 'store', storeId] as const,
    queryFn: ({ signal }) => apiRequest(getStoreDashboard, { signal }),
    enabled: storeId !== null,
    refetchInterval: 60_000,
  });
}
