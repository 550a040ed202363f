import { Button, Card, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { staffStatusLabels, type BusinessSummary, type StaffStatus } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState, ListTable } from '../../../components/feedback/list-state';
import { idParam, useSetUrlQuery, useUrlTextFilter } from '../../../lib/url-query';
import { roleLabel } from '../../../lib/role-label';
import { useAdminUsers } from '../api/admin-users';
import { StaffStatusBadge } from './staff-list';
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
          <ListTable label="Users" minWidth={760} refreshing={users.isPlaceholderData}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Business</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Stores</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(data?.items ?? []).map((user) => (
                <Table.Tr key={`${user.businessId}:${user.accountId}`} data-testid="user-row">
                  <Table.Td>
                    <Text fw={500} size="sm">
                      {user.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{user.businessName}</Table.Td>
                  <Table.Td>{roleLabel(user.role.name)}</Table.Td>
                  <Table.Td>{user.stores.map((s) => s.name).join(', ') || '—'}</Table.Td>
                  <Table.Td>
                    <StaffStatusBadge member={user} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ListTable>
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
