import { Text } from '@mantine/core';

/** What a cell shows when it has nothing to show (no refund, no balance left, no discount): a dimmed dash. */
export function NoValue() {
  return (
    <Text span c="dimmed" size="sm">
      —
    </Text>
  );
}
