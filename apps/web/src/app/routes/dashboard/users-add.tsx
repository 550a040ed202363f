import { useState } from 'react';
import { Anchor, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { BusinessSummary, StaffInvitation } from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { useBusinesses } from '../../../features/businesses/api/admin-businesses';
import { useAdminStaffOptions, useInviteAdminUser } from '../../../features/staff/api/admin-users';
import { InvitationSent, NewStaffForm } from '../../../features/staff/components/staff-forms';
import { pathTo } from '../../../lib/route-paths';

function AddUser({ businesses }: { businesses: BusinessSummary[] }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const asked = params.get('business');
  const businessId = businesses.some((b) => b.id === asked)
    ? asked
    : businesses.length === 1
      ? businesses[0]!.id
      : null;
  const business = businesses.find((b) => b.id === businessId);
  const options = useAdminStaffOptions(businessId);
  const invite = useInviteAdminUser();
  const [added, setAdded] = useState<StaffInvitation | null>(null);

  if (added)
    return (
      <Stack gap="md">
        <InvitationSent invitation={added} />
        <Group>
          <Button component={Link} to={pathTo('dashboard.users')}>
            Back to users
          </Button>
          <Button variant="default" onClick={() => setAdded(null)}>
            Invite another
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Stack gap="md">
      <Select
        label="Business"
        description="The business the person joins."
        placeholder="Choose a business"
        required
        maw={360}
        allowDeselect={false}
        data={businesses.map((b) => ({ value: b.id, label: b.name }))}
        value={businessId}
        onChange={(value) => value && setParams({ business: value }, { replace: true })}
      />
      {businessId && business ? (
        <WhenLoaded
          query={options}
          loadingLabel="Loading the roles and stores"
          errorTitle="We could not load the roles and stores"
        >
          {(data) => (
            <Card withBorder padding="lg" radius="md">
              <NewStaffForm
                key={businessId}
                options={data}
                defaultStoreId={business.stores.length === 1 ? business.stores[0]!.id : undefined}
                onCancel={() => void navigate(pathTo('dashboard.users'))}
                onSubmit={async (body) => setAdded(await invite.mutateAsync({ businessId, body }))}
              />
            </Card>
          )}
        </WhenLoaded>
      ) : (
        <Text c="dimmed">Choose the business first: its roles and stores come next.</Text>
      )}
    </Stack>
  );
}

/** `/dashboard/users/add` (admin mode): invite a person into a business and store with a role. */
export function AddUserRoute() {
  const businesses = useBusinesses(1, 100);
  return (
    <Stack gap="lg" maw={860}>
      <Anchor component={Link} to={pathTo('dashboard.users')} size="sm">
        ← Users
      </Anchor>
      <Title order={1}>Add a user</Title>
      <WhenLoaded
        query={businesses}
        loadingLabel="Loading your businesses"
        errorTitle="We could not load your businesses"
      >
        {(data) => <AddUser businesses={data.items} />}
      </WhenLoaded>
    </Stack>
  );
}

export { AddUserRoute as Component };
