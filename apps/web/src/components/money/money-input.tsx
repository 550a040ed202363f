import { TextInput, type TextInputProps } from '@mantine/core';
import type { CurrencyCode } from '@ipos/contracts';
import { currencySymbol, getCurrency } from '../../lib/money';

export type ParsedMoney = { ok: true; minor: number | null } | { ok: false; message: string };

/**
 * An amount typed in major units ("1,250.5") as integer minor units (125050), by string arithmetic so
 * no binary float ever rounds it. Empty is `null`; more decimals than the currency has, a sign or
 * letters are refused with the reason.
 */
export function parseMoneyInput(text: string, currency: CurrencyCode): ParsedMoney {
  const { minorDigits } = getCurrency(currency);
  const cleaned = text.trim().replace(/[,\s]/g, '');
  if (cleaned === '') return { ok: true, minor: null };
  if (cleaned.startsWith('-')) return { ok: false, message: 'An amount cannot be negative' };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || (match[1] === '' && !match[2])) return { ok: false, message: 'Enter an amount such as 1250.50' };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > minorDigits) return { ok: false, message: `Use at most ${minorDigits} decimals` };
  const digits = `${whole || '0'}${fraction.padEnd(minorDigits, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > 15) return { ok: false, message: 'The amount is too large' };
  return { ok: true, minor: Number(digits) };
}

/** Minor units as the text a MoneyInput starts from: 125050 → "1250.50". */
export function minorToInput(minor: number | null | undefined, currency: CurrencyCode): string {
  if (minor == null) return '';
  const { minorDigits } = getCurrency(currency);
  const text = String(Math.abs(minor)).padStart(minorDigits + 1, '0');
  const whole = text.slice(0, text.length - minorDigits);
  const fraction = text.slice(text.length - minorDigits);
  return `${minor < 0 ? '-' : ''}${whole}${minorDigits > 0 ? `.${fraction}` : ''}`;
}

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'> {
  /** The text as typed (major units); parse it with parseMoneyInput. */
  value: string;
  onChange: (value: string) => void;
  currency: CurrencyCode;
}

/** A text field for an amount in major units with the currency's symbol; numeric keyboard on phones. */
export function MoneyInput({ value, onChange, currency, ...props }: MoneyInputProps) {
  const symbol = currencySymbol(currency);
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      leftSection={symbol}
      leftSectionWidth={symbol.length > 1 ? 48 : 32}
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
