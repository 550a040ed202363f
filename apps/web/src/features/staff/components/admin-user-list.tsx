import { Button, Card, Group, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { staffStatusLabels, type BusinessSummary, type StaffStatus } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState } from '../../../components/feedback/list-state';
import { ResponsiveTable } from '../../../components/table/responsive-table';
import { idParam, useSetUrlQuery, useUrlTextFilter } from '../../../lib/url-query';
import { roleLabel } from '../../../lib/role-label';
import { useAdminUsers } from '../api/admin-users';
import { Email, StaffStatusBadge } from './staff-list';
import { pathTo } from '../../../lib/route-paths';

const PAGE_SIZE = 25;
const statuses = ['active', 'invited', 'inactive'] as const;

/** The list's filters live in the URL: back, forward and reload keep them. */
export function readAdminUsersQuery(params: URLSearchParams) {
  const status = params.get('status');
  return {
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    pageSize: PAGE_SIZE,
    search: params.get('search')?.trim() || undefined,
    businessId: idParam(params, 'businessId') ?? undefined,
    storeId: idParam(params, 'storeId') ?? undefined,
    role: params.get('role')?.trim() || undefined,
    status: (statuses as readonly string[]).includes(status ?? '') ? (status as StaffStatus) : ('all' as const),
  };
}

/**
 * Admin mode, `/dashboard/users`: everyone across the owner's businesses, by name, with their
 * business, role and stores; searched as you type and filtered by business, store, role and status.
 */
export function AdminUserList({ businesses }: { businesses: BusinessSummary[] }) {
  const [params] = useSearchParams();
  const query = readAdminUsersQuery(params);
  const users = useAdminUsers(query);
  const setQuery = useSetUrlQuery();
  const search = useUrlTextFilter(query.search, (value, typing) => setQuery({ search: value }, typing));
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const filtered = Boolean(query.search || query.businessId || query.storeId || query.role || query.status !== 'all');
  const storeChoices = businesses
    .filter((b) => !query.businessId || b.id === query.businessId)
    .map((b) => ({ group: b.name, items: b.stores.map((s) => ({ value: s.id, label: `${s.name} (${s.alias})` })) }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label="Search users"
            placeholder="Name, email or phone"
            type="search"
            w={240}
            {...search.inputProps}
          />
          <Select
            label="Business"
            placeholder="All businesses"
            clearable
            w={200}
            data={businesses.map((b) => ({ value: b.id, label: b.name }))}
            value={query.businessId ?? null}
            onChange={(value) => setQuery({ businessId: value, storeId: null })}
          />
          <Select
            label="Store"
            placeholder="All stores"
            clearable
            w={200}
            data={storeChoices}
            value={query.storeId ?? null}
            onChange={(value) => setQuery({ storeId: value })}
          />
          <Select
            label="Role"
            placeholder="All roles"
            clearable
            w={180}
            data={(data?.roleNames ?? []).map((name) => ({ value: name, label: roleLabel(name) }))}
            value={query.role ?? null}
            onChange={(value) => setQuery({ role: value })}
          />
          <Select
            label="Status"
            w={150}
            data={[
              { value: 'all', label: 'Everyone' },
              ...statuses.map((s) => ({ value: s, label: staffStatusLabels[s] })),
            ]}
            value={query.status}
            allowDeselect={false}
            onChange={(value) => setQuery({ status: value === 'all' ? null : value })}
          />
        </Group>
        <Button
          component={Link}
          to={
            query.businessId
              ? pathTo('dashboard.users.add', {}, { business: query.businessId })
              : pathTo('dashboard.users.add')
          }
          onClick={() => search.cancel()}
        >
          Add a user
        </Button>
      </Group>

      <Card withBorder padding={0} radius="md">
        <ListState
          query={users}
          count={data?.items.length ?? 0}
          loadingLabel="Loading the users"
          errorTitle="We could not load the users"
          empty={
            <EmptyState title={filtered ? 'No one matches these filters' : 'No users yet'}>
              {filtered ? 'Try another search or clear a filter.' : 'Add the first person who works with you.'}
            </EmptyState>
          }
        >
          <ResponsiveTable
            label="Users"
            columns={[
              {
                key: 'name',
                label: 'Name',
                priority: 0,
                minWidth: 128,
                cell: (user) => (
                  <>
                    <Text fw={500} size="sm">
                      {user.name}
                    </Text>
                    <Email>{user.email}</Email>
                  </>
                ),
              },
              { key: 'business', label: 'Business', priority: 1, minWidth: 112, cell: (user) => user.businessName },
              { key: 'role', label: 'Role', priority: 2, minWidth: 96, cell: (user) => roleLabel(user.role.name) },
              {
                key: 'stores',
                label: 'Stores',
                priority: 4,
                minWidth: 112,
                cell: (user) => user.stores.map((s) => s.name).join(', ') || '—',
              },
              {
                key: 'status',
                label: 'Status',
                kind: 'other',
                priority: 3,
                cell: (user) => <StaffStatusBadge member={user} />,
              },
            ]}
            rows={data?.items ?? []}
            rowKey={(user) => `${user.businessId}:${user.accountId}`}
            rowLabel={(user) => `${user.name}, ${user.businessName}`}
            rowProps={() => ({ 'data-testid': 'user-row' })}
            refreshing={users.isPlaceholderData}
          />
        </ListState>
      </Card>
      {data && pages > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {data.total} people
          </Text>
          <Pagination
            total={pages}
            value={query.page}
            onChange={(page) => setQuery({ page: page === 1 ? null : String(page) })}
            aria-label="Pages"
          />
        </Group>
      ) : null}
    </Stack>
  );
}
