import { Stack, Text, Title } from '@mantine/core';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { useBusinesses } from '../../../features/businesses/api/admin-businesses';
import { AdminUserList } from '../../../features/staff/components/admin-user-list';

/** `/dashboard/users` (admin mode): everyone across the owner's businesses. */
export function UsersListRoute() {
  const businesses = useBusinesses(1, 100);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Users</Title>
        <Text c="dimmed">Everyone who works in your businesses, with their role and stores in each.</Text>
      </Stack>
      <WhenLoaded
        query={businesses}
        loadingLabel="Loading your businesses"
        errorTitle="We could not load your businesses"
      >
        {(data) => <AdminUserList businesses={data.items} />}
      </WhenLoaded>
    </Stack>
  );
}

export { UsersListRoute as Component };
