import { useRef, useState } from 'react';
import { ActionIcon, Button, Group, Popover, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  hasAtMost3Decimals,
  MAX_QUANTITY,
  toThousandths,
  unitAllowsFractions,
  type CurrencyCode,
  type Discount,
  type ProductUnit,
} from '@ipos/contracts';
import { minorToInput, parseMoneyInput } from '../../../components/money/money-input';
import { formatMoney } from '../../../lib/money';
import type { CartLine } from '../cart';
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
export function DiscountEditor({
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
        <Button
          size="compact-xs"
          variant="subtle"
          className={classes.touchTarget}
          onClick={() => (opened ? setOpened(false) : open())}
        >
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

/**
 * A line's quantity: − and +, or typed and kept on Enter or on leaving the box. `onDone` follows a
 * change made by Enter or by − and + (the register puts the focus back in its search); Escape puts
 * back the quantity and the focus on the line.
 */
export function QuantityField({
  line,
  onChange,
  onDone,
}: {
  line: CartLine;
  onChange: (quantity: number) => void;
  onDone?: () => void;
}) {
  const [text, setText] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  // Escape leaves the box without keeping what was typed.
  const reverting = useRef(false);
  /** Keeps what is typed if it is a quantity; says why not otherwise. */
  const commit = (): boolean => {
    const parsed = parseLineQuantity(text, line.unit);
    if (!parsed.ok) {
      setError(parsed.message);
      return false;
    }
    setError(null);
    if (parsed.value !== line.quantity) onChange(parsed.value);
    return true;
  };
  const step = (delta: number) => {
    const next = (toThousandths(line.quantity) + delta * 1000) / 1000;
    if (next > 0) onChange(next);
    onDone?.();
  };
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <ActionIcon
        variant="default"
        size="md"
        className={classes.stepButton}
        aria-label={`One less ${line.name}`}
        onClick={() => step(-1)}
      >
        −
      </ActionIcon>
      <TextInput
        size="xs"
        w={unitAllowsFractions(line.unit) ? 84 : 56}
        aria-label={`Quantity of ${line.name}`}
        classNames={{ input: classes.quantityInput }}
        inputMode={unitAllowsFractions(line.unit) ? 'decimal' : 'numeric'}
        value={text}
        error={error}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={() => {
          if (reverting.current) reverting.current = false;
          else commit();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (commit()) onDone?.();
          } else if (e.key === 'Escape') {
            setText(String(line.quantity));
            setError(null);
            reverting.current = true;
            e.currentTarget.closest<HTMLElement>('[data-cart-line]')?.focus();
          }
          e.stopPropagation();
        }}
        rightSection={unitAllowsFractions(line.unit) ? <Text size="xs">{line.unit}</Text> : null}
      />
      <ActionIcon
        variant="default"
        size="md"
        className={classes.stepButton}
        aria-label={`One more ${line.name}`}
        onClick={() => step(1)}
      >
        +
      </ActionIcon>
    </Group>
  );
}
