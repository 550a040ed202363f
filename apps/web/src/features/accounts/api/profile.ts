import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelEmailChange,
  confirmEmailChange,
  getMyProfile,
  startEmailChange,
  updateMyProfile,
  type Profile,
  type StartEmailChangeBody,
  type UpdateProfileBody,
} from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

/** My profile (packages/contracts/src/accounts/profile.ts): the signed-in account's own details. */
export const profileQueryKey = ['accounts', 'profile'] as const;

export function useMyProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: ({ signal }) => apiRequest(getMyProfile, { signal }) });
}

/** Each change puts the new profile in place; /me (the frame's name and email) is read again. */
function useProfileChange<A>(fn: (args: A) => Promise<Profile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export function useUpdateProfile() {
  return useProfileChange((body: UpdateProfileBody) => apiRequest(updateMyProfile, { body }));
}

export function useStartEmailChange() {
  return useProfileChange((body: StartEmailChangeBody) => apiRequest(startEmailChange, { body }));
}

export function useConfirmEmailChange() {
  return useProfileChange((token: string) => apiRequest(confirmEmailChange, { body: { token } }));
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(cancelEmailChange),
    onSuccess: () => {
      queryClient.setQueryData<Profile>(profileQueryKey, (old) => (old ? { ...old, pendingEmail: null } : old));
    },
  });
}
