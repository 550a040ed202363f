import type { ReactNode } from 'react';
import { Card, Skeleton, Text } from '@mantine/core';

/**
 * One figure of a list's totals (the whole filtered set, not only the rows shown): its label above
 * its value, and a placeholder of the value's height while the totals are on their way (`value`
 * undefined). `tone` colours the value (e.g. red when something is overdue).
 */
export function TotalFigure({
  label,
  value,
  testId,
  tone,
  placeholderWidth,
}: {
  label: string;
  value: ReactNode | undefined;
  testId: string;
  tone?: string;
  placeholderWidth?: number;
}) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" fw={700} data-testid={testId} c={tone}>
        {value === undefined ? <Skeleton height={24} width={placeholderWidth} /> : value}
      </Text>
    </Card>
  );
}
