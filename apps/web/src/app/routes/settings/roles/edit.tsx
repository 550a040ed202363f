import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { isRecordMissing, RecordNotFound, WhenLoaded } from '../../../../components/feedback/load-states';
import { toast } from '../../../../components/toast';
import { roleLabel } from '../../../../lib/role-label';
import { NO_ROLES_PERMISSION, roleEditPath, useRole, useUpdateRole } from '../../../../features/staff/api/roles';
import { PermissionMatrix, RoleForm, RoleKindBadge } from '../../../../features/staff/components/role-form';
import { WithActiveStore } from '../../with-active-store';
import { pathTo } from '../../../../lib/route-paths';

function EditRole({ roleId }: { roleId: string }) {
  const navigate = useNavigate();
  const role = useRole(roleId);
  const update = useUpdateRole();
  if (role.isError && isRecordMissing(role.error))
    return (
      <RecordNotFound
        title="Role not found"
        backTo={pathTo('dashboard.settings.users-and-permissions/roles')}
        backLabel="Back to the roles"
      >
        This role does not exist in the business, or it was deleted.
      </RecordNotFound>
    );
  return (
    <WhenLoaded query={role} loadingLabel="Loading the role" errorTitle="We could not load the role">
      {(found) => (
        <Stack gap="lg">
          <Group gap="sm">
            <Title order={1}>{roleLabel(found.name)}</Title>
            <RoleKindBadge role={found} />
          </Group>
          <Text c="dimmed">
            {found.members} {found.members === 1 ? 'person holds' : 'people hold'} this role.
            {found.isSystem
              ? ' A system role cannot be changed: create a custom role to choose other permissions.'
              : ''}
          </Text>
          <Card withBorder padding="lg" radius="md">
            {found.isSystem ? (
              <PermissionMatrix selected={found.permissions} readOnly />
            ) : (
              <RoleForm
                key={found.version}
                role={found}
                submitLabel="Save role"
                onCancel={() => void navigate(pathTo('dashboard.settings.users-and-permissions/roles'))}
                onSubmit={async (body) => {
                  const saved = await update.mutateAsync({ roleId, body: { ...body, version: found.version } });
                  toast.show({ type: 'success', message: `Saved the role ${saved.name}.` });
                  // The name is in the path: keep the address true after a rename.
                  void navigate(roleEditPath(saved), { replace: true });
                }}
              />
            )}
          </Card>
        </Stack>
      )}
    </WhenLoaded>
  );
}

/** `/dashboard/settings/roles/edit/{id}/{name}`: a custom role's name and permissions; a system role read-only. */
export function EditRoleRoute() {
  const { id = '' } = useParams();
  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to={pathTo('dashboard.settings.users-and-permissions/roles')} size="sm">
        ← Roles
      </Anchor>
      <WithActiveStore>
        {(store) =>
          store.permissions.includes('settings.roles') ? (
            <EditRole key={id} roleId={id} />
          ) : (
            <>
              <Title order={1}>Edit role</Title>
              <Text>{NO_ROLES_PERMISSION}</Text>
            </>
          )
        }
      </WithActiveStore>
    </Stack>
  );
}

export { EditRoleRoute as Component };
