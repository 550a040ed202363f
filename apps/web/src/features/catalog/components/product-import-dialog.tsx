import { Alert, Anchor, Badge, Button, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { csvLine, productCsvColumns, type ImportReport } from '@ipos/contracts';
import { saveBlob, useCommitProductImport, usePreviewProductImport } from '../api/products';
import {
  CsvFileChooser,
  csvFieldWords,
  importActionColors,
  importActionLabels,
  ImportSummary,
} from '../../../components/csv-import/import-preview';
import { useCsvImport } from '../../../components/csv-import/use-csv-import';

function downloadTemplate() {
  saveBlob(new Blob([csvLine(productCsvColumns)], { type: 'text/csv' }), 'products-template.csv');
}

/**
 * Import products from a CSV: the API checks the file and shows every row with what it would do and
 * its errors; nothing is written until "Import", which is all-or-nothing and only offered without errors.
 */
export function ProductImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { file, report, fileError, choose, importNow, close, previewing, committing } = useCsvImport<ImportReport>({
    preview: usePreviewProductImport(),
    commit: useCommitProductImport(),
    what: 'Products',
    onClose,
  });

  const summary = report?.summary;
  const importable = summary ? summary.total - summary.errors : 0;

  return (
    <Modal opened={opened} onClose={close} title="Import products from CSV" size="xl">
      <Stack gap="md">
        <Text size="sm">
          One row per product variant, with the columns of the export. Rows are matched by SKU: existing ones are
          updated, new ones created (a row without a SKU gets a generated one), and on_hand sets the stock in the store
          you are working in.{' '}
          <Anchor component="button" type="button" size="sm" onClick={downloadTemplate}>
            Download a blank template
          </Anchor>{' '}
          (or export your catalogue and edit it).
        </Text>
        <CsvFileChooser
          file={file}
          previewed={report !== null}
          busy={previewing}
          error={fileError}
          onChoose={(chosen) => void choose(chosen)}
        />
        {report?.planLimit ? (
          <Alert color="red" variant="light" role="alert" title="This file would pass the plan’s product limit">
            {report.planLimit}. Nothing can be imported from it as it is: archive products, import fewer, or change the
            plan first.
          </Alert>
        ) : null}
        {report && summary ? (
          <>
            <ImportSummary summary={summary} />
            <Table.ScrollContainer minWidth={640} mah={380}>
              <Table aria-label="Import preview" verticalSpacing={6} stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={60}>Line</Table.Th>
                    <Table.Th>SKU</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th w={110}>Action</Table.Th>
                    <Table.Th>Errors</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.rows.map((row) => (
                    <Table.Tr key={row.line} data-testid="import-row" data-action={row.action}>
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td ff="monospace">{row.sku}</Table.Td>
                      <Table.Td>{row.name}</Table.Td>
                      <Table.Td>
                        <Badge color={importActionColors[row.action]} variant="light">
                          {importActionLabels[row.action]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {row.errors.length ? (
                          <List size="sm" c="red" spacing={2}>
                            {row.errors.map((e, i) => (
                              <List.Item key={i}>
                                <strong>{csvFieldWords(e.field)}</strong>: {e.message}
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
            disabled={!report || !summary || summary.errors > 0 || importable === 0 || Boolean(report.planLimit)}
            loading={committing}
          >
            {`Import ${importable} ${importable === 1 ? 'row' : 'rows'}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
