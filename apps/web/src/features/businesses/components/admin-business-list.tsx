import { useState } from 'react';
import { Anchor, Box, Button, Card, Group, Modal, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CreateBusinessBody, listBusinesses } from '@ipos/contracts';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState, ListTable } from '../../../components/feedback/list-state';
import { toast } from '../../../components/toast';
import type { ResponseOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';
import { businessPath } from '../api/admin-businesses';
import { NewBusinessForm } from './new-business-form';

/**
 * Admin mode, `/dashboard/business`: the businesses the owner owns with today's figures (GET
 * /api/v1/admin/businesses), and "New business".
 */
export function AdminBusinessList({
  businesses,
  page,
  onPage,
  create,
  onCreated,
}: {
  businesses: UseQueryResult<ResponseOf<typeof listBusinesses>>;
  page: number;
  onPage: (page: number) => void;
  create: (body: CreateBusinessBody) => Promise<{ businessId: string }>;
  onCreated: (businessId: string) => void;
}) {
  const [creating, setCreating] = useState(false);
  const data = businesses.data;
  const items = data?.items ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Businesses</Title>
          <Text c="dimmed">Today’s figures count each store’s own day, in the business’s currency.</Text>
        </Stack>
        <Button onClick={() => setCreating(true)}>New business</Button>
      </Group>
      <Stack gap="sm">
        <Card withBorder padding={0} radius="md">
          <ListState
            query={businesses}
            count={items.length}
            loadingLabel="Loading your businesses"
            errorTitle="We could not load your businesses"
            empty={
              <Box p="lg">
                <EmptyState title="You do not own a business yet">Create one with New business.</EmptyState>
              </Box>
            }
          >
            <ListTable label="Businesses" minWidth={760} refreshing={businesses.isPlaceholderData}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Business</Table.Th>
                  <Table.Th scope="col">Country</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Stores
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Staff
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Sales today
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Net sales today
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Low stock
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((business) => (
                  <Table.Tr key={business.id}>
                    <Table.Td>
                      <Anchor component={Link} to={businessPath(business.id)} fw={600}>
                        {business.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {business.currency}
                      </Text>
                    </Table.Td>
                    <Table.Td>{business.country}</Table.Td>
                    <Table.Td ta="right">{business.storeCount}</Table.Td>
                    <Table.Td ta="right">{business.staffCount}</Table.Td>
                    <Table.Td ta="right">{business.todayFigures.salesCount}</Table.Td>
                    <Table.Td ta="right">
                      {formatMoney(business.todayFigures.netSalesMinor, business.currency)}
                    </Table.Td>
                    <Table.Td ta="right">{business.lowStockCount}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ListTable>
          </ListState>
        </Card>
        {data && data.total > data.pageSize ? (
          <Group justify="flex-end">
            <Pagination
              total={Math.ceil(data.total / data.pageSize)}
              value={page}
              onChange={onPage}
              aria-label="Pages"
            />
          </Group>
        ) : null}
      </Stack>
      <Modal opened={creating} onClose={() => setCreating(false)} title="New business" size="lg">
        {creating ? (
          <NewBusinessForm
            onCancel={() => setCreating(false)}
            onSubmit={async (body) => {
              const { businessId } = await create(body);
              toast.show({ type: 'success', message: `Created ${body.name}.` });
              setCreating(false);
              onCreated(businessId);
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
