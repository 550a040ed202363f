import { ActionIcon, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { unitAllowsFractions, type CurrencyCode, type Discount, type PricedCart } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { formatMoney } from '../../../lib/money';
import type { CartLine } from '../cart';
import { onCartLineKeyDown } from '../cart-line-keys';
import { focusRegisterSearch } from '../register-focus';
import { describeStock, type StockShortfall } from '../stock';
import { DiscountEditor, QuantityField } from './cart-line-fields';
import { LineStockWarning } from './stock-notices';
import classes from './checkout.module.css';

/**
 * One line of the cart: name, unit price and tax, total, quantity (− and + or typed), its discount,
 * remove, and what is wrong with it (stock, the server's refusal). Focused, it takes the keys of
 * `onCartLineKeyDown` (+ −, a typed quantity, Delete, ↑ ↓).
 */
export function CartLineItem({
  line,
  p,
  currency,
  canDiscount,
  error,
  shortfall,
  onQuantity,
  onDiscount,
  onRemove,
}: {
  line: CartLine;
  /** The line's figures from the cart's pricing. */
  p: PricedCart['lines'][number];
  currency: CurrencyCode;
  canDiscount: boolean;
  error: string | undefined;
  shortfall: StockShortfall | undefined;
  onQuantity: (quantity: number) => void;
  onDiscount: (discount: Discount | null) => void;
  onRemove: () => void;
}) {
  const m = (minor: number) => <Money amountMinor={minor} currency={currency} />;
  return (
    <UnstyledButton
      component="div"
      role="listitem"
      tabIndex={0}
      className={classes.line}
      data-error={error || shortfall?.blocksPay ? true : undefined}
      aria-label={`${line.name}, ${line.quantity}${shortfall ? `, ${describeStock(shortfall).toLowerCase()}` : ''}`}
      data-testid="cart-line"
      px="xs"
      py={6}
      w="100%"
      data-cart-line
      onKeyDown={(e) => onCartLineKeyDown(e, { line, onQuantity, onRemove })}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {line.name}
          </Text>
          <Text size="xs" c="dimmed">
            {m(line.unitPriceMinor)}
            {unitAllowsFractions(line.unit) ? ` / ${line.unit}` : ' each'}
            {line.taxRateBasisPoints > 0 && (
              <>
                {' '}
                · tax {line.taxRateBasisPoints / 100}% {line.taxInclusive ? 'incl.' : 'added'}{' '}
                <span data-testid="line-tax">{m(p.taxMinor)}</span>
              </>
            )}
          </Text>
        </Stack>
        <Text fw={700} size="sm" data-testid="line-total">
          {m(p.totalMinor)}
        </Text>
      </Group>
      <Group justify="space-between" mt={4} wrap="nowrap">
        <div data-quantity-of={line.variantId}>
          <QuantityField key={line.quantity} line={line} onChange={onQuantity} onDone={focusRegisterSearch} />
        </div>
        <Group gap={4} wrap="nowrap">
          {canDiscount && (
            <DiscountEditor label="Discount" value={line.discount} currency={currency} onChange={onDiscount} />
          )}
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${line.name}`} onClick={onRemove}>
            ×
          </ActionIcon>
        </Group>
      </Group>
      {p.lineDiscountMinor > 0 && (
        <Text size="xs" c="teal">
          Discount −{formatMoney(p.lineDiscountMinor, currency)}
        </Text>
      )}
      {shortfall && <LineStockWarning shortfall={shortfall} />}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </UnstyledButton>
  );
}
