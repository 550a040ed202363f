import type { ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';

/** A panel whose data could not be loaded, with a retry; the rest of the screen keeps working. */
export function InlineError({
  title = 'Could not load this',
  children,
  onRetry,
}: {
  title?: string;
  children?: ReactNode;
  onRetry?: () => void;
}) {
  return (
    <Alert color="red" variant="light" title={title} role="alert" data-state="error">
      {children}
      {onRetry && (
        <Group mt="sm">
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      )}
    </Alert>
  );
}
