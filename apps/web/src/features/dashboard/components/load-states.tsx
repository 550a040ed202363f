import { Alert, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { describeApiError } from '../../../components/toast';

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
