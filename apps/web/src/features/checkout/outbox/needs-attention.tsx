import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { deviceDb, type OutboxRow } from '../../../lib/device-db';
import { formatDateTime } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { keepForLater, retrySale } from './outbox-store';
import { syncNow } from './outbox-sync';

/** What a refused sale is called on the device: its offline reference, else the start of its id. */
const nameOf = (row: OutboxRow) => row.offlineReference ?? `Sale ${row.saleId.slice(0, 8)}`;

/**
 * The sales the server refused in a way sending them again will not fix: each with when it was sold,
 * its total, the server's reason, and Retry (after fixing the cause, e.g. reopening access) or Keep
 * for later. Nothing here is ever deleted: a sale leaves the list only when the server records it.
 */
export function NeedsAttentionDialog({
  opened,
  rows,
  timeZone,
  onClose,
}: {
  opened: boolean;
  rows: OutboxRow[];
  timeZone: string | undefined;
  onClose: () => void;
}) {
  const retry = async (row: OutboxRow) => {
    await retrySale(deviceDb(), row.saleId);
    await syncNow();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Sales that need attention" size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The server did not accept these sales. They are kept on this device until it does.
        </Text>
        {rows.length === 0 && <Text size="sm">Nothing needs attention.</Text>}
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => (
            <li key={row.saleId} aria-label={nameOf(row)}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={600}>
                    {nameOf(row)}
                    {row.keptForLater ? ' · kept for later' : ''}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Sold {formatDateTime(row.soldAt, timeZone)}
                    {row.receipt ? ` · ${formatMoney(row.body.expectedTotalMinor, row.receipt.business.currency)}` : ''}
                  </Text>
                  <Text size="sm" data-testid="needs-attention-reason">
                    {row.lastAnswer?.message ?? 'Refused by the server'}
                    {row.lastAnswer?.code ? ` (${row.lastAnswer.code})` : ''}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" onClick={() => void retry(row)} aria-label={`Retry ${nameOf(row)}`}>
                    Retry
                  </Button>
                  {!row.keptForLater && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => void keepForLater(deviceDb(), row.saleId)}
                      aria-label={`Keep ${nameOf(row)} for later`}
                    >
                      Keep for later
                    </Button>
                  )}
                </Group>
              </Group>
            </li>
          ))}
        </Stack>
      </Stack>
    </Modal>
  );
}
