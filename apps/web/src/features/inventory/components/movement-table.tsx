import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatStoreDateTime, movementReasonLabels, type ProductUnit, type StockMovement } from '@ipos/contracts';
import { ListTable } from '../../../components/feedback/list-state';
import { formatQuantity } from '../../../lib/quantity';
import { pathTo } from '../../../lib/route-paths';
import { formatDelta } from '../stock-figures';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

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
  return (
    <ListTable label="Movement history" minWidth={900} refreshing={refreshing}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>Store</Table.Th>
          {hasVariants ? <Table.Th>Variant</Table.Th> : null}
          <Table.Th>Reason</Table.Th>
          <Table.Th ta="right">Change</Table.Th>
          <Table.Th ta="right">On hand after</Table.Th>
          <Table.Th>By</Table.Th>
          <Table.Th>Note</Table.Th>
          <Table.Th>Document</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((m) => {
          const link = documentLink(m, activeStoreId);
          return (
            <Table.Tr key={m.id} data-testid="movement-row">
              <Table.Td style={num}>{formatStoreDateTime(m.occurredAt, timeZone)}</Table.Td>
              <Table.Td>{m.storeName}</Table.Td>
              {hasVariants ? <Table.Td>{m.variantLabel || m.sku}</Table.Td> : null}
              <Table.Td>{movementReasonLabels[m.reason]}</Table.Td>
              <Table.Td ta="right" style={num} c={m.delta < 0 ? 'red.8' : 'green.8'} fw={600}>
                {formatDelta(m.delta, unit)}
              </Table.Td>
              <Table.Td ta="right" style={num}>
                {formatQuantity(m.onHandAfter, unit)}
              </Table.Td>
              <Table.Td>{m.actor?.name ?? '—'}</Table.Td>
              <Table.Td maw={240}>
                <Text size="sm" lineClamp={2}>
                  {m.note ?? ''}
                </Text>
              </Table.Td>
              <Table.Td style={num}>
                {link && m.refNumber ? (
                  <Anchor component={Link} to={link} size="sm">
                    {m.refNumber}
                  </Anchor>
                ) : (
                  (m.refNumber ?? '')
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ListTable>
  );
}
