import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { ActionIcon, Table } from '@mantine/core';
import { RecordRow } from './record-row';
import type { ColumnKind, ResponsiveTableProps, TableColumn } from './responsive-table';
import classes from './responsive-table.module.css';

// The rows of ResponsiveTable: a body row with its details button, the totals row, and the details row
// listing the columns that moved out of the table.

/** How a cell of each kind wraps (see ColumnKind). */
export const kindStyle: Record<ColumnKind, CSSProperties | undefined> = {
  text: undefined,
  number: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  code: { whiteSpace: 'nowrap' },
  other: undefined,
};

export const align = (column: TableColumn<never>) => (column.kind === 'number' ? 'right' : undefined);

function Cell<Row>({ column, row }: { column: TableColumn<Row>; row: Row }) {
  const props = column.tdProps?.(row);
  return (
    <Table.Td
      ta={align(column as TableColumn<never>)}
      {...props}
      style={{ ...kindStyle[column.kind ?? 'text'], ...(props?.style as CSSProperties) }}
    >
      {column.cell(row)}
    </Table.Td>
  );
}

export function BodyRow<Row>({
  row,
  shown,
  moved,
  name,
  colSpan,
  onOpenRow,
  rowProps,
}: {
  row: Row;
  shown: readonly TableColumn<Row>[];
  moved: readonly TableColumn<Row>[];
  name: string;
  colSpan: number;
  onOpenRow?: (row: Row) => void;
  rowProps?: ResponsiveTableProps<Row>['rowProps'];
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const cells = (
    <>
      {shown.map((column) => (
        <Cell key={column.key} column={column} row={row} />
      ))}
      {moved.length > 0 ? (
        <Table.Td>
          <DetailsButton name={name} open={open} detailsId={detailsId} onToggle={() => setOpen(!open)} />
        </Table.Td>
      ) : null}
    </>
  );
  return (
    <>
      {onOpenRow ? (
        <RecordRow {...rowProps?.(row)} onOpen={() => onOpenRow(row)}>
          {cells}
        </RecordRow>
      ) : (
        <Table.Tr {...rowProps?.(row)}>{cells}</Table.Tr>
      )}
      {open && moved.length > 0 ? (
        <DetailsRow id={detailsId} name={name} colSpan={colSpan} columns={moved} value={(column) => column.cell(row)} />
      ) : null}
    </>
  );
}

export function TotalsRow<Row>({
  shown,
  moved,
  name,
  colSpan,
}: {
  shown: readonly TableColumn<Row>[];
  moved: readonly TableColumn<Row>[];
  name: string;
  colSpan: number;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const movedTotals = moved.filter((column) => column.total !== undefined && column.total !== '');
  return (
    <>
      <Table.Tr>
        {shown.map((column) => (
          <Table.Th key={column.key} ta={align(column as TableColumn<never>)} style={{ whiteSpace: 'nowrap' }}>
            {column.total}
          </Table.Th>
        ))}
        {moved.length > 0 ? (
          <Table.Td>
            {movedTotals.length > 0 ? (
              <DetailsButton name={name} open={open} detailsId={detailsId} onToggle={() => setOpen(!open)} />
            ) : null}
          </Table.Td>
        ) : null}
      </Table.Tr>
      {open && movedTotals.length > 0 ? (
        <DetailsRow
          id={detailsId}
          name={name}
          colSpan={colSpan}
          columns={movedTotals}
          value={(column) => column.total}
        />
      ) : null}
    </>
  );
}

/** The moved columns of one row, label and value, in a row of their own under it. */
function DetailsRow<Row>({
  id,
  name,
  colSpan,
  columns,
  value,
}: {
  id: string;
  name: string;
  colSpan: number;
  columns: readonly TableColumn<Row>[];
  value: (column: TableColumn<Row>) => ReactNode;
}) {
  return (
    <Table.Tr className={classes.details}>
      <Table.Td colSpan={colSpan} id={id}>
        <dl className={classes.list} aria-label={`Details: ${name}`}>
          {columns.map((column) => (
            <div key={column.key} className={classes.pair}>
              <dt>{column.label}</dt>
              <dd style={kindStyle[column.kind ?? 'text']}>{value(column)}</dd>
            </div>
          ))}
        </dl>
      </Table.Td>
    </Table.Tr>
  );
}

function DetailsButton({
  name,
  open,
  detailsId,
  onToggle,
}: {
  name: string;
  open: boolean;
  detailsId: string;
  onToggle: () => void;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={`Details: ${name}`}
      aria-expanded={open}
      aria-controls={open ? detailsId : undefined}
      onClick={onToggle}
    >
      <svg
        viewBox="0 0 16 16"
        width={16}
        height={16}
        aria-hidden="true"
        className={classes.chevron}
        data-open={open || undefined}
      >
        <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </ActionIcon>
  );
}
