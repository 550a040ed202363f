import { queryOptions, useQuery } from '@tanstack/react-query';
import { getActiveStore } from '@ipos/contracts';
import { apiRequest } from './api-client';
import { readStored, storageKeys } from './storage';

/** The store the app works in now (`store-id`), or null in admin mode and before one is chosen. */
export function activeStoreId(): string | null {
  return readStored(storageKeys.storeId);
}

/**
 * Store mode: GET /api/v1/stores/current — the active store's currency, time zone, settings and my
 * permissions there. One query for every feature (one cache entry); the API client names the store
 * from `store-id`, which is part of the key so that switching store asks again.
 */
export function activeStoreQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: ['stores', 'current', storeId] as const,
    queryFn: ({ signal }) => apiRequest(getActiveStore, { signal }),
    enabled: storeId !== null,
    staleTime: 60_000,
  });
}

/**
 * The active store: by default the one in `store-id`, for screens rendered without it as a prop;
 * given null, the query waits (admin mode, no store chosen yet).
 */
export function useActiveStore(storeId: string | null = activeStoreId()) {
  return useQuery(activeStoreQueryOptions(storeId));
}

/** The active store's IANA zone, for times on its clock; undefined until the store has loaded. */
export function useStoreTimeZone(): string | undefined {
  return useActiveStore().data?.timeZone;
}

/**
 * The zone every instant is written in (decision 0027): in a store, the store's, on every screen
 * (the profile and invitations included); in admin mode or before a store is chosen, the device's
 * (undefined). Pass it to lib/format.ts.
 */
export function useDisplayTimeZone(): string | undefined {
  const inStore = readStored(storageKeys.isAdmin) !== 'true';
  return useActiveStore(inStore ? activeStoreId() : null).data?.timeZone;
}
