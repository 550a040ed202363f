import { Anchor, Badge, Button, Card, Group, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { staffStatusLabels, type StaffMember, type StaffStatus } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState } from '../../../components/feedback/list-state';
import { ResponsiveTable } from '../../../components/table/responsive-table';
import { idParam, useSetUrlQuery, useUrlTextFilter } from '../../../lib/url-query';
import { roleLabel } from '../../../lib/role-label';
import { staffPath, useStaffList, useStaffOptions } from '../api/staff';

const PAGE_SIZE = 25;
const statuses = ['active', 'invited', 'inactive'] as const;
const statusColor: Record<StaffStatus, string> = { active: 'green', invited: 'blue', inactive: 'gray' };

/** The list's filters live in the URL: back, forward and reload keep them. */
export function readStaffQuery(params: URLSearchParams) {
  const status = params.get('status');
  return {
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    pageSize: PAGE_SIZE,
    search: params.get('search')?.trim() || undefined,
    storeId: idParam(params, 'storeId') ?? undefined,
    roleId: idParam(params, 'roleId') ?? undefined,
    status: (statuses as readonly string[]).includes(status ?? '') ? (status as StaffStatus) : ('all' as const),
  };
}

export function StaffStatusBadge({ member }: { member: Pick<StaffMember, 'status' | 'isOwner'> }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={statusColor[member.status]}>
        {staffStatusLabels[member.status]}
      </Badge>
      {member.isOwner ? (
        <Badge variant="outline" color="grape">
          Owner
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * `settings/users-and-permissions`: the business's people by name, searched as you type (name,
 * email, phone), filtered by store, role and status, 25 a page, each opening their page.
 */
export function StaffList({ createPath }: { createPath: string }) {
  const [params] = useSearchParams();
  const query = readStaffQuery(params);
  const staff = useStaffList(query);
  const options = useStaffOptions();
  const setQuery = useSetUrlQuery();
  const search = useUrlTextFilter(query.search, (value, typing) => setQuery({ search: value }, typing));
  const data = staff.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const filtered = Boolean(query.search || query.storeId || query.roleId || query.status !== 'all');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label="Search staff"
            placeholder="Name, email or phone"
            type="search"
            w={260}
            {...search.inputProps}
          />
          <Select
            label="Store"
            placeholder="All stores"
            clearable
            w={180}
            data={(options.data?.stores ?? []).map((s) => ({ value: s.id, label: s.name }))}
            value={query.storeId ?? null}
            onChange={(value) => setQuery({ storeId: value })}
          />
          <Select
            label="Role"
            placeholder="All roles"
            clearable
            w={200}
            data={(options.data?.roles ?? []).map((r) => ({ value: r.id, label: roleLabel(r.name) }))}
            value={query.roleId ?? null}
            onChange={(value) => setQuery({ roleId: value })}
          />
          <Select
            label="Status"
            w={160}
            data={[
              { value: 'all', label: 'Everyone' },
              ...statuses.map((s) => ({ value: s, label: staffStatusLabels[s] })),
            ]}
            value={query.status}
            allowDeselect={false}
            onChange={(value) => setQuery({ status: value === 'all' ? null : value })}
          />
        </Group>
        <Button component={Link} to={createPath} onClick={() => search.cancel()}>
          Add staff
        </Button>
      </Group>

      <Card withBorder padding={0} radius="md">
        <ListState
          query={staff}
          count={data?.items.length ?? 0}
          loadingLabel="Loading the staff"
          errorTitle="We could not load the staff"
          empty={
            <EmptyState title={filtered ? 'No one matches these filters' : 'No staff yet'}>
              {filtered ? 'Try another search or clear a filter.' : 'Add the first person who works with you.'}
            </EmptyState>
          }
        >
          <ResponsiveTable
            label="Staff"
            columns={[
              {
                key: 'name',
                label: 'Name',
                priority: 0,
                minWidth: 128,
                cell: (member) => (
                  <>
                    <Anchor component={Link} to={staffPath(member.accountId)} fw={500} onClick={() => search.cancel()}>
                      {member.name}
                    </Anchor>
                    <Email>{member.email}</Email>
                  </>
                ),
              },
              { key: 'role', label: 'Role', priority: 1, minWidth: 96, cell: (member) => roleLabel(member.role.name) },
              {
                key: 'stores',
                label: 'Stores',
                priority: 3,
                minWidth: 112,
                cell: (member) => member.stores.map((s) => s.name).join(', '),
              },
              {
                key: 'status',
                label: 'Status',
                kind: 'other',
                priority: 2,
                cell: (member) => <StaffStatusBadge member={member} />,
              },
            ]}
            rows={data?.items ?? []}
            rowKey={(member) => member.accountId}
            rowLabel={(member) => member.name}
            rowProps={() => ({ 'data-testid': 'staff-row' })}
            refreshing={staff.isPlaceholderData}
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

/** An address under a person's name: it may break anywhere rather than widen the table. */
export function Email({ children }: { children: string }) {
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}
