import { Badge, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { formatStoreDateTime, type ProductUnit, stockAdjustmentReasonLabels } from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { formatQuantity } from '../../../lib/quantity';
import { useStockAdjustment } from '../api/stock';
import { formatDelta } from '../stock-figures';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** `?adjustment=<id>`: the adjustment a movement links to, opened in place. */
export function AdjustmentFromSearch({ unit, timeZone }: { unit: ProductUnit; timeZone?: string }) {
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
