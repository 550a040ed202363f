import type { ReactNode } from 'react';
import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';

/** One of today's figures: its label, the amount, and a hint under it. */
export function Figure({
  label,
  children,
  hint,
  testId,
}: {
  label: string;
  children: ReactNode;
  hint?: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} data-testid={testId}>
        {children}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" component="div">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

/** A titled card of the dashboard, named by its title. */
export function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** The figures' shape while they load. */
export function FiguresSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading today’s figures">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i} withBorder padding="md" radius="md">
            <Skeleton height={14} width="50%" mb="sm" />
            <Skeleton height={28} width="70%" />
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Skeleton height={220} radius="md" />
        <Skeleton height={220} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}
