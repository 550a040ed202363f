import { Alert, Badge, Button, FileButton, Group, Text } from '@mantine/core';

/**
 * The parts every CSV import dialog shares (products, contacts): choosing the file, the preview's
 * summary, and the words and colours of a row’s action (`CsvImportDialog` puts them together).
 */
export type ImportAction = 'create' | 'update' | 'unchanged' | 'error';

export const importActionColors: Record<ImportAction, string> = {
  create: 'green',
  update: 'blue',
  unchanged: 'gray',
  error: 'red',
};

export const importActionLabels: Record<ImportAction, string> = {
  create: 'New',
  update: 'Update',
  unchanged: 'Unchanged',
  error: 'Error',
};

/** A CSV column name in plain words, for the messages of a row. */
export const csvFieldWords = (field: string) => field.replace(/_/g, ' ');

export function CsvFileChooser({
  file,
  previewed,
  busy,
  error,
  onChoose,
}: {
  file: File | null;
  /** A preview is on screen: the button is no longer the main action. */
  previewed: boolean;
  busy: boolean;
  error: string | null;
  onChoose: (file: File | null) => void;
}) {
  return (
    <>
      <Group gap="sm">
        <FileButton onChange={onChoose} accept=".csv,text/csv">
          {(props) => (
            <Button {...props} variant={previewed ? 'default' : 'filled'} loading={busy}>
              {file ? 'Choose another file' : 'Choose a CSV file'}
            </Button>
          )}
        </FileButton>
        {file ? (
          <Text size="sm" c="dimmed" data-testid="import-file-name">
            {file.name}
          </Text>
        ) : null}
      </Group>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </>
  );
}

export function ImportSummary({
  summary,
}: {
  summary: { total: number; create: number; update: number; unchanged: number; errors: number; warnings?: number };
}) {
  return (
    <>
      <Group gap="xs" aria-live="polite" data-testid="import-summary">
        <Badge color="gray" variant="light">
          {summary.total} rows
        </Badge>
        <Badge color="green" variant="light">
          {summary.create} new
        </Badge>
        <Badge color="blue" variant="light">
          {summary.update} to update
        </Badge>
        <Badge color="gray" variant="light">
          {summary.unchanged} unchanged
        </Badge>
        {summary.warnings === undefined ? null : (
          <Badge color={summary.warnings ? 'yellow' : 'gray'} variant="light">
            {summary.warnings} with warnings
          </Badge>
        )}
        <Badge color={summary.errors ? 'red' : 'gray'} variant={summary.errors ? 'filled' : 'light'}>
          {summary.errors} with errors
        </Badge>
      </Group>
      {summary.errors > 0 ? (
        <Alert color="red" variant="light" title="Fix these rows and choose the file again">
          Nothing is imported while any row has an error.
        </Alert>
      ) : null}
    </>
  );
}
