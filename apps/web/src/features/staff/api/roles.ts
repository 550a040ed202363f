import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createRole,
  deleteRole,
  getRole,
  listRoles,
  updateRole,
  type CreateRoleBody,
  type UpdateRoleBody,
} from '@ipos/contracts';
import { apiRequest } from '../../../lib/api-client';
import { pathTo } from '../../../lib/route-paths';

/** The business's roles (packages/contracts/src/staff/roles.ts) as TanStack Query hooks. */
const rolesKey = ['staff', 'roles'] as const;

export function useRoles() {
  return useQuery({
    queryKey: rolesKey,
    queryFn: ({ signal }) => apiRequest(listRoles, { signal }),
  });
}

export function useRole(roleId: string) {
  return useQuery({
    queryKey: [...rolesKey, roleId],
    queryFn: ({ signal }) => apiRequest(getRole, { params: { roleId }, signal }),
  });
}

/** Every change reads the roles again (names, members and the staff screens' role pickers). */
function useRoleMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}

export const useCreateRole = () => useRoleMutation((body: CreateRoleBody) => apiRequest(createRole, { body }));

export const useUpdateRole = () =>
  useRoleMutation(({ roleId, body }: { roleId: string; body: UpdateRoleBody }) =>
    apiRequest(updateRole, { params: { roleId }, body }),
  );

export const useDeleteRole = () => useRoleMutation((roleId: string) => apiRequest(deleteRole, { params: { roleId } }));

/** The role editor's path: the spec's `roles/edit/{id}/{name}`. */
export const roleEditPath = (role: { id: string; name: string }) =>
  pathTo('dashboard.settings.roles/edit/:id/:name', { id: role.id, name: role.name });
export const NO_ROLES_PERMISSION = 'Your role does not allow managing roles; the business’s administrator does.';
