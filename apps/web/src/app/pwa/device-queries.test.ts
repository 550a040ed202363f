import 'fake-indexeddb/auto';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { loadQuerySnapshot, saveQuerySnapshot } from '../../lib/query-persistence';
import { removeStored, storageKeys, writeStored } from '../../lib/storage';
import { accountKeyOf, forgetDeviceQueries, isKeptQueryKey } from './device-queries';

function jwt(payload: Record<string, unknown>) {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'none' })}.${part(payload)}.sig`;
}

describe('the register reads kept on the device', () => {
  it('keeps the account, the active store, the register sessions, held sales, category tiles and favourites', () => {
    expect(isKeptQueryKey(['accounts', 'me'])).toBe(true);
    expect(isKeptQueryKey(['stores', 'current', 'store-1'])).toBe(true);
    expect(isKeptQueryKey(['checkout', 'store-1', 'sessions', 'open'])).toBe(true);
    expect(isKeptQueryKey(['checkout', 'store-1', 'sessions', 'session-1'])).toBe(true);
    expect(isKeptQueryKey(['checkout', 'store-1', 'held'])).toBe(true);
    expect(isKeptQueryKey(['catalog', 'categories', { includeArchived: false }])).toBe(true);
    expect(isKeptQueryKey(['register-favourites', 'store-1'])).toBe(true);
  });

  it('keeps nothing else', () => {
    expect(isKeptQueryKey(['stores', 'current', null])).toBe(false);
    expect(isKeptQueryKey(['register-favourites', null])).toBe(false);
    expect(isKeptQueryKey(['checkout', 'store-1', 'sellables', { q: 'rice' }])).toBe(false);
    expect(isKeptQueryKey(['checkout', 'customers', 'ada'])).toBe(false);
    expect(isKeptQueryKey(['reports', 'sales'])).toBe(false);
    expect(isKeptQueryKey(['accounts'])).toBe(false);
  });

  it('files them under the token’s issuer and subject, expired or not', () => {
    expect(accountKeyOf(jwt({ iss: 'http://x/oidc', sub: 'acc-1', exp: 1 }))).toBe('http://x/oidc#acc-1');
    expect(accountKeyOf(jwt({ iss: 'http://x/oidc', sub: 'acc-2', exp: 1 }))).not.toBe(
      accountKeyOf(jwt({ iss: 'http://x/oidc', sub: 'acc-1', exp: 1 })),
    );
    expect(accountKeyOf(jwt({ sub: 'acc-1' }))).toBeNull();
    expect(accountKeyOf('not a token')).toBeNull();
    expect(accountKeyOf(null)).toBeNull();
  });
});

describe('signing out', () => {
  afterEach(() => removeStored(storageKeys.token));

  it("forgets the person's kept reads, and only theirs", async () => {
    const source = new QueryClient();
    source.setQueryData(['accounts', 'me'], { name: 'someone' });
    const { queries } = dehydrate(source);
    const ada = jwt({ iss: 'http://x/oidc', sub: 'ada', exp: 1 });
    const bola = jwt({ iss: 'http://x/oidc', sub: 'bola', exp: 1 });
    await saveQuerySnapshot(accountKeyOf(ada)!, queries);
    await saveQuerySnapshot(accountKeyOf(bola)!, queries);

    writeStored(storageKeys.token, ada);
    await forgetDeviceQueries();
    expect(await loadQuerySnapshot(accountKeyOf(ada)!)).toEqual([]);
    expect(await loadQuerySnapshot(accountKeyOf(bola)!)).toHaveLength(1);
  });
});
