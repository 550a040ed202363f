import { Text } from '@mantine/core';
import { basisPointsToPercent, type CurrencyCode, type SaleException } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { formatQuantity } from '../../../lib/quantity';

const taxWords = (basisPoints: number, inclusive: boolean | undefined) =>
  `${basisPointsToPercent(basisPoints)}% ${inclusive === false ? 'on top' : 'included'}`;

/** What the difference was, in a shop owner's words: the quantity and what it left, or paid against now. */
export function SaleExceptionDetails({ exception, currency }: { exception: SaleException; currency: CurrencyCode }) {
  const d = exception.details;
  switch (exception.kind) {
    case 'sold_offline_below_zero':
      return (
        <Text size="sm">
          Sold {formatQuantity(d.quantity ?? 0)}, leaving {formatQuantity(d.onHandAfter ?? 0)} on hand
        </Text>
      );
    case 'sold_offline_at_old_price':
      // The price, the tax or both may have changed while the till was offline: each shows as it was.
      return (
        <>
          {d.paidUnitPriceMinor !== undefined && (
            <Text size="sm">
              Paid <Money amountMinor={d.paidUnitPriceMinor} currency={currency} /> each · price now{' '}
              <Money amountMinor={d.serverUnitPriceMinor ?? 0} currency={currency} />
            </Text>
          )}
          {d.paidTaxRateBasisPoints !== undefined && (
            <Text size="sm">
              Taxed at {taxWords(d.paidTaxRateBasisPoints, d.paidTaxInclusive)} · tax now{' '}
              {taxWords(d.serverTaxRateBasisPoints ?? 0, d.serverTaxInclusive)}
            </Text>
          )}
        </>
      );
    default:
      return <Text size="sm">Archived before the sale reached the server</Text>;
  }
}
