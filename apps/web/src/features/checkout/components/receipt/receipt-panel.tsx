import { useEffect, useRef } from 'react';
import { Button, Group, Kbd, Stack, Text, Title } from '@mantine/core';
import { LoadError, LoadingCard } from '../../../../components/feedback/load-states';
import { formatMoney } from '../../../../lib/money';
import { useReceipt } from '../../api/receipts';
import { useOutboxSale } from '../../outbox/use-outbox';
import { PendingReceipt } from '../../outbox/pending-receipt';
import { ReceiptWorkspace } from './receipt-actions';

/**
 * The till after payment: the change to hand back, the receipt on screen with print, PDF and email,
 * and a new sale in one keystroke (Enter or N, outside a field).
 */
export function ReceiptPanel({ saleId, onNewSale }: { saleId: string; onNewSale: () => void }) {
  // A sale completed on the device shows the receipt it printed until the server has recorded it.
  const queued = useOutboxSale(saleId);
  const pending = queued && queued.state !== 'synced' && queued.receipt ? queued : null;
  const receipt = useReceipt(queued === undefined || pending ? null : saleId);
  const newSaleRef = useRef<HTMLButtonElement>(null);
  const loaded = receipt.isSuccess || pending !== null;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      // Enter on another button is that button's; typing in the email field is typing.
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      if (target?.closest('button, a') && target !== newSaleRef.current) return;
      if (event.key === 'Enter' || event.key === 'n' || event.key === 'N') {
        event.preventDefault();
        onNewSale();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onNewSale]);

  // Focus lands on "New sale" once the receipt shows, so the next customer is one key away.
  useEffect(() => {
    if (loaded) newSaleRef.current?.focus();
  }, [loaded]);

  const newSale = (
    <Button ref={newSaleRef} size="lg" onClick={onNewSale} fullWidth>
      New sale <Kbd ml={8}>Enter</Kbd>&nbsp;or&nbsp;<Kbd>N</Kbd>
    </Button>
  );

  if (pending?.receipt) return <PendingReceipt row={pending} receipt={pending.receipt} newSale={newSale} />;
  if (receipt.isPending)
    return (
      <Stack gap="md">
        <LoadingCard label="Loading the receipt" />
        {newSale}
      </Stack>
    );
  if (receipt.isError)
    return (
      <Stack gap="md">
        <Text>The sale is complete; only its receipt could not be loaded.</Text>
        <LoadError
          title="We could not load the receipt"
          error={receipt.error}
          onRetry={() => void receipt.refetch()}
          isRetrying={receipt.isFetching}
        />
        {newSale}
      </Stack>
    );

  const { sale, business } = receipt.data;
  // Recorded from its first attempt (that answer was lost): the server has no reference, the paper does.
  const printed = queued?.offlineReference && !sale.offlineReference ? queued.offlineReference : null;
  const shown = printed ? { ...receipt.data, sale: { ...sale, offlineReference: printed } } : receipt.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Sale {sale.number} complete</Title>
          <Text c="dimmed">Total {formatMoney(sale.totalMinor, business.currency)}</Text>
        </div>
        {sale.changeMinor > 0 && (
          <Text size="xl" fw={700} data-testid="change-to-give" role="status">
            Change {formatMoney(sale.changeMinor, business.currency)}
          </Text>
        )}
      </Group>
      <ReceiptWorkspace receipt={shown}>{newSale}</ReceiptWorkspace>
    </Stack>
  );
}
