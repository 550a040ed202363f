import { forwardRef, useEffect, useState } from 'react';
import { Card, Group, Text } from '@mantine/core';
import type { CurrencyCode, Discount, PricedCart } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import type { Cart } from '../cart';
import type { StockShortfall } from '../stock';
import { DiscountEditor } from './cart-line-fields';
import { CartLineItem } from './cart-line-item';
import classes from './checkout.module.css';

export { describeDiscount, parseLineQuantity, parsePercent, type QuantityText } from './cart-line-fields';

export interface CartPanelProps {
  cart: Cart;
  priced: PricedCart;
  currency: CurrencyCode;
  canDiscount: boolean;
  /** Problems with lines from the server (INSUFFICIENT_STOCK, a validation), by variant id. */
  lineErrors: Record<string, string>;
  /** Lines asking for more than is on hand, by variant id (decision 0029). */
  shortfalls: Map<string, StockShortfall>;
  /** The line whose quantity field should take the focus (a weighed item just added). */
  focusQuantityOf: string | null;
  onQuantity: (variantId: string, quantity: number) => void;
  onLineDiscount: (variantId: string, discount: Discount | null) => void;
  onCartDiscount: (discount: Discount | null) => void;
  onRemove: (variantId: string) => void;
  customer: React.ReactNode;
  actions: React.ReactNode;
}

/**
 * The cart: its lines (one row each; the line tapped or focused opens its details), the subtotal,
 * discounts, tax and total, and the actions. It fills its column, its lines scrolling, so the total
 * and Pay stay on screen.
 */
export const CartPanel = forwardRef<HTMLDivElement, CartPanelProps>(function CartPanel(
  {
    cart,
    priced,
    currency,
    canDiscount,
    lineErrors,
    shortfalls,
    focusQuantityOf,
    onQuantity,
    onLineDiscount,
    onCartDiscount,
    onRemove,
    customer,
    actions,
  },
  ref,
) {
  const [openLine, setOpenLine] = useState<string | null>(null);
  useEffect(() => {
    if (!focusQuantityOf) return;
    const el = document.querySelector<HTMLInputElement>(`[data-quantity-of="${focusQuantityOf}"] input`);
    el?.focus();
    el?.select();
  }, [focusQuantityOf]);
  const m = (minor: number) => <Money amountMinor={minor} currency={currency} />;
  return (
    <Card withBorder padding="sm" radius="md" className={classes.cart} ref={ref} aria-label="Cart">
      {customer}
      {/* A list only when it has lines: an empty list holding a message is no list to a screen reader. */}
      <div
        className={classes.cartLines}
        {...(cart.lines.length > 0 ? { role: 'list', 'aria-label': 'Cart lines' } : {})}
      >
        {cart.lines.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            The cart is empty. Search, scan or tap a product.
          </Text>
        ) : (
          cart.lines.map((line, i) => (
            <CartLineItem
              key={line.variantId}
              line={line}
              p={priced.lines[i]!}
              currency={currency}
              canDiscount={canDiscount}
              open={openLine === line.variantId}
              onOpen={() => setOpenLine(line.variantId)}
              error={lineErrors[line.variantId]}
              shortfall={shortfalls.get(line.variantId)}
              onQuantity={(q) => onQuantity(line.variantId, q)}
              onDiscount={(d) => onLineDiscount(line.variantId, d)}
              onRemove={() => onRemove(line.variantId)}
            />
          ))
        )}
      </div>
      <div className={classes.totals} data-testid="cart-totals">
        <div className={classes.figures}>
          <Figure label="Subtotal" testId="cart-subtotal">
            {m(priced.subtotalMinor)}
          </Figure>
          <Figure
            label={
              canDiscount && cart.lines.length > 0 ? (
                <DiscountEditor
                  label="Cart discount"
                  value={cart.cartDiscount}
                  currency={currency}
                  onChange={onCartDiscount}
                />
              ) : (
                'Discounts'
              )
            }
            testId="cart-discount"
          >
            {priced.discountMinor > 0 ? '−' : ''}
            {m(priced.discountMinor)}
          </Figure>
          <Figure label="Tax" testId="cart-tax">
            {m(priced.taxMinor)}
          </Figure>
        </div>
        <Group justify="space-between" mt={4}>
          <Text fw={700} size="xl">
            Total
          </Text>
          <Text fw={800} size="xl" data-testid="cart-total">
            {m(priced.totalMinor)}
          </Text>
        </Group>
        {actions}
      </div>
    </Card>
  );
});

/** One of the figures under the lines: its label (or the control that sets it) over its amount. */
function Figure({ label, testId, children }: { label: React.ReactNode; testId: string; children: React.ReactNode }) {
  return (
    <div>
      {typeof label === 'string' ? (
        <Text size="xs" c="dimmed">
          {label}
        </Text>
      ) : (
        label
      )}
      <Text size="sm" data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}
