import { SimpleGrid } from '@mantine/core';
import type { CurrencyCode } from '@ipos/contracts';
import { TotalFigure } from '../../../components/figures/total-figure';
import { Money } from '../../../components/money/money';

/** A total at cost: undefined (a placeholder) while loading; a dash when the answer has none. */
function atCost(amountMinor: number | null | undefined, currency: CurrencyCode) {
  if (amountMinor === undefined) return undefined;
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
      <TotalFigure label="Records" testId="totals-count" value={totals?.count} placeholderWidth={60} />
      {canSeeCosts ? (
        <>
          <TotalFigure
            label="Written off at cost"
            testId="totals-recorded"
            value={atCost(totals?.recordedValueMinor, currency)}
          />
          <TotalFigure
            label="Waiting for approval"
            testId="totals-pending"
            value={atCost(totals?.pendingValueMinor, currency)}
          />
        </>
      ) : null}
    </SimpleGrid>
  );
}
