import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptMyInvitation, declineMyInvitation, listMyInvitations, type MyInvitation } from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

/**
 * The signed-in person's invitations to join a business's staff (GET /api/v1/me/invitations), and
 * their answer. Kept under 'accounts' so that switching store or mode does not read them again.
 */
export const myInvitationsQueryKey = ['accounts', 'invitations'] as const;

export function useMyInvitations() {
  return useQuery({
    queryKey: myInvitationsQueryKey,
    queryFn: ({ signal }) => apiRequest(listMyInvitations, { signal }),
  });
}

/**
 * Takes an invitation off the list at once: answered, or no longer open (withdrawn, expired). The
 * card answering it calls this last, once its own messages are out (it unmounts with it).
 */
export function useForgetMyInvitation() {
  const queryClient = useQueryClient();
  return (invitationId: string) =>
    queryClient.setQueryData<{ items: MyInvitation[] }>(myInvitationsQueryKey, (list) =>
      list ? { items: list.items.filter((i) => i.id !== invitationId) } : list,
    );
}

/**
 * Accepting makes the person a member of the business's stores: the account (GET /me, the store list
 * of the switcher) is read again before the mutation settles, so the new stores are there when the
 * screen says "You joined …".
 */
export function useAcceptMyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => apiRequest(acceptMyInvitation, { params: { invitationId } }),
    onSuccess: () => queryClient.refetchQueries({ queryKey: meQueryKey, exact: true }),
  });
}

export const useDeclineMyInvitation = () =>
  useMutation({
    mutationFn: (invitationId: string) => apiRequest(declineMyInvitation, { params: { invitationId } }),
  });
