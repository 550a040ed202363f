import { useSyncExternalStore } from 'react';
import { Alert } from '@mantine/core';
import { useQueryClient, type QueryCache } from '@tanstack/react-query';
import { isDatabaseUnavailable } from '../../lib/query-client';

/** Whether a read is failing, or being retried, because the API cannot reach its database. */
function databaseDown(cache: QueryCache): boolean {
  return cache
    .getAll()
    .some(
      (query) =>
        isDatabaseUnavailable(query.state.fetchFailureReason) &&
        (query.state.fetchStatus === 'fetching' || query.state.status === 'error'),
    );
}

/**
 * A notice across every screen while the API answers that its database cannot be reached: the reads
 * retry on their own and it goes once one succeeds. A write refused meanwhile says so itself (nothing
 * of it was saved).
 */
export function DatabaseNotice() {
  const cache = useQueryClient().getQueryCache();
  const down = useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () => databaseDown(cache),
  );
  if (!down) return null;
  return (
    <Alert role="status" color="orange" radius={0} py={6} title="Can’t reach the database — retrying">
      iPos keeps trying. What you typed stays on the screen; save it again once this notice goes.
    </Alert>
  );
}
