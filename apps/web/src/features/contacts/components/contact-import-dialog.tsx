import { Anchor, Badge, Button, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { contactCsvColumns, csvLine, type ContactImportReport } from '@ipos/contracts';
import { saveBlob, useCommitContactImport, usePreviewContactImport } from '../api/contacts';
import {
  CsvFileChooser,
  csvFieldWords,
  importActionColors,
  importActionLabels,
  ImportSummary,
} from '../../../components/csv-import/import-preview';
import { useCsvImport } from '../../../components/csv-import/use-csv-import';

function downloadTemplate() {
  saveBlob(
    new Blob(
      [
        csvLine(contactCsvColumns),
        csvLine([null, 'vendor', 'Okafor Wholesale', '0803 123 4567', 'sales@okafor.ng', null, null, null, 'no']),
      ],
      { type: 'text/csv' },
    ),
    'contacts-template.csv',
  );
}

/**
 * Import customers and vendors from a CSV: the API checks the file and lists every row with what it
 * would do, its errors and its warnings (the same phone or email as someone else); nothing is
 * written until "Import", which is all-or-nothing and only offered when no row has an error.
 */
export function ContactImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { file, report, fileError, choose, importNow, close, previewing, committing } =
    useCsvImport<ContactImportReport>({
      preview: usePreviewContactImport(),
      commit: useCommitContactImport(),
      what: 'Contacts',
      onClose,
      fileErrorsInDialog: true,
    });

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
          busy={previewing}
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
            loading={committing}
          >
            {`Import ${importable} ${importable === 1 ? 'row' : 'rows'}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
