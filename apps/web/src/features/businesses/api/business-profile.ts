import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addBusinessProfileStore,
  deleteBusinessLogo,
  getBusinessProfile,
  listBusinessProfileStores,
  putBusinessLogo,
  updateBusinessProfile,
  type NewStoreBody,
  type UpdateBusinessProfileBody,
} from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** The business profile of store details (packages/contracts/src/businesses/business-profile.ts). */
const profileKey = ['businesses', 'profile'] as const;

export function useBusinessProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: ({ signal }) => apiRequest(getBusinessProfile, { signal }),
  });
}

export function useBusinessProfileStores() {
  return useQuery({
    queryKey: [...profileKey, 'locations'],
    queryFn: ({ signal }) => apiRequest(listBusinessProfileStores, { signal }),
  });
}

/** Store details' stores: add one (the same rules as admin mode's "Add a store"); the list and the account are read again. */
export function useAddBusinessProfileStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewStoreBody) => apiRequest(addBusinessProfileStore, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...profileKey, 'locations'] }),
        queryClient.invalidateQueries({ queryKey: ['accounts'] }),
      ]),
  });
}

/** Every change puts the new profile in place and reads the rest again (the store's business name shows everywhere). */
function useProfileMutation<A>(fn: (args: A) => ReturnType<typeof apiRequest<typeof getBusinessProfile>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey, profile);
      return queryClient.invalidateQueries({ queryKey: ['stores'] });
    },
  });
}

export const useUpdateBusinessProfile = () =>
  useProfileMutation((body: UpdateBusinessProfileBody) => apiRequest(updateBusinessProfile, { body }));

export const useUploadBusinessLogo = () => useProfileMutation((file: Blob) => apiRequest(putBusinessLogo, { file }));

export const useDeleteBusinessLogo = () => useProfileMutation(() => apiRequest(deleteBusinessLogo, {}));
