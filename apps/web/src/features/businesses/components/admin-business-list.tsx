import { useState } from 'react';
import { Anchor, Button, Card, Group, Modal, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CreateBusinessBody, listBusinesses } from '@ipos/contracts';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { WhenLoaded } from '../../../components/feedback/load-states';
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
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Businesses</Title>
          <Text c="dimmed">Today’s figures count each store’s own day, in the business’s currency.</Text>
        </Stack>
        <Button onClick={() => setCreating(true)}>New business</Button>
      </Group>
      <WhenLoaded
        query={businesses}
        loadingLabel="Loading your businesses"
        errorTitle="We could not load your businesses"
      >
        {({ items, total, pageSize }) =>
          items.length === 0 ? (
            <Card withBorder padding="lg" radius="md">
              <EmptyState title="You do not own a business yet">Create one with New business.</EmptyState>
            </Card>
          ) : (
            <Stack gap="sm">
              <Card withBorder padding={0} radius="md">
                <Table.ScrollContainer minWidth={760}>
                  <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Businesses">
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
                  </Table>
                </Table.ScrollContainer>
              </Card>
              {total > pageSize ? (
                <Group justify="flex-end">
                  <Pagination total={Math.ceil(total / pageSize)} value={page} onChange={onPage} aria-label="Pages" />
                </Group>
              ) : null}
            </Stack>
          )
        }
      </WhenLoaded>
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
