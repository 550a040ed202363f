import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

/** A list or panel with nothing in it yet, saying why and, where there is one, what to do. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" ta="center" py="xl" px="md" data-state="empty">
      <Title order={3} size="h4">
        {title}
      </Title>
      {children && (
        <Text c="dimmed" size="sm" maw={420}>
          {children}
        </Text>
      )}
      {action}
    </Stack>
  );
}
