import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../../components/toast';
import { NO_ROLES_PERMISSION, useCreateRole } from '../../../../features/staff/api/roles';
import { RoleForm } from '../../../../features/staff/components/role-form';
import { WithActiveStore } from '../../with-active-store';
import { pathTo } from '../../../../lib/route-paths';

/** `/dashboard/settings/roles/create`: a custom role (settings.roles). */
export function CreateRoleRoute() {
  const navigate = useNavigate();
  const create = useCreateRole();
  const back = () => void navigate(pathTo('dashboard.settings.users-and-permissions/roles'));
  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to={pathTo('dashboard.settings.users-and-permissions/roles')} size="sm">
        ← Roles
      </Anchor>
      <Title order={1}>New role</Title>
      <Card withBorder padding="lg" radius="md">
        <WithActiveStore>
          {(store) =>
            store.permissions.includes('settings.roles') ? (
              <RoleForm
                submitLabel="Create role"
                onCancel={back}
                onSubmit={async (body) => {
                  const role = await create.mutateAsync(body);
                  toast.show({ type: 'success', message: `Created the role ${role.name}.` });
                  back();
                }}
              />
            ) : (
              <Text>{NO_ROLES_PERMISSION}</Text>
            )
          }
        </WithActiveStore>
      </Card>
    </Stack>
  );
}

export { CreateRoleRoute as Component };
