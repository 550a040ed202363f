import type { ReactNode } from 'react';
import { Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatStoreDateTime, getStockTransfer, type StockTransfer } from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { apiRequest } from '../../../lib/api-client';
import { formatQuantity } from '../../../lib/quantity';
import { useActiveStore } from '../../../lib/active-store';
import { TransferStatusBadge } from './count-status-badge';

const num = { fontVariantNumeric: 'tabular-nums' } as const;

/** A transfer's lines: product, SKU and quantity. */
export function TransferLines({ transfer }: { transfer: StockTransfer }) {
  return (
    <Table aria-label={`Lines of ${transfer.number}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Product</Table.Th>
          <Table.Th>SKU</Table.Th>
          <Table.Th ta="right">Quantity</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {transfer.lines.map((line) => (
          <Table.Tr key={line.variantId}>
            <Table.Td>{line.name}</Table.Td>
            <Table.Td>{line.sku}</Table.Td>
            <Table.Td ta="right" style={num}>
              {formatQuantity(line.quantity)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One transfer opened from a link (`&transfer=<id>`). */
export function TransferModal({
  transferId,
  timeZone,
  onClose,
  actionsFor,
}: {
  transferId: string | null;
  timeZone?: string;
  onClose: () => void;
  actionsFor: (t: StockTransfer) => ReactNode;
}) {
  const store = useActiveStore();
  const transfer = useQuery({
    queryKey: ['inventory', 'transfers', store.data?.id ?? null, 'one', transferId],
    queryFn: ({ signal }) => apiRequest(getStockTransfer, { params: { transferId: transferId! }, signal }),
    enabled: transferId !== null,
  });
  return (
    <Modal
      opened={transferId !== null}
      onClose={onClose}
      title={transfer.data ? `Transfer ${transfer.data.number}` : 'Transfer'}
      size="lg"
    >
      {transferId ? (
        <WhenLoaded query={transfer} loadingLabel="Loading the transfer" errorTitle="We could not open the transfer">
          {(t) => (
            <Stack gap="sm">
              <Group gap="sm">
                <TransferStatusBadge status={t.status} />
                <Text size="sm">
                  {t.fromStore.name} → {t.toStore.name}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                Sent {formatStoreDateTime(t.sentAt, timeZone)} by {t.sentBy?.name ?? 'someone'}
                {t.receivedAt
                  ? ` · received ${formatStoreDateTime(t.receivedAt, timeZone)} by ${t.receivedBy?.name ?? 'someone'}`
                  : ''}
              </Text>
              {t.note ? <Text size="sm">{t.note}</Text> : null}
              <TransferLines transfer={t} />
              <Group justify="flex-end">{actionsFor(t)}</Group>
            </Stack>
          )}
        </WhenLoaded>
      ) : null}
    </Modal>
  );
}
