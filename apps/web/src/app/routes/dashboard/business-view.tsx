import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AddedStore, BusinessDetail, NewStoreBody } from '@ipos/contracts';
import { Link, useParams } from 'react-router';
import { isRecordMissing, LoadError, LoadingCard } from '../../../components/feedback/load-states';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { roleLabel } from '../../../lib/role-label';
import { priceText } from '../../../features/plans/components/plan-comparison';
import { PlanUsage } from '../../../features/plans/components/plan-usage';
import { StaffStatusBadge } from '../../../features/staff/components/staff-list';
import { AddStoreDialog } from '../../../features/stores/components/add-store-dialog';
import { useAddBusinessStore, useBusiness } from '../../../features/businesses/api/admin-businesses';
import { BusinessStoresSection } from '../../../features/businesses/components/business-stores-section';
import { BusinessTodaySection } from '../../../features/businesses/components/business-today-section';
import { pathTo } from '../../../lib/route-paths';

type StaffMember = BusinessDetail['staff'][number];

/** The person and their status always show; on a narrow screen the role and stores move into details. */
const staffColumns: TableColumn<StaffMember>[] = [
  {
    key: 'name',
    label: 'Name',
    priority: 0,
    minWidth: 120,
    cell: (person) => (
      <>
        {person.name}
        <Text size="xs" c="dimmed">
          {person.email}
        </Text>
      </>
    ),
  },
  { key: 'role', label: 'Role', priority: 1, cell: (person) => roleLabel(person.role) },
  { key: 'stores', label: 'Stores', priority: 2, cell: (person) => person.stores.map((s) => s.name).join(', ') || '—' },
  {
    key: 'status',
    label: 'Status',
    kind: 'other',
    priority: 0,
    cell: (person) => <StaffStatusBadge member={person} />,
  },
];

/**
 * Admin mode, `/dashboard/business/view/:id` (GET /api/v1/admin/businesses/:businessId): today's
 * figures, the stores (and "Add a store"), the people and their roles, the plan and its usage.
 */
function BusinessDetails({
  business,
  addStore,
  addUserPath,
}: {
  business: UseQueryResult<BusinessDetail>;
  addStore: (body: NewStoreBody) => Promise<AddedStore>;
  addUserPath: string;
}) {
  const [adding, setAdding] = useState(false);
  const back = (
    <Anchor component={Link} to={pathTo('dashboard.business')} size="sm">
      ← All businesses
    </Anchor>
  );
  if (business.isPending) return <LoadingCard label="Loading the business" />;
  if (business.isError) {
    // Another owner's business answers 404, exactly like one that does not exist.
    if (isRecordMissing(business.error)) {
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

      <BusinessTodaySection business={data} />

      <BusinessStoresSection business={data} onAdd={() => setAdding(true)} />

      <Stack gap="sm" component="section" aria-labelledby="staff-title">
        <Group justify="space-between">
          <Title order={2} size="h4" id="staff-title">
            Staff
          </Title>
          <Button variant="light" component={Link} to={addUserPath}>
            Add a user
          </Button>
        </Group>
        <Card withBorder padding={0} radius="md">
          <ResponsiveTable
            label="Staff"
            columns={staffColumns}
            rows={data.staff}
            rowKey={(person) => person.accountId}
            rowLabel={(person) => person.name}
            tableProps={{ verticalSpacing: 'sm', horizontalSpacing: 'md', highlightOnHover: false }}
          />
        </Card>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="plan-title">
        <Group gap="sm">
          <Title order={2} size="h4" id="plan-title">
            Plan
          </Title>
          <Badge variant="light">{data.plan.plan.name}</Badge>
          {data.plan.plan.price.amountMinor > 0 && (
            <Text size="sm" c="dimmed">
              {priceText(data.plan.plan)}
            </Text>
          )}
        </Group>
        <Card withBorder padding="lg" radius="md">
          <PlanUsage usage={data.plan.usage} limits={data.plan.plan.limits} />
        </Card>
        <Text size="sm" c="dimmed">
          The business’s administrators change the plan in its Settings → Plan.
        </Text>
      </Stack>

      <AddStoreDialog
        opened={adding}
        onClose={() => setAdding(false)}
        businessName={data.name}
        defaultTimeZone={data.stores[0]?.timeZone}
        add={addStore}
      />
    </Stack>
  );
}

/** `/dashboard/business/view/:id` (admin mode): one business's figures, stores and staff. */
export function BusinessViewRoute() {
  const { id = '' } = useParams();
  const addStore = useAddBusinessStore(id);
  return (
    <BusinessDetails
      business={useBusiness(id)}
      addStore={(body) => addStore.mutateAsync(body)}
      addUserPath={pathTo('dashboard.users.add', {}, { business: id })}
    />
  );
}

export { BusinessViewRoute as Component };
