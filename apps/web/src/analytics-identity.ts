import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '@ipos/contracts';
import type { Analytics } from './lib/analytics';

export interface AccountAnalyticsOptions {
  queryClient: QueryClient;
  /** The query that holds GET /api/v1/me. */
  accountQueryKey: readonly unknown[];
  /** Subscribes to the session ending by choice (sign-out, a locked PIN); returns the unsubscribe. */
  onSignedOut: (listener: () => void) => () => void;
  analytics: Pick<Analytics, 'identify' | 'reset'>;
}

/**
 * Spec section 4 (analytics visitor): anonymous until the account is known, then identified with its
 * id, name and email (queued profile updates go out); sign-out resets to a new anonymous id. The
 * account arrives through GET /api/v1/me, whoever asked for it, so the query cache is watched.
 */
export function followAccountForAnalytics({
  queryClient,
  accountQueryKey,
  onSignedOut,
  analytics,
}: AccountAnalyticsOptions): () => void {
  const key = JSON.stringify(accountQueryKey);
  let identified: string | undefined;
  const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (JSON.stringify(event.query.queryKey) !== key) return;
    const me = event.query.state.data as Me | undefined;
    if (!me || me.account.id === identified) return;
    identified = me.account.id;
    analytics.identify(me.account.id, { $email: me.account.email, $name: me.account.name });
  });
  const unsubscribeSignOut = onSignedOut(() => {
    identified = undefined;
    analytics.reset();
  });
  return () => {
    unsubscribeCache();
    unsubscribeSignOut();
  };
}
