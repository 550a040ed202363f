import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getAdminStaffOptions,
  inviteAdminUser,
  listAdminUsers,
  type CreateStaffMemberBody,
  type ListAdminUsersQuery,
} from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';

/** Admin mode's users (packages/contracts/src/staff/admin-users.ts). */

export function useAdminUsers(query: ListAdminUsersQuery) {
  return useQuery({
    queryKey: ['admin', 'users', query],
    queryFn: ({ signal }) => apiRequest(listAdminUsers, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The roles and stores of one business (none asked while no business is chosen). */
export function useAdminStaffOptions(businessId: string | null) {
  return useQuery({
    queryKey: ['admin', 'staff-options', businessId],
    queryFn: ({ signal }) => apiRequest(getAdminStaffOptions, { params: { businessId: businessId! }, signal }),
    enabled: Boolean(businessId),
  });
}

export function useInviteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ businessId, body }: { businessId: string; body: CreateStaffMemberBody }) =>
      apiRequest(inviteAdminUser, { params: { businessId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: ['businesses'] }),
        queryClient.invalidateQueries({ queryKey: ['staff'] }),
      ]),
  });
}
