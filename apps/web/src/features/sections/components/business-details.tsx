import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Business } from '@ipos/contracts';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';

/** Admin mode, /dashboard/business/view/:id (GET /api/v1/admin/businesses/:businessId). */
export function BusinessDetails({ business }: { business: UseQueryResult<Business> }) {
  const back = (
    <Anchor component={Link} to="/dashboard/business" size="sm">
      All businesses
    </Anchor>
  );
  if (business.isPending) return <LoadingCard label="Loading the business" />;
  if (business.isError) {
    // Another owner's business answers 404, exactly like one that does not exist.
    if (isApiError(business.error) && (business.error.status === 404 || business.error.status === 400)) {
      return (
        <Stack gap="md">
          <Title order={1}>Business not found</Title>
          <Text c="dimmed">There is no business of yours at this address.</Text>
          {back}
        </Stack>
      );
    }
    return (
      <Stack gap="md">
        <LoadError
          title="We could not load this business"
          error={business.error}
          onRetry={() => void business.refetch()}
          isRetrying={business.isFetching}
        />
        {back}
      </Stack>
    );
  }
  const { data } = business;
  return (
    <Stack gap="lg">
      {back}
      <Group gap="sm" wrap="wrap">
        <Title order={1}>{data.name}</Title>
        <Badge variant="light">{data.currency}</Badge>
        <Badge variant="outline" color="gray">
          {data.country}
        </Badge>
      </Group>
      <Stack gap="sm" component="section" aria-labelledby="stores-title">
        <Title order={2} size="h4" id="stores-title">
          Stores
        </Title>
        {data.stores.length === 0 ? (
          <Text c="dimmed">No stores yet.</Text>
        ) : (
          <Card withBorder padding={0} radius="md">
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing="sm" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Store</Table.Th>
                    <Table.Th scope="col">Alias</Table.Th>
                    <Table.Th scope="col">Time zone</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.stores.map((store) => (
                    <Table.Tr key={store.id}>
                      <Table.Td fw={600}>{store.name}</Table.Td>
                      <Table.Td>{store.alias}</Table.Td>
                      <Table.Td>{store.timeZone}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
      </Stack>
    </Stack>
  );
}
