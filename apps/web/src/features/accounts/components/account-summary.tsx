import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Me } from '@ipos/contracts';
import { isApiError } from '../../../lib/api-client';
import { useMe } from '../api/get-me';
import { roleLabel } from '../role-label';

function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'NETWORK_ERROR') return 'We could not reach the server. Check the connection and try again.';
    if (error.status === 401) return 'Your session has ended. Sign in again to continue.';
    if (error.status >= 500) return 'Something went wrong on our side. Try again in a moment.';
    return error.message;
  }
  return 'Something went wrong. Try again.';
}

function Loading() {
  return (
    <Card withBorder padding="lg" radius="md" aria-busy="true" aria-label="Loading your account">
      <Stack gap="sm">
        <Skeleton height={24} width="40%" />
        <Skeleton height={16} width="60%" />
        <Skeleton height={16} width="50%" />
      </Stack>
    </Card>
  );
}

function StoreDetails({ me }: { me: Me }) {
  const membership = me.memberships[0];
  if (!membership) {
    return (
      <Text c="dimmed" data-testid="no-store">
        {me.isOwner
          ? `You own ${me.businesses.map((b) => b.name).join(', ') || 'a business'} but work in no store yet.`
          : 'You are not a member of any store yet. Ask your manager to add you.'}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        Store
      </Text>
      <Group gap="xs" wrap="wrap">
        <Text fw={600} size="lg" data-testid="store-name">
          {membership.storeName}
        </Text>
        <Badge variant="light" aria-label={`Role: ${roleLabel(membership.roleName)}`}>
          {roleLabel(membership.roleName)}
        </Badge>
      </Group>
      <Text size="sm" data-testid="business-name">
        {membership.businessName}
      </Text>
    </Stack>
  );
}

/** Who is signed in and where they work (the first store membership). */
export function AccountSummary() {
  const me = useMe();

  if (me.isPending) return <Loading />;

  if (me.isError) {
    return (
      <Alert color="red" variant="light" title="We could not load your account" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(me.error)}</Text>
          <Button size="xs" variant="white" color="red" loading={me.isFetching} onClick={() => void me.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const { account } = me.data;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="account-summary-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Signed in as
          </Text>
          <Title order={2} size="h3" id="account-summary-title" data-testid="account-name">
            {account.name}
          </Title>
          <Text size="sm" c="dimmed">
            {account.email}
          </Text>
        </Stack>
        <StoreDetails me={me.data} />
      </Stack>
    </Card>
  );
}
