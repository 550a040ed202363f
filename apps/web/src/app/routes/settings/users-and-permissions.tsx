import { Stack, Text } from '@mantine/core';
import { StaffInvitations } from '../../../features/staff/components/staff-invitations';
import { StaffList } from '../../../features/staff/components/staff-list';
import { UsersAndPermissionsHeader } from '../../../features/staff/components/users-and-permissions-header';
import { WithActiveStore } from '../with-active-store';

/** `/dashboard/settings/users-and-permissions`: the business's staff and its invitations (settings.staff). */
export function UsersAndPermissionsRoute() {
  return (
    <Stack gap="lg">
      <UsersAndPermissionsHeader active="staff" />
      <WithActiveStore>
        {(store) =>
          store.permissions.includes('settings.staff') ? (
            <Stack gap="xl">
              <StaffList createPath="/dashboard/settings/users-and-permissions/staff/create" />
              <StaffInvitations />
            </Stack>
          ) : (
            <Text>Your role does not allow managing staff; a manager or administrator does.</Text>
          )
        }
      </WithActiveStore>
    </Stack>
  );
}

export { UsersAndPermissionsRoute as Component };
