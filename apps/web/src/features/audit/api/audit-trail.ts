import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { exportAuditEvents, listAuditEvents, listAuditPeople, type ListAuditEventsQuery } from '@ipos/contracts';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

/** The audit endpoints (packages/contracts/src/audit) as TanStack Query hooks; the trail is the business's. */
export type AuditFilter = Omit<ListAuditEventsQuery, 'cursor' | 'limit'>;

const AUDIT_PAGE_SIZE = 50;

export function useAuditTrail(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: ['audit', 'events', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(listAuditEvents, {
        query: { ...filter, limit: AUDIT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAuditPeople() {
  return useQuery({
    queryKey: ['audit', 'people'] as const,
    queryFn: ({ signal }) => apiRequest(listAuditPeople, { signal }),
    staleTime: 60_000,
  });
}

/** The filtered trail as `audit-trail-<today>.csv`. */
export async function downloadAuditCsv(filter: AuditFilter, today: string) {
  saveBlob(await apiBlob(exportAuditEvents, { query: filter }), `audit-trail-${today}.csv`);
}
