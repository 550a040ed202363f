import { useState } from 'react';
import { Anchor, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { ActiveStore, StaffMember } from '@ipos/contracts';
import { isRecordMissing, RecordNotFound, WhenLoaded } from '../../../../components/feedback/load-states';
import { showApiError, toast } from '../../../../components/toast';
import { roleLabel } from '../../../../lib/role-label';
import {
  useResendDefaultPassword,
  useResetStaffPin,
  useSetStaffActive,
  useStaffMember,
  useStaffOptions,
  useUpdateStaffMember,
} from '../../../../features/staff/api/staff';
import { StaffAccessForm } from '../../../../features/staff/components/staff-forms';
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

function StaffActions({ member, store }: { member: StaffMember; store: ActiveStore }) {
  const setActive = useSetStaffActive();
  const resend = useResendDefaultPassword();
  const resetPin = useResetStaffPin();
  const [confirming, setConfirming] = useState(false);
  const active = member.status !== 'inactive';
  const canResetPin =
    store.permissions.includes('staff.pin-reset') &&
    member.stores.some((s) => s.id === store.id) &&
    (member.hasPin || member.isPinLocked);

  const toggle = async () => {
    try {
      await setActive.mutateAsync({ accountId: member.accountId, version: member.version, active: !active });
      toast.show({
        type: 'success',
        message: active
          ? `${member.name} is deactivated: their next request to the business is refused.`
          : `${member.name} is active again, with the same role and stores.`,
      });
    } catch (error) {
      showApiError(error, active ? 'Could not deactivate' : 'Could not reactivate');
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Stack gap="md">
      <Group gap="sm">
        {member.status === 'invited' ? (
          <Button
            variant="default"
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(
                { accountId: member.accountId, version: member.version },
                {
                  onSuccess: () =>
                    toast.show({ type: 'success', message: `A new default password was mailed to ${member.email}.` }),
                  onError: (error) => showApiError(error, 'Could not re-send the invitation'),
                },
              )
            }
          >
            Re-send invitation
          </Button>
        ) : null}
        {canResetPin ? (
          <Button
            variant="default"
            loading={resetPin.isPending}
            onClick={() =>
              resetPin.mutate(member.accountId, {
                onSuccess: () =>
                  toast.show({ type: 'success', message: `${member.name} creates a new PIN at their next sign-in.` }),
                onError: (error) => showApiError(error, 'Could not reset the PIN'),
              })
            }
          >
            Reset PIN
          </Button>
        ) : null}
        {active ? (
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            Deactivate
          </Button>
        ) : (
          <Button variant="light" loading={setActive.isPending} onClick={() => void toggle()}>
            Reactivate
          </Button>
        )}
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`Deactivate ${member.name}?`}>
        <Stack gap="md">
          <Text>
            They can no longer open this business’s stores; their next request is refused. Their role and stores are
            kept, so you can reactivate them later.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep active
            </Button>
            <Button color="red" loading={setActive.isPending} onClick={() => void toggle()}>
              Deactivate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function StaffPage({ accountId, store }: { accountId: string; store: ActiveStore }) {
  const member = useStaffMember(accountId);
  const options = useStaffOptions();
  const update = useUpdateStaffMember();
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
              <Card withBorder padding="lg" radius="md">
                <Stack gap="md">
                  <Title order={2} size="h4">
                    Role and stores
                  </Title>
                  <WhenLoaded query={options} loadingLabel="Loading the roles" errorTitle="We could not load the roles">
                    {(data) => (
                      <StaffAccessForm
                        key={found.version}
                        member={found}
                        options={data}
                        onSubmit={async (body) => {
                          const saved = await update.mutateAsync({ accountId, body });
                          toast.show({
                            type: 'success',
                            message: `${saved.name} is now ${roleLabel(saved.role.name)} in ${saved.stores.map((s) => s.name).join(', ')}.`,
                          });
                        }}
                      />
                    )}
                  </WhenLoaded>
                </Stack>
              </Card>
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
