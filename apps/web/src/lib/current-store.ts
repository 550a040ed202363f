import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCurrentStore } from '@ipos/contracts';
import { apiRequest } from './api-client';
import { readStored, storageKeys } from './storage';

/**
 * Store mode: GET /api/v1/stores/current — the active store's currency, time zone, settings and my
 * permissions there. One query for every feature (one cache entry); the API client names the store
 * from `store-id`, which is part of the key so that switching store asks again.
 */
export function currentStoreQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: ['stores', 'current', storeId] as const,
    queryFn: ({ signal }) => apiRequest(getCurrentStore, { signal }),
    enabled: storeId !== null,
    staleTime: 60_000,
  });
}

export function useCurrentStore(storeId: string | null) {
  return useQuery(currentStoreQueryOptions(storeId));
}

/** The store the app works in now (`store-id`), for screens rendered without it as a prop. */
export function useActiveStore() {
  return useCurrentStore(readStored(storageKeys.storeId));
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
  return useCurrentStore(inStore ? readStored(storageKeys.storeId) : null).data?.timeZone;
}
