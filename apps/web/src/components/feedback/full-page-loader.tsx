import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while the first screen's code and data arrive. */
export function FullPageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
