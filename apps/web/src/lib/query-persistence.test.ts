import 'fake-indexeddb/auto';
import { dehydrate, QueryClient, type QueryKey } from '@tanstack/react-query';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  closeQuerySnapshotDb,
  isNoAnswer,
  loadQuerySnapshot,
  persistQueries,
  QUERY_DB_NAME,
  QUERY_SNAPSHOT_MAX_AGE_MS,
  saveQuerySnapshot,
} from './query-persistence';

const kept = (key: QueryKey) => key[0] === 'kept';
const ME = ['kept', 'me'] as const;
const OTHER = ['elsewhere', 'report'] as const;

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: Infinity } } });
}

/** A device whose signed-in account and network the test sets. */
function device(account: string | null, online: boolean) {
  const state = { account, online };
  return {
    state,
    options: { isKept: kept, accountKey: () => state.account, isOnline: () => state.online, debounceMs: 0 },
  };
}

/** ME's answer as a page would have saved it. */
function savedMe(data: unknown, updatedAt: number) {
  const source = client();
  source.setQueryData(ME, data, { updatedAt });
  return dehydrate(source).queries;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

beforeEach(async () => {
  await closeQuerySnapshotDb();
  await Dexie.delete(QUERY_DB_NAME);
});
afterEach(async () => {
  await settle();
  await closeQuerySnapshotDb();
});

describe('persistQueries', () => {
  it("keeps a kept query's answer for the signed-in account, and gives it back when the page starts offline", async () => {
    const online = device('issuer#ada', true);
    const first = client();
    const stop = await persistQueries(first, online.options);
    await first.fetchQuery({ queryKey: ME, queryFn: async () => ({ name: 'Ada' }) });
    await first.fetchQuery({ queryKey: OTHER, queryFn: async () => ({ total: 1 }) });
    await expect.poll(async () => (await loadQuerySnapshot('issuer#ada')).length).toBe(1);
    stop();

    const offline = device('issuer#ada', false);
    const next = client();
    await persistQueries(next, offline.options);
    expect(next.getQueryData(ME)).toEqual({ name: 'Ada' });
    // Only the kept queries are on the device.
    expect(next.getQueryData(OTHER)).toBeUndefined();
    expect((await loadQuerySnapshot('issuer#ada')).map((q) => q.queryKey)).toEqual([ME]);
  });

  it("never gives one person another person's answers", async () => {
    const ada = device('issuer#ada', true);
    const first = client();
    const stop = await persistQueries(first, ada.options);
    await first.fetchQuery({ queryKey: ME, queryFn: async () => ({ name: 'Ada' }) });
    await expect.poll(async () => (await loadQuerySnapshot('issuer#ada')).length).toBe(1);
    stop();

    const bola = client();
    await persistQueries(bola, device('issuer#bola', false).options);
    expect(bola.getQueryData(ME)).toBeUndefined();
    // Nobody signed in: nothing either.
    const nobody = client();
    await persistQueries(nobody, device(null, false).options);
    expect(nobody.getQueryData(ME)).toBeUndefined();
  });

  it('keeps nothing read before someone else signed in on the same page', async () => {
    const shared = device('issuer#ada', true);
    const queryClient = client();
    const stop = await persistQueries(queryClient, { ...shared.options, debounceMs: 5 });
    await queryClient.fetchQuery({ queryKey: ME, queryFn: async () => ({ name: 'Ada' }) });
    // Bola's token arrives before the save runs; Ada's answer is still in the cache.
    shared.state.account = 'issuer#bola';
    await settle();
    stop();
    expect(await loadQuerySnapshot('issuer#bola')).toEqual([]);
  });

  it('online, reads the server as before and falls back only when the network fails', async () => {
    await saveQuerySnapshot('issuer#ada', savedMe({ name: 'Ada (kept)' }, Date.now()));
    const queryClient = client();
    await persistQueries(queryClient, device('issuer#ada', true).options);
    // Nothing is restored up front online.
    expect(queryClient.getQueryData(ME)).toBeUndefined();

    // The server answers with a refusal: that is shown, never the kept copy.
    await expect(
      queryClient.fetchQuery({
        queryKey: ME,
        queryFn: async () => {
          throw new ApiError({ code: 'UNAUTHENTICATED', status: 401, message: 'no' });
        },
      }),
    ).rejects.toThrow();
    await settle();
    expect(queryClient.getQueryData(ME)).toBeUndefined();

    // No answer at all (the network is down, the server unreachable): the kept copy.
    queryClient.removeQueries();
    await expect(
      queryClient.fetchQuery({
        queryKey: ME,
        queryFn: async () => {
          throw new TypeError('Failed to fetch');
        },
      }),
    ).rejects.toThrow();
    await expect.poll(() => queryClient.getQueryData(ME)).toEqual({ name: 'Ada (kept)' });
    expect(queryClient.getQueryState(ME)?.status).toBe('success');

    // A refetch that gets no answer leaves the answer on screen rather than a failure.
    await queryClient
      .fetchQuery({
        queryKey: ME,
        staleTime: 0,
        queryFn: async () => {
          throw new ApiError({ code: 'NETWORK_ERROR', status: 0, message: 'Could not reach the server' });
        },
      })
      .catch(() => undefined);
    expect(queryClient.getQueryState(ME)?.status).toBe('success');
    expect(queryClient.getQueryData(ME)).toEqual({ name: 'Ada (kept)' });
  });

  it('tells no answer from an answer', () => {
    expect(isNoAnswer(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNoAnswer(new ApiError({ code: 'NETWORK_ERROR', status: 0, message: 'x' }))).toBe(true);
    expect(isNoAnswer(new ApiError({ code: 'HTTP_ERROR', status: 503, message: 'x' }))).toBe(true);
    expect(isNoAnswer(new ApiError({ code: 'UNAUTHENTICATED', status: 401, message: 'x' }))).toBe(false);
    expect(isNoAnswer(new ApiError({ code: 'INTERNAL', status: 500, message: 'x' }))).toBe(false);
    expect(isNoAnswer(new Error('bug'))).toBe(false);
  });

  it('forgets answers older than a week', async () => {
    const now = Date.now();
    await saveQuerySnapshot('issuer#ada', savedMe(1, now - QUERY_SNAPSHOT_MAX_AGE_MS - 1), now);
    expect(await loadQuerySnapshot('issuer#ada', now)).toEqual([]);
  });
});
