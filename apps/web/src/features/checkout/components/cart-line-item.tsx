import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { unitAllowsFractions, type CurrencyCode, type Discount, type PricedCart } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { formatMoney } from '../../../lib/money';
import type { CartLine } from '../cart';
import { onCartLineKeyDown } from '../cart-line-keys';
import { focusRegisterSearch } from '../register-focus';
import { describeStock, type StockShortfall } from '../stock';
import { describeDiscount, DiscountEditor, QuantityField } from './cart-line-fields';
import { LineStockWarning } from './stock-notices';
import classes from './checkout.module.css';

/**
 * One line of the cart: name, quantity (− and + or typed) and total on one row; tapped or focused,
 * its details (unit price and tax, its discount, remove); and what is wrong with it (stock, the
 * server's refusal). Focused, it takes the keys of `onCartLineKeyDown` (+ −, a typed quantity,
 * Delete, ↑ ↓).
 */
export function CartLineItem({
  line,
  p,
  currency,
  canDiscount,
  open,
  onOpen,
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
  /** Its details show: the line last tapped or focused. */
  open: boolean;
  onOpen: () => void;
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
      data-open={open || undefined}
      px="xs"
      py={2}
      w="100%"
      onClick={onOpen}
      onFocus={onOpen}
      data-cart-line
      onKeyDown={(e) => onCartLineKeyDown(e, { line, onQuantity, onRemove })}
    >
      <div className={classes.lineRow}>
        <Text size="sm" fw={600} truncate className={classes.lineName}>
          {line.name}
        </Text>
        <div data-quantity-of={line.variantId} className={classes.lineQuantity}>
          <QuantityField key={line.quantity} line={line} onChange={onQuantity} onDone={focusRegisterSearch} />
        </div>
        <div className={classes.lineTotal}>
          {line.discount && p.lineDiscountMinor > 0 && (
            <Text span size="xs" c="teal" mr={6}>
              −{describeDiscount(line.discount, currency)}
            </Text>
          )}
          <Text span fw={700} size="sm" data-testid="line-total">
            {m(p.totalMinor)}
          </Text>
        </div>
      </div>
      {open && (
        <LineDetails
          line={line}
          p={p}
          currency={currency}
          canDiscount={canDiscount}
          onDiscount={onDiscount}
          onRemove={onRemove}
        />
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

/** An open line's details: unit price and tax, its discount, and remove. */
function LineDetails({
  line,
  p,
  currency,
  canDiscount,
  onDiscount,
  onRemove,
}: {
  line: CartLine;
  p: PricedCart['lines'][number];
  currency: CurrencyCode;
  canDiscount: boolean;
  onDiscount: (discount: Discount | null) => void;
  onRemove: () => void;
}) {
  const m = (minor: number) => <Money amountMinor={minor} currency={currency} />;
  return (
    <div className={classes.lineDetails}>
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
        {p.lineDiscountMinor > 0 && (
          <Text span size="xs" c="teal">
            {' '}
            · discount −{formatMoney(p.lineDiscountMinor, currency)}
          </Text>
        )}
      </Text>
      <Group gap={4} wrap="nowrap" ml="auto">
        {canDiscount && (
          <DiscountEditor label="Discount" value={line.discount} currency={currency} onChange={onDiscount} />
        )}
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          className={classes.touchTarget}
          aria-label={`Remove ${line.name}`}
          onClick={onRemove}
        >
          ×
        </ActionIcon>
      </Group>
    </div>
  );
}
