import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatStoreDateTime, movementReasonLabels, type ProductUnit, type StockMovement } from '@ipos/contracts';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { formatQuantity } from '../../../lib/quantity';
import { pathTo } from '../../../lib/route-paths';
import { formatDelta } from '../stock-figures';

/**
 * Where a movement's document opens, from the movement's own store (the document pages read the
 * active store): a refund opens its sale, a receipt or vendor return its purchase order. Counts and
 * transfers open in the inventory tabs, an adjustment in place.
 */
function documentLink(movement: StockMovement, activeStoreId: string | null): string | null {
  const id = movement.documentId;
  if (!id || movement.storeId !== activeStoreId) return null;
  switch (movement.documentKind) {
    case 'sale':
      return pathTo('dashboard.transactions.:id', { id });
    case 'purchase_order':
      return pathTo('dashboard.purchase-order.view/:id', { id });
    case 'waste':
      return pathTo('dashboard.waste.view/:id', { id });
    case 'invoice':
      return pathTo('dashboard.invoice.view/:id', { id });
    case 'stock_count':
      return pathTo('dashboard.inventory', {}, { tab: 'counts', count: id });
    case 'stock_transfer':
      return pathTo('dashboard.inventory', {}, { tab: 'transfers', transfer: id });
    case 'stock_adjustment':
      return `?adjustment=${id}`;
    default:
      return null;
  }
}

/** One page of a product's movements: when, where, why, by how much, by whom, and the document. */
export function MovementTable({
  items,
  unit,
  hasVariants,
  activeStoreId,
  timeZone,
  refreshing,
}: {
  items: StockMovement[];
  unit: ProductUnit;
  hasVariants: boolean;
  activeStoreId: string | null;
  timeZone?: string;
  refreshing: boolean;
}) {
  const columns: (TableColumn<StockMovement> | null)[] = [
    {
      key: 'when',
      label: 'When',
      kind: 'code',
      priority: 0,
      cell: (m) => formatStoreDateTime(m.occurredAt, timeZone),
    },
    { key: 'store', label: 'Store', priority: 6, minWidth: 112, cell: (m) => m.storeName },
    hasVariants
      ? { key: 'variant', label: 'Variant', priority: 2, minWidth: 96, cell: (m) => m.variantLabel || m.sku }
      : null,
    { key: 'reason', label: 'Reason', priority: 1, minWidth: 96, cell: (m) => movementReasonLabels[m.reason] },
    {
      key: 'change',
      label: 'Change',
      kind: 'number',
      priority: 0,
      tdProps: (m) => ({ c: m.delta < 0 ? 'red' : 'green', fw: 600 }),
      cell: (m) => formatDelta(m.delta, unit),
    },
    {
      key: 'after',
      label: 'On hand after',
      kind: 'number',
      priority: 5,
      cell: (m) => formatQuantity(m.onHandAfter, unit),
    },
    { key: 'by', label: 'By', priority: 3, minWidth: 96, cell: (m) => m.actor?.name ?? '—' },
    {
      key: 'note',
      label: 'Note',
      priority: 7,
      tdProps: () => ({ maw: 240 }),
      cell: (m) => (
        <Text size="sm" lineClamp={2}>
          {m.note ?? ''}
        </Text>
      ),
    },
    {
      key: 'document',
      label: 'Document',
      kind: 'code',
      priority: 4,
      cell: (m) => {
        const link = documentLink(m, activeStoreId);
        return link && m.refNumber ? (
          <Anchor component={Link} to={link} size="sm">
            {m.refNumber}
          </Anchor>
        ) : (
          (m.refNumber ?? '')
        );
      },
    },
  ];
  return (
    <ResponsiveTable
      label="Movement history"
      columns={columns.filter((column) => column !== null)}
      rows={items}
      rowKey={(m) => m.id}
      rowLabel={(m) => `${movementReasonLabels[m.reason]}, ${formatStoreDateTime(m.occurredAt, timeZone)}`}
      rowProps={() => ({ 'data-testid': 'movement-row' })}
      refreshing={refreshing}
    />
  );
}
