import { useState } from 'react';
import { Anchor, Button, Card, Group, Modal, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { storePermissions, type Role } from '@ipos/contracts';
import { ListState } from '../../../components/feedback/list-state';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { showApiError, toast } from '../../../components/toast';
import { roleLabel } from '../../../lib/role-label';
import { roleEditPath, useDeleteRole, useRoles } from '../api/roles';
import { RoleKindBadge } from './role-form';

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/** The role and its actions always show; kind, permissions and members move into details when narrow. */
function roleColumns(onDelete: (role: Role) => void): TableColumn<Role>[] {
  return [
    {
      key: 'role',
      label: 'Role',
      priority: 0,
      minWidth: 128,
      cell: (role) => (
        <>
          <Anchor component={Link} to={roleEditPath(role)} fw={500}>
            {roleLabel(role.name)}
          </Anchor>
          {role.isSystem ? (
            <Text size="xs" c="dimmed">
              {role.name}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'kind', label: 'Kind', kind: 'other', priority: 1, cell: (role) => <RoleKindBadge role={role} /> },
    {
      key: 'permissions',
      label: 'Permissions',
      kind: 'number',
      priority: 3,
      cell: (role) => `${role.permissions.length} of ${storePermissions.length}`,
    },
    { key: 'members', label: 'Members', kind: 'number', priority: 2, cell: (role) => people(role.members) },
    {
      key: 'actions',
      label: 'Actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      kind: 'other',
      priority: 0,
      thProps: { ta: 'right' },
      cell: (role) => (role.isSystem ? null : <RoleActions role={role} onDelete={onDelete} />),
    },
  ];
}

function RoleActions({ role, onDelete }: { role: Role; onDelete: (role: Role) => void }) {
  return (
    <Group gap={4} justify="flex-end">
      <Button
        component={Link}
        to={roleEditPath(role)}
        size="compact-sm"
        variant="subtle"
        aria-label={`Edit ${role.name}`}
      >
        Edit
      </Button>
      <Tooltip label={`${people(role.members)} hold it: give them another role first`} disabled={role.members === 0}>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          aria-label={`Delete ${role.name}`}
          data-disabled={role.members > 0 || undefined}
          onClick={(event) => {
            if (role.members > 0) event.preventDefault();
            else onDelete(role);
          }}
        >
          Delete
        </Button>
      </Tooltip>
    </Group>
  );
}

/**
 * `settings/users-and-permissions/roles`: the system roles (read-only, opened to see what they
 * allow) and the custom roles with how many people hold each; a custom role no one holds can be
 * deleted after a confirmation.
 */
export function RoleList({ createPath }: { createPath: string }) {
  const roles = useRoles();
  const remove = useDeleteRole();
  const [confirming, setConfirming] = useState<Role | null>(null);

  const confirmDelete = async () => {
    const role = confirming;
    if (!role) return;
    try {
      await remove.mutateAsync(role.id);
      toast.show({ type: 'success', message: `Deleted the role ${role.name}.` });
    } catch (error) {
      showApiError(error, 'Could not delete the role');
    } finally {
      setConfirming(null);
    }
  };

  const items = roles.data?.items ?? [];
  const noCustomRoles = (
    <Text p="md" c="dimmed" size="sm">
      No custom roles yet. A custom role gives exactly the permissions you choose.
    </Text>
  );

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button component={Link} to={createPath}>
          New role
        </Button>
      </Group>
      <Card withBorder padding={0} radius="md">
        <ListState
          query={roles}
          count={items.length}
          loadingLabel="Loading the roles"
          errorTitle="We could not load the roles"
          empty={noCustomRoles}
        >
          <ResponsiveTable
            label="Roles"
            columns={roleColumns(setConfirming)}
            rows={items}
            rowKey={(role) => role.id}
            rowLabel={(role) => roleLabel(role.name)}
            rowProps={() => ({ 'data-testid': 'role-row' })}
            refreshing={roles.isPlaceholderData}
          />
          {items.every((r) => r.isSystem) ? noCustomRoles : null}
        </ListState>
      </Card>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Delete this role?">
        <Stack gap="md">
          <Text>
            {confirming?.name} will be deleted. No one holds it; this cannot be undone, and the audit trail keeps its
            record.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Keep it
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete()}>
              Delete role
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
