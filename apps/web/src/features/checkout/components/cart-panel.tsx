import { forwardRef, useEffect, useState } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Popover,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  hasAtMost3Decimals,
  MAX_QUANTITY,
  toThousandths,
  unitAllowsFractions,
  type CurrencyCode,
  type Discount,
  type PricedCart,
  type ProductUnit,
} from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { minorToInput, parseMoneyInput } from '../../../components/money/money-input';
import { formatMoney } from '../../../lib/money';
import type { Cart, CartLine } from '../cart';
import { describeStock, type StockShortfall } from '../stock';
import { LineStockWarning } from './stock-notices';
import classes from './checkout.module.css';

export type QuantityText = { ok: true; value: number } | { ok: false; message: string };

/** A quantity as typed: whole for counted goods, up to 3 decimals for weighed ones, above zero. */
export function parseLineQuantity(text: string, unit: ProductUnit): QuantityText {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, message: 'Enter a number' };
  const value = Number(trimmed);
  if (!unitAllowsFractions(unit) && !Number.isInteger(value)) return { ok: false, message: 'Whole units only' };
  if (!hasAtMost3Decimals(value)) return { ok: false, message: 'At most 3 decimals' };
  if (value <= 0) return { ok: false, message: 'Above zero' };
  if (value > MAX_QUANTITY) return { ok: false, message: 'Too large' };
  return { ok: true, value };
}

/** "10" or "12.5" (%) as basis points; at most 2 decimals and 100%. */
export function parsePercent(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const trimmed = text.trim().replace(/%$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return { ok: false, message: 'Enter a percentage such as 10 or 12.5' };
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (value > 10_000) return { ok: false, message: 'At most 100%' };
  return { ok: true, value };
}

export function describeDiscount(discount: Discount, currency: CurrencyCode): string {
  return discount.type === 'percent' ? `${discount.value / 100}%` : formatMoney(discount.value, currency);
}

/** Amount or percent, for a line or the whole cart. Empty or zero removes the discount. */
function DiscountEditor({
  label,
  value,
  currency,
  onChange,
}: {
  label: string;
  value: Discount | null;
  currency: CurrencyCode;
  onChange: (discount: Discount | null) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [type, setType] = useState<Discount['type']>(value?.type ?? 'percent');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    setType(value?.type ?? 'percent');
    setText(value ? (value.type === 'percent' ? String(value.value / 100) : minorToInput(value.value, currency)) : '');
    setError(null);
    setOpened(true);
  };
  const apply = () => {
    if (text.trim() === '') {
      onChange(null);
      setOpened(false);
      return;
    }
    if (type === 'percent') {
      const parsed = parsePercent(text);
      if (!parsed.ok) return setError(parsed.message);
      onChange(parsed.value > 0 ? { type, value: parsed.value } : null);
    } else {
      const parsed = parseMoneyInput(text, currency);
      if (!parsed.ok) return setError(parsed.message);
      onChange(parsed.minor ? { type, value: parsed.minor } : null);
    }
    setOpened(false);
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-end" withArrow>
      <Popover.Target>
        <Button size="compact-xs" variant="subtle" onClick={() => (opened ? setOpened(false) : open())}>
          {value ? `${label}: ${describeDiscount(value, currency)}` : label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <Stack gap="xs" w={220}>
            <SegmentedControl
              size="xs"
              value={type}
              onChange={(v) => setType(v as Discount['type'])}
              data={[
                { value: 'percent', label: 'Percent' },
                { value: 'amount', label: 'Amount' },
              ]}
            />
            <TextInput
              label={type === 'percent' ? `${label} (%)` : `${label} (${currency})`}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={error}
              inputMode="decimal"
              data-autofocus
            />
            <Group justify="space-between">
              <Button size="xs" variant="subtle" color="red" onClick={() => (onChange(null), setOpened(false))}>
                Remove
              </Button>
              <Button size="xs" type="submit">
                Apply
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

function QuantityField({ line, onChange }: { line: CartLine; onChange: (quantity: number) => void }) {
  const [text, setText] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  const commit = () => {
    const parsed = parseLineQuantity(text, line.unit);
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    if (parsed.value !== line.quantity) onChange(parsed.value);
  };
  const step = (delta: number) => {
    const next = (toThousandths(line.quantity) + delta * 1000) / 1000;
    if (next > 0) onChange(next);
  };
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <ActionIcon variant="default" size="md" aria-label={`One less ${line.name}`} onClick={() => step(-1)}>
        −
      </ActionIcon>
      <TextInput
        size="xs"
        w={unitAllowsFractions(line.unit) ? 84 : 56}
        aria-label={`Quantity of ${line.name}`}
        inputMode={unitAllowsFractions(line.unit) ? 'decimal' : 'numeric'}
        value={text}
        error={error}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
          e.stopPropagation();
        }}
        rightSection={unitAllowsFractions(line.unit) ? <Text size="xs">{line.unit}</Text> : null}
      />
      <ActionIcon variant="default" size="md" aria-label={`One more ${line.name}`} onClick={() => step(1)}>
        +
      </ActionIcon>
    </Group>
  );
}

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

/** The cart: lines with quantity, discount and tax, the totals and the actions, always on screen. */
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
      <div className={classes.cartLines} role="list" aria-label="Cart lines">
        {cart.lines.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            The cart is empty. Search, scan or tap a product.
          </Text>
        ) : (
          cart.lines.map((line, i) => {
            const p = priced.lines[i]!;
            const error = lineErrors[line.variantId];
            const shortfall = shortfalls.get(line.variantId);
            return (
              <UnstyledButton
                component="div"
                key={line.variantId}
                role="listitem"
                tabIndex={0}
                className={classes.line}
                data-error={error || shortfall?.blocksPay ? true : undefined}
                aria-label={`${line.name}, ${line.quantity}${shortfall ? `, ${describeStock(shortfall).toLowerCase()}` : ''}`}
                data-testid="cart-line"
                px="xs"
                py={6}
                w="100%"
                onKeyDown={(e) => {
                  if (e.target === e.currentTarget && e.key === 'Delete') {
                    e.preventDefault();
                    onRemove(line.variantId);
                  }
                }}
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
                    <QuantityField key={line.quantity} line={line} onChange={(q) => onQuantity(line.variantId, q)} />
                  </div>
                  <Group gap={4} wrap="nowrap">
                    {canDiscount && (
                      <DiscountEditor
                        label="Discount"
                        value={line.discount}
                        currency={currency}
                        onChange={(d) => onLineDiscount(line.variantId, d)}
                      />
                    )}
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${line.name}`}
                      onClick={() => onRemove(line.variantId)}
                    >
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
          })
        )}
      </div>
      <Stack gap={2} pt="xs" className={classes.payBar} data-testid="cart-totals">
        <Group justify="space-between">
          <Text size="sm">Subtotal</Text>
          <Text size="sm" data-testid="cart-subtotal">
            {m(priced.subtotalMinor)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Group gap={4}>
            <Text size="sm">Discounts</Text>
            {canDiscount && cart.lines.length > 0 && (
              <DiscountEditor
                label="Cart discount"
                value={cart.cartDiscount}
                currency={currency}
                onChange={onCartDiscount}
              />
            )}
          </Group>
          <Text size="sm" data-testid="cart-discount">
            {priced.discountMinor > 0 ? '−' : ''}
            {m(priced.discountMinor)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Tax</Text>
          <Text size="sm" data-testid="cart-tax">
            {m(priced.taxMinor)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700} size="xl">
            Total
          </Text>
          <Text fw={800} size="xl" data-testid="cart-total">
            {m(priced.totalMinor)}
          </Text>
        </Group>
        {actions}
      </Stack>
    </Card>
  );
});
