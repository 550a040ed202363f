import { useState } from 'react';
import { Button, Card, Group, Pagination, Stack } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  wasteReasons,
  type CurrencyCode,
  type ListWasteQuery,
  type WasteStatus,
  type WasteSummary,
} from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState } from '../../../components/feedback/list-state';
import { showApiError, toast } from '../../../components/toast';
import { useAttempts } from '../../../lib/attempt';
import { pathTo } from '../../../lib/route-paths';
import { useSetUrlQuery } from '../../../lib/url-query';
import { useApproveWaste, useWasteList } from '../api/waste';
import { RejectWasteDialog } from './reject-waste-dialog';
import { WasteFilters } from './waste-filters';
import { WasteTable, wastePath } from './waste-table';
import { WasteThreshold } from './waste-threshold';
import { WasteTotals } from './waste-totals';

export { wastePath } from './waste-table';

const PAGE_SIZE = 25;
const statusTabs = ['all', 'pending', 'recorded', 'rejected'] as const;
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
  return (
    <Stack gap="md">
      {data ? (
        <WasteThreshold thresholdMinor={data.thresholdMinor} currency={currency} canEdit={canEditThreshold} />
      ) : null}
      <WasteFilters filter={filter} waiting={data?.waitingCount ?? 0} setQuery={setQuery} />
      <WasteTotals totals={data?.totals} currency={currency} canSeeCosts={canSeeCosts} />
      <Card withBorder padding={0} radius="md">
        <ListState
          query={list}
          count={items.length}
          loadingLabel="Loading the waste"
          errorTitle="We could not load the waste"
          skeletonRows={5}
          empty={empty}
        >
          <WasteTable
            items={items}
            currency={currency}
            timeZone={timeZone}
            refreshing={list.isPlaceholderData}
            canSeeCosts={canSeeCosts}
            canApprove={canApprove}
            approvingId={approving.isPending ? approving.variables?.wasteId : undefined}
            onOpen={(wasteId) => void navigate(wastePath(wasteId))}
            onApprove={(w) => void approve(w)}
            onReject={setRejecting}
          />
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
