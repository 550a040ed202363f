import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { listBusinesses } from '@ipos/contracts';
import type { ResponseOf } from '../../../lib/api-client';
import { Link } from 'react-router';
import { WhenLoaded } from '../../../components/feedback/load-states';

/** Admin mode, /dashboard/business: the businesses the owner owns (GET /api/v1/admin/businesses). */
export function BusinessList({ businesses }: { businesses: UseQueryResult<ResponseOf<typeof listBusinesses>> }) {
  return (
    <Stack gap="lg">
      <Title order={1}>Businesses</Title>
      <WhenLoaded
        query={businesses}
        loadingLabel="Loading your businesses"
        errorTitle="We could not load your businesses"
      >
        {({ items }) =>
          items.length === 0 ? (
            <Card withBorder padding="lg" radius="md">
              <Text>You do not own a business yet.</Text>
            </Card>
          ) : (
            <Card withBorder padding={0} radius="md">
              <Table.ScrollContainer minWidth={520}>
                <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Business</Table.Th>
                      <Table.Th scope="col">Currency</Table.Th>
                      <Table.Th scope="col">Country</Table.Th>
                      <Table.Th scope="col">Stores</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((business) => (
                      <Table.Tr key={business.id}>
                        <Table.Td>
                          <Anchor component={Link} to={`/dashboard/business/view/${business.id}`} fw={600}>
                            {business.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{business.currency}</Table.Td>
                        <Table.Td>{business.country}</Table.Td>
                        <Table.Td>{business.stores.map((s) => s.name).join(', ') || 'None yet'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          )
        }
      </WhenLoaded>
    </Stack>
  );
}
