import { SimpleGrid } from '@mantine/core';
import type { CurrencyCode } from '@ipos/contracts';
import { TotalFigure } from '../../../components/figures/total-figure';
import { Money } from '../../../components/money/money';

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
      <TotalFigure
        label={totals ? `Outstanding · ${totals.outstandingCount}` : 'Outstanding'}
        testId="totals-outstanding"
        value={totals && <Money amountMinor={totals.outstandingMinor} currency={currency} />}
      />
      <TotalFigure
        label={totals ? `Overdue · ${totals.overdueCount}` : 'Overdue'}
        testId="totals-overdue"
        tone={totals && totals.overdueMinor > 0 ? 'red' : undefined}
        value={totals && <Money amountMinor={totals.overdueMinor} currency={currency} />}
      />
    </SimpleGrid>
  );
}
