import { Stack, Text } from '@mantine/core';
import { NO_ROLES_PERMISSION } from '../../../features/staff/api/roles';
import { RoleList } from '../../../features/staff/components/role-list';
import { UsersAndPermissionsHeader } from '../../../features/staff/components/users-and-permissions-header';
import { WithActiveStore } from '../with-active-store';

/** `/dashboard/settings/users-and-permissions/roles`: the business's roles (settings.roles). */
export function RolesRoute() {
  return (
    <Stack gap="lg">
      <UsersAndPermissionsHeader active="roles" />
      <WithActiveStore>
        {(store) =>
          store.permissions.includes('settings.roles') ? (
            <RoleList createPath="/dashboard/settings/roles/create" />
          ) : (
            <Text>{NO_ROLES_PERMISSION}</Text>
          )
        }
      </WithActiveStore>
    </Stack>
  );
}

export { RolesRoute as Component };
