import { SimpleGrid } from '@mantine/core';
import type { CurrencyCode } from '@ipos/contracts';
import { TotalFigure } from '../../../components/figures/total-figure';
import { Money } from '../../../components/money/money';

/** The totals of the whole filtered set (not only the rows shown); placeholders until they arrive. */
export function SalesTotals({
  totals,
  currency,
}: {
  totals: { count: number; totalMinor: number; refundedMinor: number; netMinor: number } | undefined;
  currency: CurrencyCode;
}) {
  const money = (amountMinor: number | undefined) =>
    amountMinor === undefined ? undefined : <Money amountMinor={amountMinor} currency={currency} />;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Totals of these sales" component="section">
      <TotalFigure label="Sales" testId="totals-count" value={totals?.count} placeholderWidth={60} />
      <TotalFigure label="Total" testId="totals-total" value={money(totals?.totalMinor)} />
      <TotalFigure label="Refunded" testId="totals-refunded" value={money(totals?.refundedMinor)} />
      <TotalFigure label="Net" testId="totals-net" value={money(totals?.netMinor)} />
    </SimpleGrid>
  );
}
