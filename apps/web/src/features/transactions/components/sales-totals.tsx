import type { ReactNode } from 'react';
import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { CurrencyCode } from '@ipos/contracts';
import { Money } from '../../../components/money/money';

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" fw={700} data-testid={testId}>
        {children}
      </Text>
    </Card>
  );
}

/** The totals of the whole filtered set (not only the rows shown); placeholders until they arrive. */
export function SalesTotals({
  totals,
  currency,
}: {
  totals: { count: number; totalMinor: number; refundedMinor: number; netMinor: number } | undefined;
  currency: CurrencyCode;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Totals of these sales" component="section">
      <Figure label="Sales" testId="totals-count">
        {totals ? totals.count : <Skeleton height={24} width={60} />}
      </Figure>
      <Figure label="Total" testId="totals-total">
        {totals ? <Money amountMinor={totals.totalMinor} currency={currency} /> : <Skeleton height={24} />}
      </Figure>
      <Figure label="Refunded" testId="totals-refunded">
        {totals ? <Money amountMinor={totals.refundedMinor} currency={currency} /> : <Skeleton height={24} />}
      </Figure>
      <Figure label="Net" testId="totals-net">
        {totals ? <Money amountMinor={totals.netMinor} currency={currency} /> : <Skeleton height={24} />}
      </Figure>
    </SimpleGrid>
  );
}
