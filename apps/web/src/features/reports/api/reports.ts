import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Endpoint } from '@ipos/contracts';
import { apiRequest, type RequestOptions } from '../../../lib/api-client';
import { readStored, storageKeys } from '../../../lib/storage';

/**
 * The report endpoints (packages/contracts/src/reports) as TanStack Query hooks. Figures belong to
 * the active store (its id is in every key) and change with every sale, so they are read fresh each
 * time a report opens; the previous period stays on screen while the next one loads.
 */
export const reportsKey = ['reports'] as const;

export function useReport<E extends Endpoint>(
  endpoint: E,
  query: NonNullable<RequestOptions<E>['query']>,
  enabled = true,
) {
  return useQuery({
    queryKey: [...reportsKey, readStored(storageKeys.storeId), endpoint.path, query] as const,
    queryFn: ({ signal }) => apiRequest(endpoint, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}
