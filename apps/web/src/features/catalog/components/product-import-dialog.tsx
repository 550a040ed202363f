import { Alert, Anchor, Text } from '@mantine/core';
import { csvLine, productCsvColumns, type ImportReport } from '@ipos/contracts';
import { saveBlob, useCommitProductImport, usePreviewProductImport } from '../api/products';
import { CsvImportDialog } from '../../../components/csv-import/csv-import-dialog';
import { useCsvImport } from '../../../components/csv-import/use-csv-import';

function downloadTemplate() {
  saveBlob(new Blob([csvLine(productCsvColumns)], { type: 'text/csv' }), 'products-template.csv');
}

/**
 * Import products from a CSV: the API checks the file and shows every row with what it would do and
 * its errors; nothing is written until "Import", which is all-or-nothing and only offered without errors.
 */
export function ProductImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const csv = useCsvImport<ImportReport>({
    preview: usePreviewProductImport(),
    commit: useCommitProductImport(),
    what: 'Products',
    onClose,
  });
  const { report } = csv;
  const summary = report?.summary;

  return (
    <CsvImportDialog
      opened={opened}
      title="Import products from CSV"
      csv={csv}
      intro={
        <Text size="sm">
          One row per product variant, with the columns of the export. Rows are matched by SKU: existing ones are
          updated, new ones created (a row without a SKU gets a generated one), and on_hand sets the stock in the store
          you are working in.{' '}
          <Anchor component="button" type="button" size="sm" onClick={downloadTemplate}>
            Download a blank template
          </Anchor>{' '}
          (or export your catalogue and edit it).
        </Text>
      }
      notice={
        report?.planLimit ? (
          <Alert color="red" variant="light" role="alert" title="This file would pass the plan’s product limit">
            {report.planLimit}. Nothing can be imported from it as it is: archive products, import fewer, or change the
            plan first.
          </Alert>
        ) : null
      }
      columns={[
        { header: 'SKU', monospace: true, cell: (row) => row.sku },
        { header: 'Name', cell: (row) => row.name },
      ]}
      importable={summary ? summary.total - summary.errors : 0}
      blocked={Boolean(report?.planLimit)}
    />
  );
}
