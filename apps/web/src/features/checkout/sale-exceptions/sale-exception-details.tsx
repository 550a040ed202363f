import { Text } from '@mantine/core';
import type { CurrencyCode, SaleException } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { formatQuantity } from '../../../lib/quantity';

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
      return (
        <Text size="sm">
          Paid <Money amountMinor={d.paidUnitPriceMinor ?? 0} currency={currency} /> each · price now{' '}
          <Money amountMinor={d.serverUnitPriceMinor ?? 0} currency={currency} />
        </Text>
      );
    default:
      return <Text size="sm">Archived before the sale reached the server</Text>;
  }
}
