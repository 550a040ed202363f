import { Anchor, Text } from '@mantine/core';
import { contactCsvColumns, csvLine, type ContactImportReport } from '@ipos/contracts';
import { saveBlob, useCommitContactImport, usePreviewContactImport } from '../api/contacts';
import { CsvImportDialog } from '../../../components/csv-import/csv-import-dialog';
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
  const csv = useCsvImport<ContactImportReport>({
    preview: usePreviewContactImport(),
    commit: useCommitContactImport(),
    what: 'Contacts',
    onClose,
    fileErrorsInDialog: true,
  });
  const summary = csv.report?.summary;

  return (
    <CsvImportDialog
      opened={opened}
      title="Import contacts from CSV"
      csv={csv}
      intro={
        <Text size="sm">
          One row per contact: kind (customer or vendor), name, phone, email, address, tax_id, notes, archived. A row
          with an id (as the export writes it) updates that contact; a row without one adds a new contact.{' '}
          <Anchor component="button" type="button" size="sm" onClick={downloadTemplate}>
            Download a template
          </Anchor>
        </Text>
      }
      columns={[
        { header: 'Name', cell: (row) => row.name },
        { header: 'Kind', width: 90, cell: (row) => row.kind },
      ]}
      messagesHeader="Errors and warnings"
      importable={summary ? summary.create + summary.update : 0}
    />
  );
}
