import type { ReactNode } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';

/** A whole-screen failure with one way forward. */
export function ErrorState({
  title,
  children,
  actionLabel,
  onAction,
}: {
  title: string;
  children?: ReactNode;
  actionLabel?: string;
  onAction?: () => void;
}) {
  return (
    <Stack align="center" gap="md" ta="center" role="alert">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children && <Text c="dimmed">{children}</Text>}
      {actionLabel && onAction && <Button onClick={onAction}>{actionLabel}</Button>}
    </Stack>
  );
}
