import { useState, type ReactNode } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { showApiError } from '../../../components/toast';
import { useStoreTimeZone } from '../../../lib/active-store';
import { todayIn } from '../../../lib/format';
import { pathTo } from '../../../lib/route-paths';
import { downloadProductsCsv, saveBlob } from '../api/products';

/**
 * The product list's header: links to categories and tax rates, the actions on the selected products
 * (labels and the page's own), the CSV export of the catalogue, and for managers import and add.
 */
export function ProductListActions({
  archived,
  selectedIds,
  canManage,
  canTax,
  selectionActions,
  onLabels,
  onImport,
}: {
  /** The list's archived filter: the export takes the same products. */
  archived: string | undefined;
  selectedIds: string[];
  canManage: boolean;
  canTax: boolean;
  selectionActions: ReactNode;
  onLabels: () => void;
  onImport: () => void;
}) {
  const [exporting, setExporting] = useState(false);
  const timeZone = useStoreTimeZone();

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await downloadProductsCsv(archived === 'all' ? 'all' : 'false');
      saveBlob(blob, `products-${todayIn(timeZone)}.csv`);
    } catch (error) {
      showApiError(error, 'Could not export the products');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Group gap="xs">
        <Anchor component={Link} to={pathTo('dashboard.inventory.category')} size="sm">
          Categories
        </Anchor>
        {canTax ? (
          <Anchor component={Link} to="/dashboard/settings/tax-management" size="sm">
            Tax rates
          </Anchor>
        ) : null}
      </Group>
      <Group gap="xs" wrap="wrap">
        {selectedIds.length > 0 ? (
          <Button variant="default" onClick={onLabels}>
            Print labels ({selectedIds.length})
          </Button>
        ) : null}
        {selectedIds.length > 0 ? selectionActions : null}
        <Button variant="default" loading={exporting} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
        {canManage ? (
          <>
            <Button variant="default" onClick={onImport}>
              Import CSV
            </Button>
            <Button component={Link} to={pathTo('dashboard.inventory.create')}>
              Add product
            </Button>
          </>
        ) : null}
      </Group>
    </Group>
  );
}
