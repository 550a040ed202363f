import { useEffect, useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type CurrencyCode, formatStoreDateTime, type StockCount } from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { useStockCount } from '../api/stock';
import { CountCloseDialogs } from './count-close-dialogs';
import { CountLines } from './count-lines';
import { ScanBox } from './count-scan-box';
import { CountBadges } from './count-status-badge';
import { useCountDrafts } from './use-count-drafts';

/** What posting would do: counted lines whose count differs change stock; uncounted lines stay. */
export function postSummary(count: Pick<StockCount, 'lines'>) {
  const changing = count.lines.filter((l) => l.counted !== null && l.variance !== 0).length;
  const uncounted = count.lines.filter((l) => l.counted === null).length;
  return { changing, uncounted };
}

/**
 * One stock count: scan or type counted quantities, review the variance at cost, then post it (each
 * counted line becomes a `count` movement of its variance) or cancel it.
 */
export function CountSheet({
  countId,
  currency,
  canCount,
  timeZone,
  onBack,
}: {
  countId: string;
  currency: CurrencyCode;
  canCount: boolean;
  timeZone?: string;
  onBack: () => void;
}) {
  const count = useStockCount(countId);
  return (
    <Stack gap="md">
      <Group>
        <Button variant="subtle" onClick={onBack} px={0}>
          ← All counts
        </Button>
      </Group>
      <WhenLoaded query={count} loadingLabel="Loading the count" errorTitle="We could not open this count">
        {(data) => <Sheet count={data} currency={currency} canCount={canCount} timeZone={timeZone} />}
      </WhenLoaded>
    </Stack>
  );
}

function Sheet({
  count,
  currency,
  canCount,
  timeZone,
}: {
  count: StockCount;
  currency: CurrencyCode;
  canCount: boolean;
  timeZone?: string;
}) {
  const isOpen = count.status === 'open';
  const editable = isOpen && canCount;
  // A blind count keeps expected quantities and differences out of sight until it is posted (the API
  // does not send them either).
  const blind = count.isBlind && count.status !== 'posted';
  const [flashed, setFlashed] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'post' | 'cancel' | null>(null);
  const drafts = useCountDrafts(count);
  // Null for a role without inventory.costs: no values at cost on the sheet.
  const totals = count.totals;

  useEffect(() => {
    if (!flashed) return;
    const timer = setTimeout(() => setFlashed(null), 1500);
    return () => clearTimeout(timer);
  }, [flashed]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2}>Stock count {count.number}</Title>
            <CountBadges count={count} />
          </Group>
          <Text size="sm" c="dimmed">
            Started {formatStoreDateTime(count.createdAt, timeZone)} by {count.createdBy?.name ?? 'someone'} ·{' '}
            {count.countedCount} of {count.lineCount} counted
            {count.postedAt ? ` · posted ${formatStoreDateTime(count.postedAt, timeZone)}` : ''}
          </Text>
          {count.note ? <Text size="sm">{count.note}</Text> : null}
          {blind ? (
            <Text size="sm" c="dimmed">
              Blind count: expected quantities and differences show once the count is posted.
            </Text>
          ) : null}
        </Stack>
        {editable ? (
          <Group gap="sm">
            <Button variant="default" color="red" onClick={() => setConfirming('cancel')}>
              Cancel count
            </Button>
            <Button onClick={() => setConfirming('post')} disabled={count.countedCount === 0}>
              Post count
            </Button>
          </Group>
        ) : null}
      </Group>

      {editable ? <ScanBox countId={count.id} lines={count.lines} onCounted={setFlashed} /> : null}

      {totals ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Total label="Surplus at cost" amountMinor={totals.surplusValueMinor} currency={currency} />
          <Total label="Shortage at cost" amountMinor={totals.shortageValueMinor} currency={currency} />
          <Total label="Net at cost" amountMinor={totals.netValueMinor} currency={currency} />
        </SimpleGrid>
      ) : null}

      <CountLines
        lines={count.lines}
        currency={currency}
        editable={editable}
        blind={blind}
        totals={totals}
        flashed={flashed}
        drafts={drafts}
      />

      <CountCloseDialogs
        count={count}
        confirming={confirming}
        summary={postSummary(count)}
        blind={blind}
        currency={currency}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}

function Total({ label, amountMinor, currency }: { label: string; amountMinor: number; currency: CurrencyCode }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={`total-${label.split(' ')[0]!.toLowerCase()}`}>
        <Money amountMinor={amountMinor} currency={currency} />
      </Text>
    </Card>
  );
}
