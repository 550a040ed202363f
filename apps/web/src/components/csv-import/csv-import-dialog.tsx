import type { ReactNode } from 'react';
import { Badge, Button, Group, List, Modal, Stack, Table } from '@mantine/core';
import { csvFieldWords, CsvFileChooser, importActionColors, importActionLabels, ImportSummary } from './import-preview';
import type { ImportAction } from './import-preview';
import type { useCsvImport } from './use-csv-import';

interface RowMessage {
  field: string;
  message: string;
}

/** One previewed row as every import report has it. */
export interface ImportRowLike {
  line: number;
  action: ImportAction;
  errors: RowMessage[];
  warnings?: RowMessage[];
}

export interface ImportReportShape {
  summary: {
    total: number;
    create: number;
    update: number;
    unchanged: number;
    errors: number;
    warnings?: number;
  };
  rows: ImportRowLike[];
}

/** A column of the preview table that is the records' own (SKU, name, kind). */
export interface ImportColumn<Row> {
  header: string;
  width?: number;
  monospace?: boolean;
  cell: (row: Row) => ReactNode;
}

/**
 * The one CSV import dialog (products, contacts): what the file holds and a template, the file
 * chooser, the API's preview of every row (its action, errors and warnings), and "Import n rows",
 * offered only when no row has an error and nothing else blocks it. Each import gives its words,
 * its own columns and what it counts as importable.
 */
export function CsvImportDialog<R extends ImportReportShape>({
  opened,
  title,
  intro,
  csv,
  columns,
  messagesHeader = 'Errors',
  notice,
  importable,
  blocked = false,
}: {
  opened: boolean;
  title: string;
  intro: ReactNode;
  /** The state of `useCsvImport`. */
  csv: ReturnType<typeof useCsvImport<R>>;
  columns: ImportColumn<R['rows'][number]>[];
  messagesHeader?: string;
  /** Said above the preview (a plan limit the file would pass). */
  notice?: ReactNode;
  importable: number;
  /** Something besides row errors forbids the import. */
  blocked?: boolean;
}) {
  const { file, report, fileError, choose, importNow, close, previewing, committing } = csv;
  const summary = report?.summary;

  return (
    <Modal opened={opened} onClose={close} title={title} size="xl">
      <Stack gap="md">
        {intro}
        <CsvFileChooser
          file={file}
          previewed={report !== null}
          busy={previewing}
          error={fileError}
          onChoose={(chosen) => void choose(chosen)}
        />
        {notice}
        {report && summary ? (
          <>
            <ImportSummary summary={summary} />
            <ImportPreviewTable rows={report.rows} columns={columns} messagesHeader={messagesHeader} />
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            onClick={() => void importNow()}
            disabled={!report || !summary || summary.errors > 0 || importable === 0 || blocked}
            loading={committing}
          >
            {`Import ${importable} ${importable === 1 ? 'row' : 'rows'}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ImportPreviewTable<Row extends ImportRowLike>({
  rows,
  columns,
  messagesHeader,
}: {
  rows: Row[];
  columns: ImportColumn<Row>[];
  messagesHeader: string;
}) {
  return (
    <Table.ScrollContainer minWidth={640} mah={380}>
      <Table aria-label="Import preview" verticalSpacing={6} stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>Line</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.header} w={column.width}>
                {column.header}
              </Table.Th>
            ))}
            <Table.Th w={110}>Action</Table.Th>
            <Table.Th>{messagesHeader}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line} data-testid="import-row" data-action={row.action}>
              <Table.Td>{row.line}</Table.Td>
              {columns.map((column) => (
                <Table.Td key={column.header} ff={column.monospace ? 'monospace' : undefined}>
                  {column.cell(row)}
                </Table.Td>
              ))}
              <Table.Td>
                <Badge color={importActionColors[row.action]} variant="light">
                  {importActionLabels[row.action]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <RowMessages errors={row.errors} warnings={row.warnings ?? []} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowMessages({ errors, warnings }: { errors: RowMessage[]; warnings: RowMessage[] }) {
  if (errors.length === 0 && warnings.length === 0) return null;
  return (
    <List size="sm" spacing={2}>
      {errors.map((e, i) => (
        <List.Item key={`e${i}`} c="red">
          <strong>{csvFieldWords(e.field)}</strong>: {e.message}
        </List.Item>
      ))}
      {warnings.map((w, i) => (
        <List.Item key={`w${i}`} c="yellow.9">
          <strong>{csvFieldWords(w.field)}</strong>: {w.message}
        </List.Item>
      ))}
    </List>
  );
}
