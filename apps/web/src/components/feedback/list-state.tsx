import type { ReactNode } from 'react';
import { Box, Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from './load-states';
import { isAccessRefused, NoAccess } from './no-access';

/** What a list's query needs to show: loading, a failure with its retry, and whether it has data. */
type ListQuery = Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error' | 'isFetching' | 'refetch' | 'data'>;

/**
 * The one ladder of a list's body: skeleton rows while the first page loads; the failure with a retry
 * when there is nothing to show (a failed refresh keeps the rows already shown; a refused role gets the
 * calm no-access message, as in `WhenLoaded`, decision 0033); `empty` when the page
 * has no rows (a fresh store or filters that match nothing: the caller words it); else the table.
 */
export function ListState({
  query,
  count,
  loadingLabel,
  errorTitle,
  skeletonRows = 5,
  empty,
  children,
}: {
  query: ListQuery;
  /** The rows on this page. */
  count: number;
  loadingLabel: string;
  errorTitle: string;
  skeletonRows?: number;
  empty: ReactNode;
  /** The table, shown once there are rows. */
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <Stack gap="xs" p="md" aria-busy="true" aria-label={loadingLabel}>
        {Array.from({ length: skeletonRows }, (_, i) => (
          <Skeleton key={i} height={28} />
        ))}
      </Stack>
    );
  if (query.isError && !query.data && isAccessRefused(query.error))
    return (
      <Box p="md">
        <NoAccess />
      </Box>
    );
  if (query.isError && !query.data)
    return (
      <Box p="md">
        <LoadError
          title={errorTitle}
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      </Box>
    );
  if (count === 0) return <>{empty}</>;
  return <>{children}</>;
}
