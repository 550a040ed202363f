import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '../../lib/api-client';
import { describeApiError } from '../toast';
import { isAccessRefused, NoAccess } from './no-access';

/** A card-shaped skeleton while a panel's data loads; `label` names it for screen readers. */
export function LoadingCard({ label }: { label: string }) {
  return (
    <Card withBorder padding="lg" radius="md" aria-busy="true" aria-label={label}>
      <Stack gap="sm">
        <Skeleton height={24} width="40%" />
        <Skeleton height={16} width="70%" />
        <Skeleton height={16} width="55%" />
      </Stack>
    </Card>
  );
}

/** A request that failed, in plain words, with a retry that shows it is under way. */
export function LoadError({
  title,
  error,
  onRetry,
  isRetrying,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{describeApiError(error)}</Text>
        <Button size="xs" variant="white" color="red" loading={isRetrying} onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** Another business's record, one that never existed, or a malformed id: not found, alike. */
export const isRecordMissing = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/** A page whose record is not there: said plainly, with the way back to its list. */
export function RecordNotFound({
  title,
  children,
  backTo,
  backLabel,
}: {
  title: string;
  children: ReactNode;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      <Card withBorder radius="md">
        <Stack gap="xs" align="flex-start">
          <Text>{children}</Text>
          <Anchor component={Link} to={backTo}>
            {backLabel}
          </Anchor>
        </Stack>
      </Card>
    </Stack>
  );
}

/**
 * One query's panel: the skeleton while it loads, the failure with a retry (a refused role: the calm
 * no-access message, without one), else `children(data)`.
 */
export function WhenLoaded<T>({
  query,
  loadingLabel,
  errorTitle,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingCard label={loadingLabel} />;
  if (query.isError) {
    if (isAccessRefused(query.error)) return <NoAccess />;
    return (
      <LoadError
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return <>{children(query.data)}</>;
}
