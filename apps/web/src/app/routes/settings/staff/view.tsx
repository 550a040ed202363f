import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { ActiveStore } from '@ipos/contracts';
import { isRecordMissing, RecordNotFound, WhenLoaded } from '../../../../components/feedback/load-states';
import { roleLabel } from '../../../../lib/role-label';
import { useStaffMember, useStaffOptions } from '../../../../features/staff/api/staff';
import { StaffActions } from '../../../../features/staff/components/staff-actions';
import { StaffRoleCard } from '../../../../features/staff/components/staff-role-card';
import { StaffStatusBadge } from '../../../../features/staff/components/staff-list';
import { WithActiveStore } from '../../with-active-store';
import { NoAccess } from '../../../../components/feedback/no-access';
import { pathTo } from '../../../../lib/route-paths';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{children}</Text>
    </Stack>
  );
}

function StaffPage({ accountId, store }: { accountId: string; store: ActiveStore }) {
  const member = useStaffMember(accountId);
  // The roles and stores load alongside the person, not after them (the role card reads them).
  useStaffOptions();
  if (member.isError && isRecordMissing(member.error))
    return (
      <RecordNotFound
        title="Staff member not found"
        backTo={pathTo('dashboard.settings.users-and-permissions')}
        backLabel="Back to the staff"
      >
        No one with this id works in the business.
      </RecordNotFound>
    );
  return (
    <WhenLoaded query={member} loadingLabel="Loading the staff member" errorTitle="We could not load the staff member">
      {(found) => (
        <Stack gap="lg">
          <Group gap="sm">
            <Title order={1}>{found.name}</Title>
            <StaffStatusBadge member={found} />
          </Group>
          <Card withBorder padding="lg" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <Detail label="Email">{found.email}</Detail>
              <Detail label="Phone">{found.phone ?? '—'}</Detail>
              <Detail label="Role">{roleLabel(found.role.name)}</Detail>
              <Detail label="PIN">{found.isPinLocked ? 'Locked' : found.hasPin ? 'Set' : 'Not yet created'}</Detail>
            </SimpleGrid>
          </Card>
          {found.isOwner ? (
            <Text>
              {found.name} owns the business: they are its administrator in every store, whatever is set here.
            </Text>
          ) : (
            <>
              <StaffRoleCard member={found} />
              <Card withBorder padding="lg" radius="md">
                <Stack gap="md">
                  <Title order={2} size="h4">
                    Access
                  </Title>
                  <StaffActions member={found} store={store} />
                </Stack>
              </Card>
            </>
          )}
        </Stack>
      )}
    </WhenLoaded>
  );
}

/** `/dashboard/settings/users-and-permissions/staff/{id}`: one person: role, stores and access (settings.staff). */
export function StaffMemberRoute() {
  const { id = '' } = useParams();
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={pathTo('dashboard.settings.users-and-permissions')} size="sm">
        ← Users and permissions
      </Anchor>
      <WithActiveStore>
        {(store) =>
          store.permissions.includes('settings.staff') ? (
            <StaffPage key={id} accountId={id} store={store} />
          ) : (
            <NoAccess page />
          )
        }
      </WithActiveStore>
    </Stack>
  );
}

export { StaffMemberRoute as Component };
