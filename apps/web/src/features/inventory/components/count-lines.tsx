import { useState } from 'react';
import { Card, SegmentedControl, Table, Text, TextInput } from '@mantine/core';
import type { CurrencyCode, ProductUnit, StockCount, StockCountLine } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { formatQuantity } from '../../../lib/quantity';
import { countedText, type CountDrafts } from './use-count-drafts';

type LineFilter = 'all' | 'counted' | 'uncounted' | 'variance';
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function matchesFilter(line: StockCountLine, filter: LineFilter) {
  if (filter === 'counted') return line.counted !== null;
  if (filter === 'uncounted') return line.counted === null;
  if (filter === 'variance') return line.variance !== null && line.variance !== 0;
  return true;
}

interface LinesContext {
  currency: CurrencyCode;
  /** Open and the person may count: the counted quantities are inputs. */
  editable: boolean;
  /** Expected quantities and variances stay hidden. */
  blind: boolean;
  /** Null for a role without inventory.costs: no values at cost. */
  totals: StockCount['totals'];
  /** The line just counted by a scan, highlighted for a moment. */
  flashed: string | null;
  drafts: CountDrafts;
}

function CountLineRow({ line, context }: { line: StockCountLine; context: LinesContext }) {
  const { currency, editable, blind, totals, flashed, drafts } = context;
  const unit = line.unit as ProductUnit;
  const isFlashed = flashed === line.variantId;
  return (
    <Table.Tr
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
            value={drafts.drafts[line.variantId] ?? countedText(line)}
            error={drafts.lineErrors[line.variantId]}
            onChange={(event) => drafts.setDraft(line.variantId, event.currentTarget.value)}
            onBlur={() => void drafts.saveDrafts()}
            onKeyDown={drafts.onLineKey}
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
          c={line.variance ? (line.variance < 0 ? 'red' : 'green') : undefined}
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
          {line.varianceValueMinor === null ? '—' : <Money amountMinor={line.varianceValueMinor} currency={currency} />}
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

/** The count's lines, filtered to all, counted, not counted or (when not blind) those with a variance. */
export function CountLines({ lines, ...context }: LinesContext & { lines: StockCountLine[] }) {
  const { blind, totals } = context;
  const [filter, setFilter] = useState<LineFilter>('all');
  const visible = lines.filter((l) => matchesFilter(l, filter));
  return (
    <>
      <SegmentedControl
        aria-label="Show lines"
        value={filter}
        onChange={(value) => setFilter(value as LineFilter)}
        data={[
          { value: 'all', label: `All (${lines.length})` },
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
              {visible.map((line) => (
                <CountLineRow key={line.variantId} line={line} context={context} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </>
  );
}
