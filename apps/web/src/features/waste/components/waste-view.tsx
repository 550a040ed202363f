import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import {
  formatStoreDateTime,
  MAX_WASTE_PHOTO_BYTES,
  wasteReasonLabels,
  wastePhotoTypes,
  type CurrencyCode,
  type Permission,
  type ProductUnit,
  type WasteDetail,
} from '@ipos/contracts';
import { isRecordMissing, LoadError, LoadingCard, RecordNotFound } from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { DocumentTimeline, type TimelineLabel } from '../../../components/timeline/document-timeline';
import { showApiError, toast } from '../../../components/toast';
import { useAttempts } from '../../../lib/attempt';
import { formatQuantity } from '../../../lib/quantity';
import { useApproveWaste, usePutWastePhoto, useWaste, useWasteEvents, useWastePhotoUrl } from '../api/waste';
import { RejectWasteDialog } from './reject-waste-dialog';
import { WasteStatusBadge } from './waste-status-badge';
import { pathTo } from '../../../lib/route-paths';

const timelineLabels: Record<string, TimelineLabel> = {
  'waste.recorded': (e) =>
    e.after?.status === 'pending' ? 'Recorded, waiting for approval' : 'Recorded and written off',
  'waste.approved': 'Approved: stock written off',
  'waste.rejected': 'Rejected',
  'waste.photo_added': 'Photo added',
  'waste.photo_replaced': 'Photo replaced',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function Photo({ waste }: { waste: WasteDetail }) {
  const photo = useWastePhotoUrl(waste.id, waste.hasPhoto, String(waste.version) + String(waste.hasPhoto));
  const uploading = usePutWastePhoto();
  const upload = async (file: File | null) => {
    if (!file) return;
    if (!(wastePhotoTypes as readonly string[]).includes(file.type))
      return toast.show({ type: 'error', message: 'Choose a JPEG, PNG or WebP photo' });
    if (file.size > MAX_WASTE_PHOTO_BYTES)
      return toast.show({ type: 'error', message: 'The photo is larger than 5 MB; take a smaller one' });
    try {
      await uploading.mutateAsync({ wasteId: waste.id, file });
      toast.show({ type: 'success', message: 'Photo saved' });
    } catch (e) {
      showApiError(e, 'Could not save the photo');
    }
  };
  return (
    <Stack gap="xs">
      {waste.hasPhoto ? (
        photo.url ? (
          <Image src={photo.url} alt={`Photo of ${waste.name}`} radius="md" mah={360} fit="contain" />
        ) : photo.isError ? (
          <Text size="sm" c="dimmed">
            The photo could not be loaded.
          </Text>
        ) : (
          <Loader size="sm" aria-label="Loading the photo" />
        )
      ) : (
        <Text size="sm" c="dimmed">
          No photo.
        </Text>
      )}
      {waste.canChangePhoto ? (
        <FileButton onChange={(file) => void upload(file)} accept="image/*" capture="environment">
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={uploading.isPending} w="fit-content">
              {waste.hasPhoto ? 'Replace the photo' : 'Add a photo'}
            </Button>
          )}
        </FileButton>
      ) : null}
    </Stack>
  );
}

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
          <Card withBorder radius="md" padding="md">
            <Stack gap="md">
              <Stack gap={2}>
                <Text fw={600} size="lg">
                  {w.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {w.sku}
                </Text>
              </Stack>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
                <Fact label="Quantity">{formatQuantity(w.quantity, w.unit as ProductUnit)}</Fact>
                {w.unitCostMinor !== null && w.valueMinor !== null ? (
                  <>
                    <Fact label="Unit cost">
                      <Money amountMinor={w.unitCostMinor} currency={currency} />
                    </Fact>
                    <Fact label="Value at cost">
                      <Money amountMinor={w.valueMinor} currency={currency} fw={700} />
                    </Fact>
                  </>
                ) : null}
                <Fact label="Reason">{wasteReasonLabels[w.reason]}</Fact>
                <Fact label="Recorded">
                  {formatStoreDateTime(w.recordedAt, timeZone)}
                  <Text size="xs" c="dimmed">
                    by {w.recordedBy.name}
                  </Text>
                </Fact>
                {w.decidedAt && w.decidedBy ? (
                  <Fact label={w.status === 'rejected' ? 'Rejected' : 'Approved'}>
                    {formatStoreDateTime(w.decidedAt, timeZone)}
                    <Text size="xs" c="dimmed">
                      by {w.decidedBy.name}
                    </Text>
                  </Fact>
                ) : null}
              </SimpleGrid>
              {w.note ? <Fact label="Note">{w.note}</Fact> : null}
              <Fact label="Photo">
                <Photo waste={w} />
              </Fact>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h4" mb="sm">
              History
            </Title>
            {events.isPending ? (
              <Loader size="sm" aria-label="Loading the history" />
            ) : events.isError ? (
              <LoadError
                title="We could not load the history"
                error={events.error}
                onRetry={() => void events.refetch()}
                isRetrying={events.isFetching}
              />
            ) : (
              <DocumentTimeline
                events={events.data.items}
                labels={timelineLabels}
                timeZone={timeZone}
                detail={(e) =>
                  e.action === 'waste.rejected' && typeof e.after?.reason === 'string' ? e.after.reason : null
                }
              />
            )}
          </Card>
        </Grid.Col>
      </Grid>
      <RejectWasteDialog waste={rejecting ? w : null} onClose={() => setRejecting(false)} />
    </Stack>
  );
}
