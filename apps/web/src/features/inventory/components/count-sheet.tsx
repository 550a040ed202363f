import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  checkBarcode,
  type CurrencyCode,
  formatStoreDateTime,
  type ProductUnit,
  type StockCount,
  type StockCountLine,
} from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { formatQuantity } from '../../../lib/quantity';
import { useCloseStockCount, useRecordCountLines, useScanCount, useStockCount } from '../api/stock';
import { parseQuantityInput } from '../quantity-input';
import { CountStatusBadge } from './count-status-badge';

type LineFilter = 'all' | 'counted' | 'uncounted' | 'variance';
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const asUnit = (unit: string) => unit as ProductUnit;
const countedText = (line: StockCountLine) => (line.counted === null ? '' : String(line.counted));

/** What posting would do: counted lines whose count differs change stock; uncounted lines stay. */
export function postSummary(count: Pick<StockCount, 'lines'>) {
  const changing = count.lines.filter((l) => l.counted !== null && l.variance !== 0).length;
  const uncounted = count.lines.filter((l) => l.counted === null).length;
  return { changing, uncounted };
}

function matchesFilter(line: StockCountLine, filter: LineFilter) {
  if (filter === 'counted') return line.counted !== null;
  if (filter === 'uncounted') return line.counted === null;
  if (filter === 'variance') return line.variance !== null && line.variance !== 0;
  return true;
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
  const [filter, setFilter] = useState<LineFilter>('all');
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [flashed, setFlashed] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'post' | 'cancel' | null>(null);
  const record = useRecordCountLines();
  const close = useCloseStockCount();

  const byVariant = useMemo(() => new Map(count.lines.map((l) => [l.variantId, l])), [count.lines]);
  const visible = count.lines.filter((l) => matchesFilter(l, filter));
  const summary = postSummary(count);
  // Null for a role without inventory.costs: no values at cost on the sheet.
  const totals = count.totals;

  useEffect(() => {
    if (!flashed) return;
    const timer = setTimeout(() => setFlashed(null), 1500);
    return () => clearTimeout(timer);
  }, [flashed]);

  /** Sends every edited quantity at once (one PUT), keeping the ones that are not numbers in place. */
  const saveDrafts = async () => {
    const lines: { variantId: string; counted: number | null }[] = [];
    const errors: Record<string, string> = {};
    for (const [variantId, text] of Object.entries(drafts)) {
      const line = byVariant.get(variantId);
      if (!line || text === countedText(line)) continue;
      if (text.trim() === '') {
        if (line.counted !== null) lines.push({ variantId, counted: null });
        continue;
      }
      const parsed = parseQuantityInput(text, asUnit(line.unit));
      if (parsed.ok) {
        if (parsed.value !== line.counted) lines.push({ variantId, counted: parsed.value });
      } else errors[variantId] = parsed.message;
    }
    setLineErrors(errors);
    if (lines.length === 0) {
      setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([id]) => errors[id])));
      return;
    }
    try {
      await record.mutateAsync({ countId: count.id, lines });
      const sent = new Set(lines.map((l) => l.variantId));
      setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !sent.has(id))));
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        for (const { field, message } of error.fieldErrors) {
          const index = /lines\.(\d+)/.exec(field)?.[1];
          const variantId = index === undefined ? undefined : lines[Number(index)]?.variantId;
          if (variantId) errors[variantId] = message;
        }
        setLineErrors({ ...errors });
      } else showApiError(error, 'Could not save the counted quantities');
    }
  };

  const onLineKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void saveDrafts();
    }
  };

  const finish = async (action: 'post' | 'cancel') => {
    try {
      const closed = await close.mutateAsync({ countId: count.id, version: count.version, action });
      toast.show({
        type: 'success',
        message:
          action === 'post'
            ? `Posted ${closed.number}: stock now matches what was counted.`
            : `Cancelled ${closed.number}.`,
      });
    } catch (error) {
      showApiError(error, action === 'post' ? 'Could not post the count' : 'Could not cancel the count');
    } finally {
      setConfirming(null);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2}>Stock count {count.number}</Title>
            <CountStatusBadge status={count.status} />
            {count.isBlind ? (
              <Badge variant="outline" color="gray" radius="sm">
                Blind
              </Badge>
            ) : null}
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

      <SegmentedControl
        aria-label="Show lines"
        value={filter}
        onChange={(value) => setFilter(value as LineFilter)}
        data={[
          { value: 'all', label: `All (${count.lines.length})` },
          { value: 'counted', label: 'Counted' },
          { value: 'uncounted', label: 'Not counted' },
          ...(blind ? [] : [{ value: 'variance', label: 'With variance' }]),
        ]}
      />

      <Card withBorder padding={0} radius="md">
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label="Count lines" verticalSpacing="xs" horizontalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                {blind ? null : <Table.Th ta="right">Expected</Table.Th>}
                <Table.Th w={150}>Counted</Table.Th>
                {blind ? null : <Table.Th ta="right">Variance</Table.Th>}
                {totals ? <Table.Th ta="right">Value at cost</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={(totals ? 5 : 4) - (blind ? 2 : 0)}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      No lines here.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {visible.map((line) => {
                const unit = asUnit(line.unit);
                const isFlashed = flashed === line.variantId;
                return (
                  <Table.Tr
                    key={line.variantId}
                    data-testid="count-line"
                    data-flash={isFlashed || undefined}
                    bg={isFlashed ? 'var(--mantine-color-yellow-light)' : undefined}
                    style={{ transition: 'background-color 600ms' }}
                  >
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {line.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {line.sku}
                        {line.barcode ? ` · ${line.barcode}` : ''}
                      </Text>
                    </Table.Td>
                    {blind ? null : (
                      <Table.Td ta="right" style={num}>
                        {line.expected === null ? '—' : formatQuantity(line.expected, unit)}
                      </Table.Td>
                    )}
                    <Table.Td>
                      {editable ? (
                        <TextInput
                          aria-label={`Counted ${line.name}`}
                          size="xs"
                          inputMode="decimal"
                          placeholder="Not counted"
                          value={drafts[line.variantId] ?? countedText(line)}
                          error={lineErrors[line.variantId]}
                          onChange={(event) => {
                            const value = event.currentTarget.value;
                            setDrafts((d) => ({ ...d, [line.variantId]: value }));
                          }}
                          onBlur={() => void saveDrafts()}
                          onKeyDown={onLineKey}
                        />
                      ) : (
                        <Text size="sm" style={num}>
                          {line.counted === null ? 'Not counted' : formatQuantity(line.counted, unit)}
                        </Text>
                      )}
                    </Table.Td>
                    {blind ? null : (
                      <Table.Td
                        ta="right"
                        style={num}
                        data-testid="variance"
                        c={line.variance ? (line.variance < 0 ? 'red.8' : 'green.8') : undefined}
                      >
                        {line.variance === null
                          ? '—'
                          : line.variance > 0
                            ? `+${formatQuantity(line.variance, unit)}`
                            : formatQuantity(line.variance, unit)}
                      </Table.Td>
                    )}
                    {totals ? (
                      <Table.Td ta="right">
                        {line.varianceValueMinor === null ? (
                          '—'
                        ) : (
                          <Money amountMinor={line.varianceValueMinor} currency={currency} />
                        )}
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>

      <Modal opened={confirming === 'post'} onClose={() => setConfirming(null)} title={`Post count ${count.number}?`}>
        <Stack>
          <Text>
            {blind
              ? `Stock of the ${count.countedCount} counted ${count.countedCount === 1 ? 'line' : 'lines'} becomes what was counted; the differences show once posted.`
              : summary.changing === 0
                ? 'No counted line differs from what is expected: stock will not change.'
                : `${summary.changing} ${summary.changing === 1 ? 'line' : 'lines'} will change stock to the counted quantity.`}
          </Text>
          {summary.uncounted > 0 ? (
            <Text>
              {summary.uncounted} {summary.uncounted === 1 ? 'line is' : 'lines are'} not counted and will stay as{' '}
              {summary.uncounted === 1 ? 'it is' : 'they are'}.
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {totals ? (
              <>
                Net value at cost: <Money amountMinor={totals.netValueMinor} currency={currency} />.{' '}
              </>
            ) : null}
            A posted count cannot be changed.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Keep counting
            </Button>
            <Button loading={close.isPending} onClick={() => void finish('post')}>
              Post count
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={confirming === 'cancel'}
        onClose={() => setConfirming(null)}
        title={`Cancel count ${count.number}?`}
      >
        <Stack>
          <Text>The counted quantities are dropped and stock is not touched.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Keep counting
            </Button>
            <Button color="red" loading={close.isPending} onClick={() => void finish('cancel')}>
              Cancel count
            </Button>
          </Group>
        </Stack>
      </Modal>
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

/**
 * A keyboard-wedge scanner types the code and Enter: each scan adds one to that line. Focus stays
 * here, so the next item can be scanned at once; an unknown code says so in place.
 */
function ScanBox({
  countId,
  lines,
  onCounted,
}: {
  countId: string;
  lines: StockCountLine[];
  onCounted: (variantId: string) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [last, setLast] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const scan = useScanCount();
  // Ready for the scanner as soon as the sheet opens: the first scan must not be lost.
  useEffect(() => input.current?.focus(), []);

  const submit = async () => {
    const check = checkBarcode(code);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    try {
      const before = new Map(lines.map((l) => [l.variantId, l.counted]));
      const updated = await scan.mutateAsync({ countId, barcode: check.code });
      const changed =
        updated.lines.find((l) => !before.has(l.variantId) || before.get(l.variantId) !== l.counted) ??
        updated.lines.find((l) => l.barcode === check.code);
      if (changed) {
        onCounted(changed.variantId);
        setLast(`${changed.name}: ${formatQuantity(changed.counted ?? 0, asUnit(changed.unit))} counted`);
      }
      setError(undefined);
      setCode('');
    } catch (failure) {
      setError(
        isApiError(failure) && failure.code === 'NOT_FOUND'
          ? `No product has the barcode ${check.code}`
          : isApiError(failure) && failure.fieldErrors[0]
            ? failure.fieldErrors[0].message
            : describeApiError(failure),
      );
      input.current?.select();
    } finally {
      input.current?.focus();
    }
  };

  return (
    <Stack gap={4}>
      <TextInput
        ref={input}
        label="Scan or type a barcode"
        description="Each scan adds 1 to its line. Press Enter after typing."
        value={code}
        error={error}
        autoComplete="off"
        onChange={(event) => {
          setCode(event.currentTarget.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void submit();
          }
        }}
        rightSection={scan.isPending ? <Badge size="xs">…</Badge> : null}
      />
      <Text size="sm" c="green.8" aria-live="polite" mih={20}>
        {last ?? ''}
      </Text>
      {scan.isError && !error ? <Alert color="red">{describeApiError(scan.error)}</Alert> : null}
    </Stack>
  );
}
