import { useState } from 'react';
import { Anchor, Box, Button, Card, Group, Modal, Pagination, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CreateBusinessBody, listBusinesses } from '@ipos/contracts';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState } from '../../../components/feedback/list-state';
import { ResponsiveTable } from '../../../components/table/responsive-table';
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
            <ResponsiveTable
              label="Businesses"
              columns={[
                {
                  key: 'business',
                  label: 'Business',
                  priority: 0,
                  minWidth: 128,
                  cell: (business) => (
                    <>
                      <Anchor component={Link} to={businessPath(business.id)} fw={600}>
                        {business.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {business.currency}
                      </Text>
                    </>
                  ),
                },
                { key: 'country', label: 'Country', kind: 'code', priority: 6, cell: (business) => business.country },
                {
                  key: 'stores',
                  label: 'Stores',
                  kind: 'number',
                  priority: 3,
                  cell: (business) => business.storeCount,
                },
                { key: 'staff', label: 'Staff', kind: 'number', priority: 5, cell: (business) => business.staffCount },
                {
                  key: 'sales',
                  label: 'Sales today',
                  kind: 'number',
                  priority: 2,
                  cell: (business) => business.todayFigures.salesCount,
                },
                {
                  key: 'net',
                  label: 'Net sales today',
                  kind: 'number',
                  priority: 0,
                  cell: (business) => formatMoney(business.todayFigures.netSalesMinor, business.currency),
                },
                {
                  key: 'lowStock',
                  label: 'Low stock',
                  kind: 'number',
                  priority: 4,
                  cell: (business) => business.lowStockCount,
                },
              ]}
              rows={items}
              rowKey={(business) => business.id}
              rowLabel={(business) => business.name}
              refreshing={businesses.isPlaceholderData}
            />
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
