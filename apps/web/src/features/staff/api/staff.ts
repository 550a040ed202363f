import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createStaffMember,
  deactivateStaffMember,
  getStaffMember,
  getStaffOptions,
  listStaff,
  listStaffInvitations,
  reactivateStaffMember,
  resendStaffInvitation,
  resendStaffInvitationById,
  resetStaffPin,
  updateStaffMember,
  withdrawStaffInvitation,
  type CreateStaffMemberBody,
  type ListStaffQuery,
  type UpdateStaffMemberBody,
} from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';
import { pathTo } from '../../../lib/route-paths';

/** The business's staff (packages/contracts/src/staff/staff.ts) as TanStack Query hooks. */
const staffKey = ['staff', 'members'] as const;

/** The invitations section of the staff list. */
export const STAFF_INVITATIONS_PATH = `${pathTo('dashboard.settings.users-and-permissions')}#invitations`;
export const staffPath = (accountId: string) =>
  pathTo('dashboard.settings.users-and-permissions/staff/:id', { id: accountId });

export function useStaffList(query: ListStaffQuery) {
  return useQuery({
    queryKey: [...staffKey, 'list', query],
    queryFn: ({ signal }) => apiRequest(listStaff, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffMember(accountId: string) {
  return useQuery({
    queryKey: [...staffKey, accountId],
    queryFn: ({ signal }) => apiRequest(getStaffMember, { params: { accountId }, signal }),
  });
}

export function useStaffOptions() {
  return useQuery({
    queryKey: ['staff', 'options'],
    queryFn: ({ signal }) => apiRequest(getStaffOptions, { signal }),
  });
}

/** Every change reads the staff again (the list, the person, the roles' member counts). */
function useStaffMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}

export const useCreateStaffMember = () =>
  useStaffMutation((body: CreateStaffMemberBody) => apiRequest(createStaffMember, { body }));

export const useUpdateStaffMember = () =>
  useStaffMutation(({ accountId, body }: { accountId: string; body: UpdateStaffMemberBody }) =>
    apiRequest(updateStaffMember, { params: { accountId }, body }),
  );

export const useSetStaffActive = () =>
  useStaffMutation(({ accountId, version, active }: { accountId: string; version: number; active: boolean }) =>
    apiRequest(active ? reactivateStaffMember : deactivateStaffMember, { params: { accountId }, body: { version } }),
  );

/** A new default password by mail for someone still on theirs (never shown: decision 0022). */
export const useResendDefaultPassword = () =>
  useStaffMutation(({ accountId, version }: { accountId: string; version: number }) =>
    apiRequest(resendStaffInvitation, { params: { accountId }, body: { version } }),
  );

/** The business's invitations waiting for an answer, expired or declined lately. */
export function useStaffInvitations() {
  return useQuery({
    queryKey: ['staff', 'invitations'],
    queryFn: ({ signal }) => apiRequest(listStaffInvitations, { signal }),
  });
}

export const useResendStaffInvitation = () =>
  useStaffMutation(({ invitationId, version }: { invitationId: string; version: number }) =>
    apiRequest(resendStaffInvitationById, { params: { invitationId }, body: { version } }),
  );

export const useWithdrawStaffInvitation = () =>
  useStaffMutation(({ invitationId, version }: { invitationId: string; version: number }) =>
    apiRequest(withdrawStaffInvitation, { params: { invitationId }, body: { version } }),
  );

export const useResetStaffPin = () =>
  useStaffMutation((accountId: string) => apiRequest(resetStaffPin, { params: { accountId } }));
