import { Fragment, type ReactNode } from 'react';
import {
  Box,
  Table,
  VisuallyHidden,
  type TableProps,
  type TableTdProps,
  type TableThProps,
  type TableTrProps,
} from '@mantine/core';
import { align, BodyRow, TotalsRow } from './table-rows';
import { useColumnFit } from './use-column-fit';
import classes from './responsive-table.module.css';

/**
 * What a column holds, which decides how it wraps: `text` wraps at spaces only (names, notes), a
 * `number` is right-aligned in tabular figures and never wraps, a `code` (SKU, barcode, document
 * number) never breaks, `other` (badges, buttons) is left as it is.
 */
export type ColumnKind = 'text' | 'number' | 'code' | 'other';

export interface TableColumn<Row> {
  key: string;
  /** The heading's words: the header cell, and the label of the value in a row's details. */
  label: string;
  /** A header cell other than the label (a sort button, a checkbox); `label` still names it in details. */
  header?: ReactNode;
  cell: (row: Row) => ReactNode;
  kind?: ColumnKind;
  /**
   * 0: a key column, always shown. 1, 2, 3…: shown while the table fits its box; the highest number
   * moves into each row's details first (on a tie, the rightmost). Default 1.
   */
  priority?: number;
  /** The narrowest a `text` column gets before another column moves out (px; 144 for text). */
  minWidth?: number;
  thProps?: Omit<TableThProps, 'children'>;
  tdProps?: (row: Row) => Omit<TableTdProps, 'children'>;
  /** The totals row's cell for this column, when the table has totals. */
  total?: ReactNode;
}

/** The columns that may move into details, the first to go first. */
function hideOrderOf(columns: readonly TableColumn<never>[]) {
  return columns
    .map((column, index) => ({ key: column.key, priority: column.priority ?? 1, index }))
    .filter((c) => c.priority > 0)
    .sort((a, b) => b.priority - a.priority || b.index - a.index)
    .map((c) => c.key);
}

export interface ResponsiveTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** Names a row's details button ("Details: Rice 5 kg"). */
  rowLabel: (row: Row) => string;
  /** A row that opens its record on a click or Enter (`RecordRow`). */
  onOpenRow?: (row: Row) => void;
  rowProps?: (row: Row) => Omit<TableTrProps, 'children'> & Record<`data-${string}`, string | boolean | undefined>;
  /** A heading row before a row (a variant's name above its stores), spanning the shown columns. */
  before?: (row: Row, index: number, colSpan: number) => ReactNode;
  /** A row of the row's own after it (what an event changed), spanning the shown columns. */
  after?: (row: Row, colSpan: number) => ReactNode;
  /** The whole-width row when there are no rows. */
  empty?: ReactNode;
  /** Names the totals row's details button; the totals row shows when set (cells from `column.total`). */
  totalsLabel?: string;
  /** The next page or filter loads over the rows still shown: dimmed. */
  refreshing?: boolean;
  /** The rows are being read again (aria-busy on the body). */
  busy?: boolean;
  /** Scroll inside the box past this height (long lists; with `tableProps.stickyHeader`). */
  maxHeight?: number;
  tableProps?: Omit<TableProps, 'children' | 'aria-label'>;
}

/**
 * The one table of the app. Key columns always show; the others show while the table fits its own
 * box, and otherwise move, lowest priority first, into each row's details: a button at the row's end
 * (aria-expanded, a native button so Enter, Space and a tap work) opens a row under it listing the
 * moved columns as label and value. It stays a real table for screen readers; the box scrolls
 * sideways only if even the key columns cannot fit.
 */
export function ResponsiveTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowLabel,
  onOpenRow,
  rowProps,
  before,
  after,
  empty,
  totalsLabel,
  refreshing = false,
  maxHeight,
  busy,
  tableProps,
}: ResponsiveTableProps<Row>) {
  const { boxRef, hidden, squeezed } = useColumnFit(hideOrderOf(columns as readonly TableColumn<never>[]), rows);
  const shown = columns.filter((column) => !hidden.has(column.key));
  const moved = columns.filter((column) => hidden.has(column.key));
  const colSpan = shown.length + (moved.length > 0 ? 1 : 0);
  return (
    <Box ref={boxRef} className={classes.box} mah={maxHeight} style={maxHeight ? { overflowY: 'auto' } : undefined}>
      <Table
        aria-label={label}
        verticalSpacing="xs"
        highlightOnHover
        {...tableProps}
        style={{ opacity: refreshing ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            {shown.map((column) => (
              <Table.Th key={column.key} scope="col" ta={align(column)} {...column.thProps}>
                {(column.kind === 'text' || column.kind === undefined) && !squeezed ? (
                  <Box miw={column.minWidth ?? 144}>{column.header ?? column.label}</Box>
                ) : (
                  (column.header ?? column.label)
                )}
              </Table.Th>
            ))}
            {moved.length > 0 ? (
              <Table.Th scope="col" w={1}>
                <VisuallyHidden>Details</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody aria-busy={busy}>
          {rows.length === 0 && empty ? (
            <Table.Tr>
              <Table.Td colSpan={colSpan}>{empty}</Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row, index) => (
              <Fragment key={rowKey(row, index)}>
                {before?.(row, index, colSpan)}
                <BodyRow
                  row={row}
                  shown={shown}
                  moved={moved}
                  name={rowLabel(row)}
                  colSpan={colSpan}
                  {...{ onOpenRow, rowProps }}
                />
                {after?.(row, colSpan)}
              </Fragment>
            ))
          )}
        </Table.Tbody>
        {totalsLabel !== undefined && rows.length > 0 ? (
          <Table.Tfoot>
            <TotalsRow shown={shown} moved={moved} name={totalsLabel} colSpan={colSpan} />
          </Table.Tfoot>
        ) : null}
      </Table>
    </Box>
  );
}
