import { Card, Stack, Title } from '@mantine/core';
import type { StaffMember } from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { toast } from '../../../components/toast';
import { roleLabel } from '../../../lib/role-label';
import { useStaffOptions, useUpdateStaffMember } from '../api/staff';
import { StaffAccessForm } from './staff-access-form';

/** A person's role and stores, changed at the version read; the form starts again on a newer version. */
export function StaffRoleCard({ member }: { member: StaffMember }) {
  const options = useStaffOptions();
  const update = useUpdateStaffMember();
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          Role and stores
        </Title>
        <WhenLoaded query={options} loadingLabel="Loading the roles" errorTitle="We could not load the roles">
          {(data) => (
            <StaffAccessForm
              key={member.version}
              member={member}
              options={data}
              onSubmit={async (body) => {
                const saved = await update.mutateAsync({ accountId: member.accountId, body });
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
  );
}
