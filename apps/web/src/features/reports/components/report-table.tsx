import { useMemo, useState } from 'react';
import { Anchor, Button, Card, Group, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import {
  currencies,
  reportTableCsv,
  type CurrencyCode,
  type ReportCell,
  type ReportScope,
  type ReportTable,
} from '@ipos/contracts';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { saveBlob } from '../../../lib/download';
import { formatReportValue, isNumeric } from './report-format';

/** The CSV file of a table: `sales-by-product-2026-10-01-to-2026-10-31.csv`. */
export function exportReportTable(
  table: ReportTable,
  scope: Pick<ReportScope, 'from' | 'to' | 'currency'>,
  report: string,
) {
  const minorDigits = currencies.find((c) => c.code === scope.currency)?.minorDigits ?? 2;
  // A byte-order mark so spreadsheet programs read the file as UTF-8 (names with accents, ₦ in text).
  const blob = new Blob(['\uFEFF', reportTableCsv(table, minorDigits)], { type: 'text/csv;charset=utf-8' });
  saveBlob(blob, `${report}-${table.key}-${scope.from}-to-${scope.to}.csv`);
}

export type Sort = { key: string; descending: boolean } | null;

/** SKUs, barcodes and document numbers never break. */
const isCode = (key: string) => /sku|barcode|number|reference/i.test(key);

/**
 * A report table's columns for the screen: the key columns (by default the first, what the row is, and
 * the first amount of money, else the first figure) always show; the others move into the row's
 * details from the right as the table narrows. With `sorting`, a heading sorts by its column.
 */
export function reportColumns({
  table,
  currency,
  sorting,
  link,
  keys,
}: {
  table: ReportTable;
  currency: CurrencyCode;
  sorting?: { sort: Sort; setSort: (sort: Sort) => void };
  link?: { column: string; to: (row: Record<string, ReportCell>) => string };
  keys?: readonly string[];
}): TableColumn<Record<string, ReportCell>>[] {
  const numeric = table.columns.filter((c) => isNumeric(c.format));
  const keyColumns = keys ?? [table.columns[0]?.key, (numeric.find((c) => c.format === 'money') ?? numeric[0])?.key];
  return table.columns.map((column, index) => {
    const text = (row: Record<string, ReportCell>) =>
      formatReportValue(row[column.key] ?? null, column.format, currency);
    const total = table.totals?.[column.key];
    return {
      key: column.key,
      label: column.label,
      kind: isNumeric(column.format) ? 'number' : isCode(column.key) ? 'code' : 'text',
      priority: keyColumns.includes(column.key) ? 0 : index,
      minWidth: index === 0 ? 128 : 96,
      ...(sorting ? sortableHeader(column, sorting) : {}),
      cell: (row) =>
        link?.column === column.key ? (
          <Anchor component={Link} to={link.to(row)}>
            {text(row)}
          </Anchor>
        ) : (
          text(row)
        ),
      total: total === undefined || !table.totals ? undefined : text(table.totals),
    };
  });
}

/** A heading that sorts by its column (numbers largest first), again to reverse. */
function sortableHeader(
  column: ReportTable['columns'][number],
  { sort, setSort }: { sort: Sort; setSort: (sort: Sort) => void },
): Pick<TableColumn<never>, 'header' | 'thProps'> {
  const sorted = sort?.key === column.key;
  return {
    thProps: { 'aria-sort': sorted ? (sort.descending ? 'descending' : 'ascending') : 'none' },
    header: (
      <UnstyledButton
        fw={600}
        fz="sm"
        onClick={() =>
          setSort(
            sorted
              ? { key: column.key, descending: !sort.descending }
              : { key: column.key, descending: isNumeric(column.format) },
          )
        }
      >
        {column.label}
        {sorted ? (sort.descending ? ' ↓' : ' ↑') : ''}
      </UnstyledButton>
    ),
  };
}

const compare = (a: ReportCell, b: ReportCell) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
};

/**
 * One table of a report: its rows in the order the API chose (click a column heading to sort by it;
 * again to reverse), a totals row, an empty line when there is nothing, and "Export CSV" of every
 * row and the totals (the file the PDF's table shows too).
 */
export function ReportTableView({
  table,
  scope,
  report,
  emptyText = 'Nothing in this period.',
  maxHeight,
  link,
}: {
  table: ReportTable;
  scope: ReportScope;
  /** The report's name, first word of the CSV's file name. */
  report: string;
  emptyText?: string;
  /** Scroll inside the card past this height (long product lists). */
  maxHeight?: number;
  /** One column's cells link to a page (a customer's, an order's). */
  link?: { column: string; to: (row: Record<string, ReportCell>) => string };
}) {
  const currency = scope.currency as CurrencyCode;
  const [sort, setSort] = useState<Sort>(null);
  const rows = useMemo(() => {
    if (!sort) return table.rows;
    const sorted = [...table.rows].sort((a, b) => compare(a[sort.key] ?? null, b[sort.key] ?? null));
    return sort.descending ? sorted.reverse() : sorted;
  }, [table.rows, sort]);
  const original = useMemo(() => new Map(table.rows.map((row, index) => [row, index])), [table.rows]);
  const columns = reportColumns({ table, currency, sorting: { sort, setSort }, link });
  const first = table.columns[0];
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
          onClick={() => exportReportTable(table, scope, report)}
          // The name starts with the words on the button (WCAG 2.5.3), then says which table.
          aria-label={`Export CSV: ${table.title}`}
        >
          Export CSV
        </Button>
      </Group>
      <ResponsiveTable
        label={table.title}
        columns={columns}
        rows={rows}
        rowKey={(row) => String(original.get(row))}
        rowLabel={(row) => (first ? formatReportValue(row[first.key] ?? null, first.format, currency) : table.title)}
        empty={
          <Text c="dimmed" size="sm" ta="center" py="md">
            {emptyText}
          </Text>
        }
        totalsLabel={table.totals ? 'Total' : undefined}
        maxHeight={maxHeight}
        tableProps={{ striped: true, stickyHeader: Boolean(maxHeight) }}
      />
    </Card>
  );
}
