import { useState } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { formatTime } from '../../../lib/format';
import { useIsOnline } from '../../../lib/online';
import classes from '../components/checkout.module.css';
import { syncNow } from './outbox-sync';
import { NeedsAttentionDialog } from './needs-attention';
import { useOutboxSync, useSyncState, useUnsyncedSales } from './use-outbox';

const sales = (n: number) => `${n} sale${n === 1 ? '' : 's'}`;

/**
 * The register header's view of the sale queue: online or offline, the sales waiting to be sent, the
 * last sync (said, not shown, on a phone, where the header has no room for it), "Sync now", and the
 * sales that need attention (their list). It also runs the tab's background sync while the register
 * is open.
 */
export function OutboxStatus({ timeZone }: { timeZone: string | undefined }) {
  useOutboxSync();
  const online = useIsOnline();
  const { syncing, reachable, lastSyncAt } = useSyncState();
  const rows = useUnsyncedSales() ?? [];
  const [listOpen, setListOpen] = useState(false);
  const waiting = rows.filter((r) => r.state === 'pending').length;
  const attention = rows.filter((r) => r.state === 'needs-attention');
  const fresh = attention.filter((r) => !r.keptForLater).length;
  const connected = online && reachable;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="sync-status">
      <Badge
        variant="light"
        color={connected ? 'teal' : 'gray'}
        role="status"
        aria-label={connected ? 'Online' : 'Offline: sales are kept on this device'}
      >
        {connected ? 'Online' : 'Offline'}
      </Badge>
      <Text
        size="xs"
        c="dimmed"
        role="status"
        aria-live="polite"
        data-testid="sync-waiting"
        className={classes.syncText}
      >
        {waiting > 0 ? `${sales(waiting)} waiting to sync` : 'All sales synced'}
        {lastSyncAt ? ` · last sync ${formatTime(lastSyncAt, timeZone)}` : ''}
      </Text>
      <Button
        variant="subtle"
        size="xs"
        loading={syncing}
        onClick={() => void syncNow()}
        aria-label={waiting > 0 ? `Sync now: send ${sales(waiting)}` : 'Sync now'}
      >
        Sync now
      </Button>
      {attention.length > 0 && (
        <Button variant={fresh > 0 ? 'light' : 'subtle'} color="orange" size="xs" onClick={() => setListOpen(true)}>
          Needs attention ({attention.length})
        </Button>
      )}
      <NeedsAttentionDialog opened={listOpen} rows={attention} timeZone={timeZone} onClose={() => setListOpen(false)} />
    </Group>
  );
}
