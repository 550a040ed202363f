import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getStoreAlias,
  getStoreSettings,
  updateStoreAlias,
  updateStoreSettings,
  type UpdateStoreAliasBody,
  type UpdateStoreSettingsBody,
} from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** A store's settings and alias (packages/contracts/src/stores/store-settings.ts) as TanStack Query hooks. */
export const storeSettingsKey = (storeId: string) => ['stores', storeId, 'settings'] as const;

export function useStoreSettings(storeId: string) {
  return useQuery({
    queryKey: storeSettingsKey(storeId),
    queryFn: ({ signal }) => apiRequest(getStoreSettings, { params: { storeId }, signal }),
  });
}

/**
 * PATCH the settings at the version read. Every `['stores', …]` query is read again: the active
 * store's settings (`/stores/current`, every screen's store) may have changed with them.
 */
export function useUpdateStoreSettings(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateStoreSettingsBody) => apiRequest(updateStoreSettings, { params: { storeId }, body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(storeSettingsKey(storeId), settings);
      return queryClient.invalidateQueries({ queryKey: ['stores'] });
    },
  });
}

export const storeAliasKey = (storeId: string) => ['stores', storeId, 'alias'] as const;

export function useStoreAlias(storeId: string) {
  return useQuery({
    queryKey: storeAliasKey(storeId),
    queryFn: ({ signal }) => apiRequest(getStoreAlias, { params: { storeId }, signal }),
  });
}

/** PUT the alias and display name; every store query is read again (the active store's alias shows everywhere). */
export function useUpdateStoreAlias(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateStoreAliasBody) => apiRequest(updateStoreAlias, { params: { storeId }, body }),
    onSuccess: (alias) => {
      queryClient.setQueryData(storeAliasKey(storeId), alias);
      return queryClient.invalidateQueries({ queryKey: ['stores'] });
    },
  });
}
