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

/** A total at cost: a placeholder while loading; a dash when the answer has none. */
function TotalAtCost({ amountMinor, currency }: { amountMinor: number | null | undefined; currency: CurrencyCode }) {
  if (amountMinor === undefined) return <Skeleton height={24} />;
  return amountMinor === null ? '—' : <Money amountMinor={amountMinor} currency={currency} />;
}

/** The filtered set's count, and for those who see costs its value written off and waiting at cost. */
export function WasteTotals({
  totals,
  currency,
  canSeeCosts,
}: {
  totals: { count: number; recordedValueMinor: number | null; pendingValueMinor: number | null } | undefined;
  currency: CurrencyCode;
  canSeeCosts: boolean;
}) {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: canSeeCosts ? 3 : 1 }}
      spacing="sm"
      aria-label="Totals of this waste"
      component="section"
    >
      <Figure label="Records" testId="totals-count">
        {totals ? totals.count : <Skeleton height={24} width={60} />}
      </Figure>
      {canSeeCosts ? (
        <>
          <Figure label="Written off at cost" testId="totals-recorded">
            <TotalAtCost amountMinor={totals?.recordedValueMinor} currency={currency} />
          </Figure>
          <Figure label="Waiting for approval" testId="totals-pending">
            <TotalAtCost amountMinor={totals?.pendingValueMinor} currency={currency} />
          </Figure>
        </>
      ) : null}
    </SimpleGrid>
  );
}
