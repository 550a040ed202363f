import type { ReactNode } from 'react';
import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { CurrencyCode } from '@ipos/contracts';
import { Money } from '../../../components/money/money';

function Figure({
  label,
  children,
  testId,
  tone,
}: {
  label: string;
  children: ReactNode;
  testId: string;
  tone?: string;
}) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" fw={700} data-testid={testId} c={tone}>
        {children}
      </Text>
    </Card>
  );
}

/** What customers owe over the whole filtered set: outstanding, and overdue (red when there is any). */
export function InvoiceTotals({
  totals,
  currency,
}: {
  totals:
    { outstandingMinor: number; outstandingCount: number; overdueMinor: number; overdueCount: number } | undefined;
  currency: CurrencyCode;
}) {
  return (
    <SimpleGrid cols={{ base: 2 }} spacing="sm" aria-label="What customers owe" component="section">
      <Figure label={totals ? `Outstanding · ${totals.outstandingCount}` : 'Outstanding'} testId="totals-outstanding">
        {totals ? <Money amountMinor={totals.outstandingMinor} currency={currency} /> : <Skeleton height={24} />}
      </Figure>
      <Figure
        label={totals ? `Overdue · ${totals.overdueCount}` : 'Overdue'}
        testId="totals-overdue"
        tone={totals && totals.overdueMinor > 0 ? 'red' : undefined}
      >
        {totals ? <Money amountMinor={totals.overdueMinor} currency={currency} /> : <Skeleton height={24} />}
      </Figure>
    </SimpleGrid>
  );
}
