import { useState } from 'react';
import { Anchor, Badge, Card, Group, Modal, NativeSelect, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import {
  formatStoreDateTime,
  movementReasonLabels,
  type ProductUnit,
  stockAdjustmentReasonLabels,
  type StockMovement,
} from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { EmptyState } from '../../../components/feedback/empty-state';
import { formatQuantity } from '../../../lib/quantity';
import { useProductMovements, useStockAdjustment } from '../api/stock';
import { pathTo } from '../../../lib/route-paths';

const PAGE_SIZE = 20;
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** "+5", "−2.5 kg": the sign always shown, so a change reads as a change. */
export function formatDelta(delta: number, unit: ProductUnit): string {
  return delta > 0 ? `+${formatQuantity(delta, unit)}` : `−${formatQuantity(-delta, unit)}`;
}

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

export interface MovementHistoryProps {
  productId: string;
  unit: ProductUnit;
  stores: { id: string; name: string }[];
  /** Shown in a column only when the product has options. */
  hasVariants: boolean;
  activeStoreId: string | null;
  timeZone?: string;
}

/** The product's ledger, newest first: who, when, why, by how much, and the document behind it. */
export function MovementHistory({
  productId,
  unit,
  stores,
  hasVariants,
  activeStoreId,
  timeZone,
}: MovementHistoryProps) {
  const [page, setPage] = useState(1);
  const [storeId, setStoreId] = useState('');
  const movements = useProductMovements(productId, { page, pageSize: PAGE_SIZE, storeId: storeId || undefined });
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Movement history
        </Title>
        <NativeSelect
          label="Store"
          value={storeId}
          onChange={(event) => {
            setStoreId(event.currentTarget.value);
            setPage(1);
          }}
          data={[{ value: '', label: 'All stores' }, ...stores.map((s) => ({ value: s.id, label: s.name }))]}
        />
      </Group>
      <WhenLoaded query={movements} loadingLabel="Loading the movements" errorTitle="We could not load the movements">
        {({ items, total }) =>
          items.length === 0 ? (
            <Card withBorder radius="md">
              <EmptyState title="No movements yet">
                Adjustments, counts, transfers and sales of this product will be listed here.
              </EmptyState>
            </Card>
          ) : (
            <Stack gap="sm">
              <Card withBorder padding={0} radius="md">
                <Table.ScrollContainer minWidth={900}>
                  <Table aria-label="Movement history" verticalSpacing="xs" horizontalSpacing="sm" striped>
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
                  </Table>
                </Table.ScrollContainer>
              </Card>
              {total > PAGE_SIZE ? (
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    {total} movements
                  </Text>
                  <Pagination
                    total={Math.ceil(total / PAGE_SIZE)}
                    value={page}
                    onChange={setPage}
                    aria-label="Movement pages"
                  />
                </Group>
              ) : null}
            </Stack>
          )
        }
      </WhenLoaded>
      <AdjustmentFromSearch unit={unit} timeZone={timeZone} />
    </Stack>
  );
}

/** `?adjustment=<id>`: the adjustment a movement links to, opened in place. */
function AdjustmentFromSearch({ unit, timeZone }: { unit: ProductUnit; timeZone?: string }) {
  const [search, setSearch] = useSearchParams();
  const adjustmentId = search.get('adjustment');
  const adjustment = useStockAdjustment(adjustmentId);
  const close = () =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('adjustment');
        return next;
      },
      { replace: true },
    );
  return (
    <Modal
      opened={adjustmentId !== null}
      onClose={close}
      title={adjustment.data ? `Adjustment ${adjustment.data.number}` : 'Adjustment'}
      size="lg"
    >
      {adjustmentId ? (
        <WhenLoaded
          query={adjustment}
          loadingLabel="Loading the adjustment"
          errorTitle="We could not open the adjustment"
        >
          {(a) => (
            <Stack gap="sm">
              <Group gap="xs">
                <Badge variant="light">{stockAdjustmentReasonLabels[a.reasonCode]}</Badge>
                <Text size="sm" c="dimmed">
                  {formatStoreDateTime(a.createdAt, timeZone)} by {a.createdBy?.name ?? 'someone'}
                </Text>
              </Group>
              {a.note ? <Text size="sm">{a.note}</Text> : null}
              <Table aria-label="Adjustment lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th ta="right">Change</Table.Th>
                    <Table.Th ta="right">On hand after</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {a.lines.map((line) => (
                    <Table.Tr key={line.variantId}>
                      <Table.Td>{line.name}</Table.Td>
                      <Table.Td ta="right" style={num}>
                        {formatDelta(line.quantity, unit)}
                      </Table.Td>
                      <Table.Td ta="right" style={num}>
                        {line.onHandAfter === null ? '—' : formatQuantity(line.onHandAfter, unit)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          )}
        </WhenLoaded>
      ) : null}
    </Modal>
  );
}
