import { useState } from 'react';
import { Alert, Anchor, Badge, Button, FileButton, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { MAX_IMPORT_BYTES, contactCsvColumns, type ContactImportReport, type ContactImportRow } from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { saveBlob, useCommitContactImport, usePreviewContactImport } from '../api/contacts';

const actionColors: Record<ContactImportRow['action'], string> = {
  create: 'green',
  update: 'blue',
  unchanged: 'gray',
  error: 'red',
};
const actionLabels: Record<ContactImportRow['action'], string> = {
  create: 'New',
  update: 'Update',
  unchanged: 'Unchanged',
  error: 'Error',
};

/** The CSV's column names in plain words, for the messages of a row. */
const fieldWords = (field: string) => field.replace(/_/g, ' ');

function downloadTemplate() {
  saveBlob(
    new Blob([`${contactCsvColumns.join(',')}\n,vendor,Okafor Wholesale,0803 123 4567,sales@okafor.ng,,,,no\n`], {
      type: 'text/csv',
    }),
    'contacts-template.csv',
  );
}

/**
 * Import customers and vendors from a CSV: the API checks the file and lists every row with what it
 * would do, its errors and its warnings (the same phone or email as someone else); nothing is
 * written until "Import", which is all-or-nothing and only offered when no row has an error.
 */
export function ContactImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ContactImportReport | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewContactImport();
  const commit = useCommitContactImport();

  const reset = () => {
    setFile(null);
    setReport(null);
    setFileError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const choose = async (chosen: File | null) => {
    reset();
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_BYTES) {
      setFileError('The file is larger than 5 MB; split it into smaller files.');
      return;
    }
    const csv = new File([chosen], chosen.name, { type: 'text/csv' });
    setFile(csv);
    try {
      setReport(await preview.mutateAsync(csv));
    } catch (error) {
      setFile(null);
      if (isApiError(error) && error.fieldErrors.length > 0)
        setFileError(error.fieldErrors.map((e) => e.message).join('. '));
      else showApiError(error, 'Could not read the file');
    }
  };

  const importNow = async () => {
    if (!file || !report) return;
    try {
      const done = await commit.mutateAsync(file);
      const { create, update, unchanged } = done.summary;
      toast.show({
        type: 'success',
        title: 'Contacts imported',
        message: `${create} new, ${update} updated, ${unchanged} unchanged.`,
      });
      close();
    } catch (error) {
      // Someone changed a contact meanwhile: show the report the API found.
      if (isApiError(error) && error.code === 'IMPORT_INVALID' && error.problem?.report)
        setReport(error.problem.report as ContactImportReport);
      showApiError(error, 'Nothing was imported');
    }
  };

  const summary = report?.summary;
  const importable = summary ? summary.create + summary.update : 0;

  return (
    <Modal opened={opened} onClose={close} title="Import contacts from CSV" size="xl">
      <Stack gap="md">
        <Text size="sm">
          One row per contact: kind (customer or vendor), name, phone, email, address, tax_id, notes, archived. A row
          with an id (as the export writes it) updates that contact; a row without one adds a new contact.{' '}
          <Anchor component="button" type="button" size="sm" onClick={downloadTemplate}>
            Download a template
          </Anchor>
        </Text>
        <Group gap="sm">
          <FileButton onChange={(chosen) => void choose(chosen)} accept=".csv,text/csv">
            {(props) => (
              <Button {...props} variant={report ? 'default' : 'filled'} loading={preview.isPending}>
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
        {fileError ? (
          <Text size="sm" c="red" role="alert">
            {fileError}
          </Text>
        ) : null}
        {report && summary ? (
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
              <Badge color={summary.warnings ? 'yellow' : 'gray'} variant="light">
                {summary.warnings} with warnings
              </Badge>
              <Badge color={summary.errors ? 'red' : 'gray'} variant={summary.errors ? 'filled' : 'light'}>
                {summary.errors} with errors
              </Badge>
            </Group>
            {summary.errors > 0 ? (
              <Alert color="red" variant="light" title="Fix these rows and choose the file again">
                Nothing is imported while any row has an error.
              </Alert>
            ) : null}
            <Table.ScrollContainer minWidth={640} mah={380}>
              <Table aria-label="Import preview" verticalSpacing={6} stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={60}>Line</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th w={90}>Kind</Table.Th>
                    <Table.Th w={110}>Action</Table.Th>
                    <Table.Th>Errors and warnings</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.rows.map((row) => (
                    <Table.Tr key={row.line} data-testid="import-row" data-action={row.action}>
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td>{row.name}</Table.Td>
                      <Table.Td>{row.kind}</Table.Td>
                      <Table.Td>
                        <Badge color={actionColors[row.action]} variant="light">
                          {actionLabels[row.action]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {row.errors.length || row.warnings.length ? (
                          <List size="sm" spacing={2}>
                            {row.errors.map((e, i) => (
                              <List.Item key={`e${i}`} c="red">
                                <strong>{fieldWords(e.field)}</strong>: {e.message}
                              </List.Item>
                            ))}
                            {row.warnings.map((w, i) => (
                              <List.Item key={`w${i}`} c="yellow.9">
                                <strong>{fieldWords(w.field)}</strong>: {w.message}
                              </List.Item>
                            ))}
                          </List>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            onClick={() => void importNow()}
            disabled={!report || !summary || summary.errors > 0 || importable === 0}
            loading={commit.isPending}
          >
            {`Import ${importable} ${importable === 1 ? 'row' : 'rows'}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
