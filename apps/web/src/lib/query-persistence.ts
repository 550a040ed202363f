import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { Dexie, Table } from 'dexie';
import { isApiError } from './api-client';
import { logger } from './logger';

/**
 * Some query results kept on the device per account, so the register opens for the person who last
 * read them when the network is gone (decision 0036). The service worker caches no API answer (it
 * cannot tell who is signed in); this store is keyed by the account, and a person only ever gets
 * their own rows back.
 *
 * Its own IndexedDB database and table (`ipos-device-queries`.`queries`), apart from the device store
 * of lib/device-db.ts, so either can change its schema without the other.
 */
export const QUERY_DB_NAME = 'ipos-device-queries';

/** Rows written by another shape of this module are ignored (their data may be shaped differently). */
export const QUERY_SNAPSHOT_VERSION = 1;

/** A result older than this is not worth showing: the person must reach the server first. */
export const QUERY_SNAPSHOT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface QuerySnapshotRow {
  /** Who read them: the identity provider's issuer and subject. */
  accountKey: string;
  version: number;
  savedAt: number;
  queries: DehydratedState['queries'];
}

type QuerySnapshotDb = Dexie & { queries: Table<QuerySnapshotRow, string> };

let db: Promise<QuerySnapshotDb> | null = null;

/**
 * Opened on first use, and Dexie loaded with it: the app's first screen does not wait for (or carry)
 * the IndexedDB library unless it starts offline.
 */
function snapshotDb(): Promise<QuerySnapshotDb> {
  db ??= import('dexie').then(
    ({ Dexie }) => {
      const opened = new Dexie(QUERY_DB_NAME) as QuerySnapshotDb;
      opened.version(1).stores({ queries: 'accountKey' });
      return opened;
    },
    (error: unknown) => {
      // Asked again next time (the chunk may load once the network is back).
      db = null;
      throw error;
    },
  );
  return db;
}

/** Closes the database (tests start each case on an empty one). */
export async function closeQuerySnapshotDb(): Promise<void> {
  const open = db;
  db = null;
  (await open)?.close();
}

export async function loadQuerySnapshot(accountKey: string, now = Date.now()): Promise<DehydratedState['queries']> {
  const row = await (await snapshotDb()).queries.get(accountKey);
  if (!row || row.version !== QUERY_SNAPSHOT_VERSION) return [];
  return row.queries.filter((query) => now - query.state.dataUpdatedAt <= QUERY_SNAPSHOT_MAX_AGE_MS);
}

/** Forgets what was kept for the account (they signed out: nothing of theirs stays for the next person). */
export async function forgetQuerySnapshot(accountKey: string): Promise<void> {
  await (await snapshotDb()).queries.delete(accountKey);
}

/** Adds the given results to the account's row: a newer read of a query replaces the older one. */
export async function saveQuerySnapshot(
  accountKey: string,
  queries: DehydratedState['queries'],
  now = Date.now(),
): Promise<void> {
  const store = await snapshotDb();
  await store.transaction('rw', store.queries, async () => {
    const kept = await loadQuerySnapshot(accountKey, now);
    const byHash = new Map(kept.map((query) => [query.queryHash, query]));
    for (const query of queries) byHash.set(query.queryHash, query);
    await store.queries.put({
      accountKey,
      version: QUERY_SNAPSHOT_VERSION,
      savedAt: now,
      queries: [...byHash.values()],
    });
  });
}

/**
 * The server did not answer: no network, no connection, or a gateway saying the server is away
 * (decision 0036). Any other failure is the server's answer and is shown as it is.
 */
export function isNoAnswer(error: unknown): boolean {
  if (!isApiError(error)) return error instanceof TypeError;
  return error.code === 'NETWORK_ERROR' || [502, 503, 504].includes(error.status);
}

export interface QueryPersistenceOptions {
  /** Which queries are kept (by key). */
  isKept: (queryKey: QueryKey) => boolean;
  /** The signed-in account's key now, or null when nobody is signed in. */
  accountKey: () => string | null;
  /** Whether the device believes it is online. */
  isOnline: () => boolean;
  debounceMs?: number;
}

/**
 * Keeps the chosen queries' results for the signed-in account, and gives them back: all at once when
 * the page starts offline, else one by one when a read gets no answer (see isNoAnswer; an answer from
 * the server, a 401 say, is never papered over). A kept query that already shows an answer keeps it
 * when a refetch gets none. While the server answers nothing changes: queries read it as before.
 * Resolves once the start-up restore is done; the result stops persisting.
 */
export async function persistQueries(
  queryClient: QueryClient,
  { isKept, accountKey, isOnline, debounceMs = 300 }: QueryPersistenceOptions,
): Promise<() => void> {
  const startKey = accountKey();
  if (startKey && !isOnline()) {
    const saved = await loadQuerySnapshot(startKey).catch(() => []);
    hydrate(queryClient, { mutations: [], queries: saved });
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  // Whose answer each kept query holds: the account signed in when it arrived. Only the signed-in
  // account's answers are saved, so a result read just before someone else signed in stays out.
  const readBy = new Map<string, string | null>();

  const flush = () => {
    timer = undefined;
    const key = accountKey();
    if (!key) return;
    const { queries } = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        isKept(query.queryKey) && query.state.status === 'success' && readBy.get(query.queryHash) === key,
    });
    if (queries.length === 0) return;
    saveQuerySnapshot(key, queries).catch((error: unknown) => logger.warn('queries could not be kept', error));
  };

  const restore = async (query: Query) => {
    const key = accountKey();
    if (!key) return;
    const saved = (await loadQuerySnapshot(key).catch(() => [])).find((q) => q.queryHash === query.queryHash);
    if (!saved || query.state.data !== undefined || key !== accountKey()) return;
    queryClient.setQueryData(query.queryKey, saved.state.data, { updatedAt: saved.state.dataUpdatedAt });
  };

  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isKept(event.query.queryKey)) return;
    if (event.action.type === 'success') {
      readBy.set(event.query.queryHash, accountKey());
      timer ??= setTimeout(flush, debounceMs);
    } else if (event.action.type === 'error' && isNoAnswer(event.action.error)) {
      const { query } = event;
      // Already showing an earlier answer: it stays on screen rather than giving way to the failure.
      if (query.state.data !== undefined)
        queryClient.setQueryData(query.queryKey, query.state.data, { updatedAt: query.state.dataUpdatedAt });
      else void restore(query);
    }
  });

  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
