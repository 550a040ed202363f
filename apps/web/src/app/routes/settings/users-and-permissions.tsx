import { Stack } from '@mantine/core';
import { StaffInvitations } from '../../../features/staff/components/staff-invitations';
import { StaffList } from '../../../features/staff/components/staff-list';
import { UsersAndPermissionsHeader } from '../../../features/staff/components/users-and-permissions-header';
import { WithActiveStore } from '../with-active-store';
import { NoAccess } from '../../../components/feedback/no-access';

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
            <NoAccess />
          )
        }
      </WithActiveStore>
    </Stack>
  );
}

export { UsersAndPermissionsRoute as Component };
