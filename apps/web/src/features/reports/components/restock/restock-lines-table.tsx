import { Button, Card, Checkbox, Group, Text, Title } from '@mantine/core';
import type { CurrencyCode, ReportCell, ReportScope, ReportTable, RestockLine } from '@ipos/contracts';
import { ResponsiveTable, type TableColumn } from '../../../../components/table/responsive-table';
import { exportReportTable, reportColumns } from '../report-table';

/** A line's key: a variant appears once per store. */
export const restockLineKey = (line: Pick<RestockLine, 'storeId' | 'variantId'>) => `${line.storeId}:${line.variantId}`;

/**
 * The restock lines (the contract's table: the same columns as the CSV and the print copy), most
 * urgent first, with a checkbox per line the person may order (`canSelect`) and one for them all.
 */
export function RestockLinesTable({
  table,
  lines,
  scope,
  selected,
  canSelect,
  onSelect,
}: {
  table: ReportTable;
  lines: RestockLine[];
  scope: ReportScope;
  selected: ReadonlySet<string>;
  /** Null: no checkboxes at all (no right to order). */
  canSelect: ((line: RestockLine) => boolean) | null;
  onSelect: (keys: string[], checked: boolean) => void;
}) {
  const currency = scope.currency as CurrencyCode;
  const selectable = canSelect ? lines.filter(canSelect).map(restockLineKey) : [];
  const chosen = selectable.filter((k) => selected.has(k)).length;
  // The contract's rows are the lines', in the same order.
  const lineOf = new Map(table.rows.map((row, index) => [row, lines[index]!]));
  const select: TableColumn<Record<string, ReportCell>> = {
    key: 'select',
    label: 'Select',
    kind: 'other',
    priority: 0,
    thProps: { w: 40 },
    header: (
      <Checkbox
        aria-label="Select every line"
        checked={selectable.length > 0 && chosen === selectable.length}
        indeterminate={chosen > 0 && chosen < selectable.length}
        disabled={selectable.length === 0}
        onChange={(e) => onSelect(selectable, e.currentTarget.checked)}
      />
    ),
    cell: (row) => {
      const line = lineOf.get(row)!;
      return canSelect?.(line) ? (
        <Checkbox
          aria-label={`Select ${line.name}${scope.allStores ? ` in ${line.storeName}` : ''}`}
          checked={selected.has(restockLineKey(line))}
          onChange={(e) => onSelect([restockLineKey(line)], e.currentTarget.checked)}
        />
      ) : null;
    },
  };
  const columns = reportColumns({ table, currency, keys: ['name', 'suggestedQuantity'] });
  return (
    <Card withBorder radius="md" padding="md" data-testid={`report-table-${table.key}`}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} size="h4">
          {table.title}
        </Title>
        <Button
          size="xs"
          variant="default"
          disabled={table.rows.length === 0}
          onClick={() => exportReportTable(table, scope, 'restock')}
          // The name starts with the words on the button (WCAG 2.5.3), then says which table.
          aria-label={`Export CSV: ${table.title}`}
        >
          Export CSV
        </Button>
      </Group>
      <ResponsiveTable
        label={table.title}
        columns={canSelect ? [select, ...columns] : columns}
        rows={lines.length === 0 ? [] : table.rows}
        rowKey={(row) => restockLineKey(lineOf.get(row)!)}
        rowLabel={(row) => {
          const line = lineOf.get(row)!;
          return scope.allStores ? `${line.name}, ${line.storeName}` : line.name;
        }}
        rowProps={(row) => ({
          bg: selected.has(restockLineKey(lineOf.get(row)!)) ? 'var(--mantine-color-blue-light)' : undefined,
        })}
        empty={
          <Text c="dimmed" size="sm" ta="center" py="md">
            Nothing is at or below its reorder level. Set reorder levels on products to see what to reorder here.
          </Text>
        }
        totalsLabel={table.totals ? 'Total' : undefined}
        tableProps={{ striped: true }}
      />
    </Card>
  );
}
