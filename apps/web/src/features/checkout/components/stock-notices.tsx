import { Text } from '@mantine/core';
import { describeStock, type StockShortfall } from '../stock';

/**
 * Under a cart line asking for more than is on hand: danger where the store refuses to go below
 * zero (Pay waits), a soft warning where it allows it.
 */
export function LineStockWarning({ shortfall }: { shortfall: StockShortfall }) {
  return (
    <Text size="xs" fw={600} c={shortfall.blocksPay ? 'red' : 'orange'} data-testid="line-stock">
      {describeStock(shortfall)}
      {shortfall.blocksPay ? '' : ' · this store allows selling below zero'}
    </Text>
  );
}

export const PAY_BLOCKED_ID = 'pay-blocked-reason';

/**
 * Why Pay is disabled, beside it. The live region is always in the page, so a screen reader
 * announces the message as soon as it appears or changes, not only when someone reaches it.
 */
export function PayBlockedNotice({ message }: { message: string | null }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {message && (
        <Text id={PAY_BLOCKED_ID} size="sm" c="red" fw={600} data-testid="pay-blocked">
          {message}
        </Text>
      )}
    </div>
  );
}
