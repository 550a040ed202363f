import type { ReactNode } from 'react';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import type { Receipt } from '@ipos/contracts';
import type { OutboxRow } from '../../../lib/device-db';
import { formatMoney } from '../../../lib/money';
import { ReceiptWorkspace } from '../components/receipt/receipt-actions';

/**
 * The till after a sale completed without the server: the change to hand back and the receipt the
 * device prints, with its offline reference and "Pending sync". The sale waits in the queue; once
 * recorded, the server's receipt (its final number, the offline reference beside it) replaces this.
 */
export function PendingReceipt({ row, receipt, newSale }: { row: OutboxRow; receipt: Receipt; newSale: ReactNode }) {
  const { sale, business } = receipt;
  const reason = row.state === 'needs-attention' ? row.lastAnswer?.message : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Sale {row.offlineReference ?? sale.number} complete</Title>
          <Text c="dimmed">Total {formatMoney(sale.totalMinor, business.currency)}</Text>
        </div>
        {sale.changeMinor > 0 && (
          <Text size="xl" fw={700} data-testid="change-to-give" role="status">
            Change {formatMoney(sale.changeMinor, business.currency)}
          </Text>
        )}
      </Group>
      <Alert color={reason ? 'orange' : 'blue'} data-testid="pending-sync-notice">
        {reason
          ? `Saved on this device; the server did not take it: ${reason}. It is listed under Needs attention.`
          : 'Saved on this device. It will be sent when the server can be reached — nothing else to do.'}
      </Alert>
      <ReceiptWorkspace receipt={receipt} pending>
        {newSale}
      </ReceiptWorkspace>
    </Stack>
  );
}
