import { describe, expect, it } from 'vitest';
import { accountKeyOf, isKeptQueryKey } from './device-queries';

function jwt(payload: Record<string, unknown>) {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'none' })}.${part(payload)}.sig`;
}

describe('the register reads kept on the device', () => {
  it('keeps the account, the active store, the register sessions, held sales and category tiles', () => {
    expect(isKeptQueryKey(['accounts', 'me'])).toBe(true);
    expect(isKeptQueryKey(['stores', 'current', 'store-1'])).toBe(true);
    expect(isKeptQueryKey(['checkout', 'store-1', 'sessions', 'open'])).toBe(true);
    expect(isKeptQueryKey(['checkout', 'store-1', 'sessions', 'session-1'])).toBe(true);
    expect(isKeptQueryKey(['checkout', 'store-1', 'held'])).toBe(true);
    expect(isKeptQueryKey(['catalog', 'categories', { includeArchived: false }])).toBe(true);
  });

  it('keeps nothing else', () => {
    expect(isKeptQueryKey(['stores', 'current', null])).toBe(false);
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
