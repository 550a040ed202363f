import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { testMe } from './test/fixtures';
import { followAccountForAnalytics } from './analytics-identity';

const me = (id: string) => testMe({ account: { id, email: `${id}@example.test`, name: `Person ${id}` } });

function setup() {
  const queryClient = new QueryClient();
  const analytics = { identify: vi.fn(), reset: vi.fn() };
  let signedOut: () => void = () => undefined;
  followAccountForAnalytics({
    queryClient,
    accountQueryKey: ['accounts', 'me'],
    analytics,
    onSignedOut: (listener) => {
      signedOut = listener;
      return () => undefined;
    },
  });
  const load = (id: string) => queryClient.fetchQuery({ queryKey: ['accounts', 'me'], queryFn: async () => me(id) });
  return { queryClient, analytics, load, signOut: () => signedOut() };
}

describe('analytics follows the signed-in account', () => {
  it('identifies the account once it is loaded, once per account', async () => {
    const { analytics, load, queryClient } = setup();
    await load('a1');
    expect(analytics.identify).toHaveBeenCalledWith('a1', { $email: 'a1@example.test', $name: 'Person a1' });
    await queryClient.refetchQueries();
    await load('a1');
    expect(analytics.identify).toHaveBeenCalledTimes(1);
  });

  it('ignores other queries', async () => {
    const { analytics, queryClient } = setup();
    await queryClient.fetchQuery({ queryKey: ['stores', 'current'], queryFn: async () => me('x') });
    expect(analytics.identify).not.toHaveBeenCalled();
  });

  it('resets on sign-out, and identifies the next person', async () => {
    const { analytics, load, signOut, queryClient } = setup();
    await load('a1');
    signOut();
    expect(analytics.reset).toHaveBeenCalledTimes(1);
    queryClient.clear();
    await load('a1');
    expect(analytics.identify).toHaveBeenCalledTimes(2);
  });
});
