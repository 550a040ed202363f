import { useState } from 'react';
import { Anchor, Badge, Button, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { MAX_IMPORT_BYTES, contactCsvColumns, type ContactImportReport } from '@ipos/contracts';
import { showApiError, toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { saveBlob, useCommitContactImport, usePreviewContactImport } from '../api/contacts';
import {
  CsvFileChooser,
  csvFieldWords,
  importActionColors,
  importActionLabels,
  ImportSummary,
} from '../../../components/csv-import/import-preview';

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
        <CsvFileChooser
          file={file}
          previewed={report !== null}
          busy={preview.isPending}
          error={fileError}
          onChoose={(chosen) => void choose(chosen)}
        />
        {report && summary ? (
          <>
            <ImportSummary summary={summary} />
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
                        <Badge color={importActionColors[row.action]} variant="light">
                          {importActionLabels[row.action]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {row.errors.length || row.warnings.length ? (
                          <List size="sm" spacing={2}>
                            {row.errors.map((e, i) => (
                              <List.Item key={`e${i}`} c="red">
                                <strong>{csvFieldWords(e.field)}</strong>: {e.message}
                              </List.Item>
                            ))}
                            {row.warnings.map((w, i) => (
                              <List.Item key={`w${i}`} c="yellow.9">
                                <strong>{csvFieldWords(w.field)}</strong>: {w.message}
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
