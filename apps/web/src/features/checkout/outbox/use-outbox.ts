import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { deviceDb, type OutboxRow } from '../../../lib/device-db';
import { startDeviceReports } from './device-report';
import { onSyncPass, startOutboxSync, syncNow, syncState } from './outbox-sync';

/** The outbox rows a query picks, kept current as the outbox changes (any tab); undefined while read. */
function useOutboxQuery<T>(query: () => Promise<T>, deps: unknown[], fallback?: T): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: setValue,
      // The device store cannot be read (private mode, storage gone): nothing to show.
      error: () => setValue(fallback),
    });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query is rebuilt from `deps`.
  }, deps);
  return value;
}

/** Every sale on this device that the server has not recorded yet: waiting, or needing attention. */
export function useUnsyncedSales(): OutboxRow[] | undefined {
  return useOutboxQuery(
    async () =>
      (await deviceDb().outbox.where('state').anyOf('pending', 'needs-attention').toArray()).sort(
        (a, b) => a.sequence - b.sequence,
      ),
    [],
  );
}

/** The sales of one register session not yet recorded by the server, and what they add to its figures. */
export interface SessionUnsynced {
  count: number;
  totalMinor: number;
  /** The cash they put in the drawer (cash tenders less change). */
  cashMinor: number;
}

export function sessionUnsynced(rows: OutboxRow[] | undefined, sessionId: string): SessionUnsynced {
  const mine = (rows ?? []).filter((r) => r.sessionId === sessionId);
  return {
    count: mine.length,
    totalMinor: mine.reduce((s, r) => s + r.body.expectedTotalMinor, 0),
    cashMinor: mine.reduce(
      (s, r) => s + r.body.payments.filter((p) => p.method === 'cash').reduce((c, p) => c + p.amountMinor, 0),
      0,
    ),
  };
}

export function useSessionUnsynced(sessionId: string): SessionUnsynced {
  return sessionUnsynced(useUnsyncedSales(), sessionId);
}

/**
 * One sale of the outbox, kept current (once synced, the server's receipt replaces the device's):
 * undefined while it is read, null when the outbox does not hold it.
 */
export function useOutboxSale(saleId: string): OutboxRow | null | undefined {
  return useOutboxQuery(async () => (await deviceDb().outbox.get(saleId)) ?? null, [saleId], null);
}

export function useSyncState() {
  return useSyncExternalStore(syncState.subscribe, syncState.get, syncState.get);
}

/**
 * The register's part in syncing: the tab's background sync and its reports to the managers started,
 * one sync as the register opens, and the register's figures read again after each pass (synced
 * sales now count there).
 */
export function useOutboxSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    startOutboxSync();
    startDeviceReports();
    void syncNow();
    return onSyncPass((report) => {
      if (report.recorded > 0) void queryClient.invalidateQueries({ queryKey: ['checkout'] });
    });
  }, [queryClient]);
}
