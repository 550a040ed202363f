import { useState } from 'react';
import { Anchor, Button, Card, Group, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { StaffInvitation } from '@ipos/contracts';
import { WhenLoaded } from '../../../../components/feedback/load-states';
import { STAFF_INVITATIONS_PATH, useCreateStaffMember, useStaffOptions } from '../../../../features/staff/api/staff';
import { InvitationSent, NewStaffForm } from '../../../../features/staff/components/staff-forms';
import { WithActiveStore } from '../../with-active-store';
import { NoAccess } from '../../../../components/feedback/no-access';
import { pathTo } from '../../../../lib/route-paths';

function NewStaff({ storeId }: { storeId: string }) {
  const navigate = useNavigate();
  const options = useStaffOptions();
  const create = useCreateStaffMember();
  const [added, setAdded] = useState<StaffInvitation | null>(null);
  if (added)
    return (
      <Stack gap="md">
        <InvitationSent invitation={added} />
        <Group>
          <Button component={Link} to={STAFF_INVITATIONS_PATH}>
            See the invitations
          </Button>
          <Button variant="default" onClick={() => setAdded(null)}>
            Invite another
          </Button>
        </Group>
      </Stack>
    );
  return (
    <WhenLoaded
      query={options}
      loadingLabel="Loading the roles and stores"
      errorTitle="We could not load the roles and stores"
    >
      {(data) => (
        <Card withBorder padding="lg" radius="md">
          <NewStaffForm
            options={data}
            defaultStoreId={storeId}
            onCancel={() => void navigate(pathTo('dashboard.settings.users-and-permissions'))}
            onSubmit={async (body) => setAdded(await create.mutateAsync(body))}
          />
        </Card>
      )}
    </WhenLoaded>
  );
}

/** `/dashboard/settings/users-and-permissions/staff/create`: invite a person (settings.staff). */
export function CreateStaffRoute() {
  return (
    <Stack gap="lg" maw={860}>
      <Anchor component={Link} to={pathTo('dashboard.settings.users-and-permissions')} size="sm">
        ← Users and permissions
      </Anchor>
      <Title order={1}>Add a staff member</Title>
      <WithActiveStore>
        {(store) => (store.permissions.includes('settings.staff') ? <NewStaff storeId={store.id} /> : <NoAccess />)}
      </WithActiveStore>
    </Stack>
  );
}

export { CreateStaffRoute as Component };
