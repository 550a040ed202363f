import { Alert, Text } from '@mantine/core';
import type { CurrencyCode, RegisterSellable } from '@ipos/contracts';
import { Money } from '../../../components/money/money';

/**
 * What saving will do: the value at cost and whether it waits for a manager (over the threshold);
 * for a role that does not see costs, only the rule the API applies.
 */
export function WastePreview({
  variant,
  cost,
  valueMinor,
  waits,
  thresholdMinor,
  canApprove,
  currency,
}: {
  variant: RegisterSellable | null;
  cost: number | null;
  valueMinor: number | null;
  waits: boolean;
  thresholdMinor: number;
  canApprove: boolean;
  currency: CurrencyCode;
}) {
  if (valueMinor !== null)
    return (
      <Alert
        color={waits ? 'yellow' : 'blue'}
        variant="light"
        title={waits ? 'Needs a manager’s approval' : 'Written off when saved'}
        data-testid="waste-preview"
      >
        Worth <Money amountMinor={valueMinor} currency={currency} fw={700} /> at cost.{' '}
        {waits ? (
          <>
            That is above this store’s threshold of <Money amountMinor={thresholdMinor} currency={currency} />: it waits
            for a manager, and the stock stays until it is approved.
          </>
        ) : variant?.isTracked ? (
          'The stock goes down as soon as you save.'
        ) : (
          'This product does not track stock; only the record is kept.'
        )}
      </Alert>
    );
  if (variant && cost === null && !canApprove)
    return (
      <Text size="sm" c="dimmed" data-testid="waste-rule">
        Waste worth more than <Money amountMinor={thresholdMinor} currency={currency} /> at cost waits for a manager’s
        approval; the stock stays until it is approved.
      </Text>
    );
  return null;
}
