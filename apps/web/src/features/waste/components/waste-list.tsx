import { useState, type ReactNode } from 'react';
import {
  Anchor,
  Button,
  Card,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  formatStoreDateTime,
  wasteReasonLabels,
  wasteReasons,
  type CurrencyCode,
  type ListWasteQuery,
  type ProductUnit,
  type WasteReason,
  type WasteStatus,
  type WasteSummary,
} from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { Money } from '../../../components/money/money';
import { showApiError, toast } from '../../../components/toast';
import { useAttempts } from '../../../lib/attempt';
import { formatQuantity } from '../../../lib/quantity';
import { useApproveWaste, useWasteList } from '../api/waste';
import { RejectWasteDialog } from './reject-waste-dialog';
import { WasteStatusBadge } from './waste-status-badge';
import { WasteThreshold } from './waste-threshold';
import { useSetUrlQuery, useUrlTextFilter } from '../../../lib/url-query';
import { pathTo } from '../../../lib/route-paths';
import { ListState, ListTable } from '../../../components/feedback/list-state';

export const wastePath = (wasteId: string) => pathTo('dashboard.waste.view/:id', { id: wasteId });

const PAGE_SIZE = 25;
const statusTabs = ['all', 'pending', 'recorded', 'rejected'] as const;
type StatusTab = (typeof statusTabs)[number];
const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;

/** The list's filters from the URL (shareable, back/forward). */
export function readWasteFilter(params: URLSearchParams): ListWasteQuery & { page: number } {
  const status = pick(params.get('status'), statusTabs);
  const page = Number(params.get('page') ?? '1');
  return {
    status: status && status !== 'all' ? (status as WasteStatus) : undefined,
    reason: pick(params.get('reason'), wasteReasons),
    q: params.get('q')?.trim() || undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZE,
  };
}

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" fw={700} data-testid={testId}>
        {children}
      </Text>
    </Card>
  );
}

/** A total at cost: a placeholder while loading; a dash when the answer has none. */
function TotalAtCost({ amountMinor, currency }: { amountMinor: number | null | undefined; currency: CurrencyCode }) {
  if (amountMinor === undefined) return <Skeleton height={24} />;
  return amountMinor === null ? '—' : <Money amountMinor={amountMinor} currency={currency} />;
}

export interface WasteListProps {
  currency: CurrencyCode;
  timeZone: string;
  canRecord: boolean;
  /** waste.approve: Approve and Reject on pending rows. */
  canApprove: boolean;
  /** settings.store: the threshold can be changed here. */
  canEditThreshold: boolean;
  /** inventory.costs: the values at cost (the column and the totals). */
  canSeeCosts: boolean;
}

/**
 * The waste of the active store, newest first: a status switch led by "Waiting for approval" (with
 * its count), reason and product filters, the value at cost of the filtered set, and for approvers
 * Approve / Reject on each pending row.
 */
export function WasteList({
  currency,
  timeZone,
  canRecord,
  canApprove,
  canEditThreshold,
  canSeeCosts,
}: WasteListProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filter = readWasteFilter(params);
  const list = useWasteList(filter);
  const approving = useApproveWaste();
  const [rejecting, setRejecting] = useState<WasteSummary | null>(null);

  const setUrlQuery = useSetUrlQuery();
  const setQuery = (change: Record<string, string | null | undefined>) => setUrlQuery(change, true);
  const searchFilter = useUrlTextFilter(filter.q, (q) => setQuery({ q }));

  // One key per record's approval, kept for a retry after a lost answer (the server answers the first approval).
  const approvals = useAttempts();

  const approve = async (w: WasteSummary) => {
    try {
      await approving.mutateAsync({ wasteId: w.id, idempotencyKey: approvals.for({ wasteId: w.id }).key });
      approvals.succeeded();
      toast.show({ type: 'success', message: `${w.number} approved: ${w.name} written off` });
    } catch (e) {
      approvals.failed(e);
      showApiError(e, `Could not approve ${w.number}`);
    }
  };

  const data = list.data;
  const items = data?.items ?? [];
  const hasFilters = Boolean(filter.status || filter.reason || filter.q);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  const empty = hasFilters ? (
    <EmptyState
      title={filter.status === 'pending' ? 'Nothing is waiting for approval' : 'No waste matches these filters'}
      action={
        <Button variant="default" onClick={() => setQuery({ status: null, reason: null, q: null })}>
          Show all waste
        </Button>
      }
    />
  ) : (
    <EmptyState
      title="No waste recorded yet"
      action={
        canRecord ? (
          <Button component={Link} to={pathTo('dashboard.waste.add')} variant="light">
            Record waste
          </Button>
        ) : undefined
      }
    >
      Expired, damaged, spoiled or stolen stock written off here shows up in this list, valued at cost.
    </EmptyState>
  );
  const table = (
    <ListTable label="Waste" minWidth={720} refreshing={list.isPlaceholderData}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Number</Table.Th>
          <Table.Th>Recorded</Table.Th>
          <Table.Th>Product</Table.Th>
          <Table.Th ta="right">Quantity</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th>Status</Table.Th>
          {canSeeCosts ? <Table.Th ta="right">Value at cost</Table.Th> : null}
          {canApprove ? <Table.Th aria-label="Decide" /> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((w) => (
          <Table.Tr
            key={w.id}
            data-testid="waste-row"
            tabIndex={0}
            aria-label={`Waste ${w.number}`}
            style={{ cursor: 'pointer' }}
            onClick={(event) => {
              if ((event.target as HTMLElement).closest('a, button')) return;
              void navigate(wastePath(w.id));
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && event.target === event.currentTarget) void navigate(wastePath(w.id));
            }}
          >
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Anchor component={Link} to={wastePath(w.id)} fw={600} size="sm" ff="monospace" tabIndex={-1}>
                {w.number}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatStoreDateTime(w.recordedAt, timeZone)}</Text>
              <Text size="xs" c="dimmed">
                {w.recordedBy.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{w.name}</Text>
              <Text size="xs" c="dimmed">
                {w.sku}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm">{formatQuantity(w.quantity, w.unit as ProductUnit)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{wasteReasonLabels[w.reason]}</Text>
            </Table.Td>
            <Table.Td>
              <WasteStatusBadge status={w.status} />
            </Table.Td>
            {canSeeCosts ? (
              <Table.Td ta="right">
                {w.valueMinor === null ? (
                  '—'
                ) : (
                  <Money
                    amountMinor={w.valueMinor}
                    currency={currency}
                    td={w.status === 'rejected' ? 'line-through' : undefined}
                  />
                )}
              </Table.Td>
            ) : null}
            {canApprove ? (
              <Table.Td>
                {w.status === 'pending' ? (
                  <Group gap={6} wrap="nowrap" justify="flex-end">
                    <Button
                      size="compact-sm"
                      color="green"
                      loading={approving.isPending && approving.variables?.wasteId === w.id}
                      onClick={() => void approve(w)}
                      aria-label={`Approve ${w.number}`}
                    >
                      Approve
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => setRejecting(w)}
                      aria-label={`Reject ${w.number}`}
                    >
                      Reject
                    </Button>
                  </Group>
                ) : null}
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ListTable>
  );

  const tab: StatusTab = filter.status ?? 'all';
  const waiting = data?.waitingCount ?? 0;
  return (
    <Stack gap="md">
      {data ? (
        <WasteThreshold thresholdMinor={data.thresholdMinor} currency={currency} canEdit={canEditThreshold} />
      ) : null}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Status"
          value={tab}
          onChange={(value) => setQuery({ status: value === 'all' ? null : value })}
          data={[
            { value: 'all', label: 'All' },
            { value: 'pending', label: `Waiting for approval${waiting > 0 ? ` (${waiting})` : ''}` },
            { value: 'recorded', label: 'Recorded' },
            { value: 'rejected', label: 'Rejected' },
          ]}
        />
        <Select
          label="Reason"
          placeholder="Any reason"
          w={160}
          clearable
          data={wasteReasons.map((r) => ({ value: r, label: wasteReasonLabels[r] }))}
          value={filter.reason ?? null}
          onChange={(value) => setQuery({ reason: value as WasteReason | null })}
        />
        <TextInput label="Product or number" placeholder="Name, SKU or LEK-WST…" w={230} {...searchFilter.inputProps} />
      </Group>

      <SimpleGrid
        cols={{ base: 1, xs: canSeeCosts ? 3 : 1 }}
        spacing="sm"
        aria-label="Totals of this waste"
        component="section"
      >
        <Figure label="Records" testId="totals-count">
          {data ? data.totals.count : <Skeleton height={24} width={60} />}
        </Figure>
        {canSeeCosts ? (
          <>
            <Figure label="Written off at cost" testId="totals-recorded">
              <TotalAtCost amountMinor={data?.totals.recordedValueMinor} currency={currency} />
            </Figure>
            <Figure label="Waiting for approval" testId="totals-pending">
              <TotalAtCost amountMinor={data?.totals.pendingValueMinor} currency={currency} />
            </Figure>
          </>
        ) : null}
      </SimpleGrid>

      <Card withBorder padding={0} radius="md">
        <ListState
          query={list}
          count={items.length}
          loadingLabel="Loading the waste"
          errorTitle="We could not load the waste"
          skeletonRows={5}
          empty={empty}
        >
          {table}
        </ListState>
      </Card>
      {pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={pages}
            value={filter.page}
            onChange={(page) => setQuery({ page: page === 1 ? null : String(page) })}
            aria-label="Pages"
          />
        </Group>
      ) : null}
      <RejectWasteDialog waste={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}
