import { Group, Loader, Text } from '@mantine/core';

/** A panel whose data is on its way; announced politely to screen readers. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Group justify="center" gap="sm" py="xl" role="status" aria-live="polite" data-state="loading">
      <Loader size="sm" aria-hidden="true" />
      <Text c="dimmed" size="sm">
        {label}
      </Text>
    </Group>
  );
}
