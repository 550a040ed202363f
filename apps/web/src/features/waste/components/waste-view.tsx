import { useState } from 'react';
import { Alert, Anchor, Button, Grid, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { CurrencyCode, Permission, ProductUnit } from '@ipos/contracts';
import { isRecordMissing, LoadError, LoadingCard, RecordNotFound } from '../../../components/feedback/load-states';
import { showApiError, toast } from '../../../components/toast';
import { useAttempts } from '../../../lib/attempt';
import { formatQuantity } from '../../../lib/quantity';
import { pathTo } from '../../../lib/route-paths';
import { useApproveWaste, useWaste, useWasteEvents } from '../api/waste';
import { RejectWasteDialog } from './reject-waste-dialog';
import { WasteDetailsCard } from './waste-details-card';
import { WasteHistoryCard } from './waste-history-card';
import { WasteStatusBadge } from './waste-status-badge';

/**
 * One waste record: what, how much, its value at cost (null for a role without inventory.costs: not
 * shown), who recorded and decided it, photo, history.
 */
export function WasteView({
  wasteId,
  currency,
  timeZone,
  permissions,
}: {
  wasteId: string;
  currency: CurrencyCode;
  timeZone: string;
  permissions: readonly Permission[];
}) {
  const waste = useWaste(wasteId);
  const events = useWasteEvents(wasteId);
  const approving = useApproveWaste();
  const [rejecting, setRejecting] = useState(false);
  // One key per approval attempt from this page, kept for a retry after a lost answer.
  const approvals = useAttempts();

  if (waste.isPending) return <LoadingCard label="Loading the waste record" />;
  if (waste.isError)
    return isRecordMissing(waste.error) ? (
      <RecordNotFound
        title="This waste record was not found"
        backTo={pathTo('dashboard.waste')}
        backLabel="Back to waste"
      >
        It may belong to another store: switch store, or find it in the list.
      </RecordNotFound>
    ) : (
      <LoadError
        title="We could not load the waste record"
        error={waste.error}
        onRetry={() => void waste.refetch()}
        isRetrying={waste.isFetching}
      />
    );
  const w = waste.data;
  const canDecide = permissions.includes('waste.approve') && w.status === 'pending';

  const approve = async () => {
    try {
      await approving.mutateAsync({ wasteId: w.id, idempotencyKey: approvals.for({ wasteId: w.id }).key });
      approvals.succeeded();
      toast.show({ type: 'success', message: `${w.number} approved: ${w.name} written off` });
    } catch (e) {
      approvals.failed(e);
      showApiError(e, 'Could not approve the waste');
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Anchor component={Link} to={pathTo('dashboard.waste')} size="sm">
            ← Waste
          </Anchor>
          <Group gap="sm">
            <Title order={1} ff="monospace">
              {w.number}
            </Title>
            <WasteStatusBadge status={w.status} size="lg" />
          </Group>
        </Stack>
        {canDecide ? (
          <Group gap="sm">
            <Button color="green" loading={approving.isPending} onClick={() => void approve()}>
              Approve
            </Button>
            <Button variant="default" onClick={() => setRejecting(true)}>
              Reject
            </Button>
          </Group>
        ) : null}
      </Group>

      {w.status === 'pending' ? (
        <Alert color="yellow" variant="light" title="Waiting for a manager’s approval">
          The stock has not moved yet.
          {w.isTracked ? ` ${formatQuantity(w.onHand, w.unit as ProductUnit)} on hand now.` : ''}
        </Alert>
      ) : w.status === 'rejected' ? (
        <Alert color="gray" variant="light" title="Rejected: the stock did not move">
          {w.decisionNote}
        </Alert>
      ) : null}

      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <WasteDetailsCard waste={w} currency={currency} timeZone={timeZone} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <WasteHistoryCard events={events} timeZone={timeZone} />
        </Grid.Col>
      </Grid>
      <RejectWasteDialog waste={rejecting ? w : null} onClose={() => setRejecting(false)} />
    </Stack>
  );
}
