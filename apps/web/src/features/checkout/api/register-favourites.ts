import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRegisterFavourites, setRegisterFavourites, type RegisterFavourites } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * The register's first screen: the store's pinned favourites, or its best sellers while none is
 * pinned (contracts `checkout/register-favourites.ts`, decision 0037). The key sits apart from the
 * register's `['checkout', storeId]` reads, which every sale invalidates: the list changes when a
 * manager pins, not with each sale. It is kept on the device per person (app/pwa/device-queries.ts),
 * so the register opens on it offline.
 */
export const registerFavouritesKey = (storeId: string) => ['register-favourites', storeId] as const;

/** Best sellers move slowly (30 days of sales): read again every few minutes at most. */
const FAVOURITES_STALE_MS = 5 * 60_000;

export function useRegisterFavourites(storeId: string) {
  return useQuery({
    queryKey: registerFavouritesKey(storeId),
    queryFn: ({ signal }) => apiRequest(getRegisterFavourites, { signal }),
    staleTime: FAVOURITES_STALE_MS,
  });
}

/** Pins the whole list, in order, at the version read; the answer replaces the cached list. */
export function useSetRegisterFavourites(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { version: number; variantIds: string[] }) => apiRequest(setRegisterFavourites, { body }),
    onSuccess: (favourites: RegisterFavourites) => queryClient.setQueryData(registerFavouritesKey(storeId), favourites),
  });
}
