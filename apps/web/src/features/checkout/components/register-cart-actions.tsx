import { Alert, Button, Group, Kbd, Stack, Text } from '@mantine/core';
import type { CurrencyCode } from '@ipos/contracts';
import { formatMoney } from '../../../lib/money';
import type { PriceNotice } from '../use-complete-sale';
import { PAY_BLOCKED_ID, PayBlockedNotice } from './stock-notices';
import classes from './checkout.module.css';

/**
 * Under the cart: the prices that changed since the cart was filled (after a refused sale), hold, the
 * held sales and clearing the sale on one row, then Pay (blocked, with the reason, while lines exceed
 * the stock).
 */
export function RegisterCartActions({
  currency,
  lineCount,
  totalMinor,
  heldCount,
  payBlocked,
  priceNotice,
  onHold,
  onShowHeld,
  onPay,
  onClear,
}: {
  currency: CurrencyCode;
  lineCount: number;
  totalMinor: number;
  heldCount: number;
  payBlocked: string | null;
  priceNotice: PriceNotice | null;
  onHold: () => void;
  onShowHeld: () => void;
  onPay: () => void;
  onClear: () => void;
}) {
  return (
    <Stack gap={6} mt={6}>
      {priceNotice && (
        <Alert color="yellow" variant="light" title="Prices changed" role="alert">
          {priceNotice.changes.map((c) => (
            <Text size="sm" key={c.name}>
              {c.name}: {formatMoney(c.before, currency)} → {formatMoney(c.after, currency)}
            </Text>
          ))}
          <Text size="sm" fw={600}>
            Total {formatMoney(priceNotice.before, currency)} → {formatMoney(priceNotice.after, currency)}. Check with
            the customer, then pay again.
          </Text>
        </Alert>
      )}
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          size="sm"
          flex={1}
          className={classes.touchTarget}
          onClick={onHold}
          disabled={lineCount === 0 && heldCount === 0}
        >
          Hold <Kbd ml={6}>F8</Kbd>
        </Button>
        <Button variant="default" size="sm" flex={1} className={classes.touchTarget} onClick={onShowHeld}>
          Held ({heldCount})
        </Button>
        {lineCount > 0 && (
          <Button variant="subtle" color="red" size="sm" px="xs" className={classes.touchTarget} onClick={onClear}>
            Clear the sale
          </Button>
        )}
      </Group>
      <PayBlockedNotice message={payBlocked} />
      <Button
        size="lg"
        onClick={onPay}
        disabled={lineCount === 0 || payBlocked !== null}
        aria-describedby={payBlocked ? PAY_BLOCKED_ID : undefined}
      >
        Pay {formatMoney(totalMinor, currency)} <Kbd ml={8}>F9</Kbd>
      </Button>
    </Stack>
  );
}
