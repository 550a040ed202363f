import { useMemo, useState } from 'react';
import { Anchor, Button, Card, Group, ScrollArea, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import {
  currencies,
  reportTableCsv,
  type CurrencyCode,
  type ReportCell,
  type ReportScope,
  type ReportTable,
} from '@ipos/contracts';
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

type Sort = { key: string; descending: boolean } | null;

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
  const cell = (row: Record<string, ReportCell>, key: string, format: (typeof table.columns)[number]['format']) =>
    formatReportValue(row[key] ?? null, format, currency);
  const body = (
    <Table striped highlightOnHover stickyHeader={Boolean(maxHeight)} aria-label={table.title}>
      <Table.Thead>
        <Table.Tr>
          {table.columns.map((column) => {
            const sorted = sort?.key === column.key;
            return (
              <Table.Th
                key={column.key}
                ta={isNumeric(column.format) ? 'right' : 'left'}
                aria-sort={sorted ? (sort.descending ? 'descending' : 'ascending') : 'none'}
              >
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
              </Table.Th>
            );
          })}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={table.columns.length}>
              <Text c="dimmed" size="sm" ta="center" py="md">
                {emptyText}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((row, index) => (
            <Table.Tr key={index}>
              {table.columns.map((column) => (
                <Table.Td
                  key={column.key}
                  ta={isNumeric(column.format) ? 'right' : 'left'}
                  style={
                    isNumeric(column.format) ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } : undefined
                  }
                >
                  {link?.column === column.key ? (
                    <Anchor component={Link} to={link.to(row)}>
                      {cell(row, column.key, column.format)}
                    </Anchor>
                  ) : (
                    cell(row, column.key, column.format)
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
      {table.totals && rows.length > 0 ? (
        <Table.Tfoot>
          <Table.Tr>
            {table.columns.map((column) => (
              <Table.Th
                key={column.key}
                ta={isNumeric(column.format) ? 'right' : 'left'}
                style={{ whiteSpace: 'nowrap' }}
              >
                {table.totals![column.key] === undefined ? '' : cell(table.totals!, column.key, column.format)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      ) : null}
    </Table>
  );
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
      {maxHeight ? (
        <ScrollArea.Autosize mah={maxHeight} type="auto">
          {body}
        </ScrollArea.Autosize>
      ) : (
        <Table.ScrollContainer minWidth={560}>{body}</Table.ScrollContainer>
      )}
    </Card>
  );
}
