import { currencies, type CurrencyCode } from '@ipos/contracts';

type Currency = (typeof currencies)[number];

const byCode = new Map<string, Currency>(currencies.map((c) => [c.code, c]));

export function getCurrency(code: CurrencyCode): Currency {
  const currency = byCode.get(code);
  if (!currency) throw new Error(`Unknown currency ${code}`);
  return currency;
}

/** The spec's symbol (section 3): USD $, NGN ₦, EUR €, GBP £, KSD KSD, TZS TZS. */
export function currencySymbol(code: CurrencyCode): string {
  return getCurrency(code).symbol;
}

const formatters = new Map<string, { whole: Intl.NumberFormat; decimal: string }>();

function formatterFor(locale: string) {
  let formatter = formatters.get(locale);
  if (!formatter) {
    const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true });
    const decimal =
      new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5).find((p) => p.type === 'decimal')
        ?.value ?? '.';
    formatter = { whole, decimal };
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * Formats integer minor units (money is never a float here: ARCHITECTURE.md, "Money") with the spec's
 * symbol: `₦1,234.50`, `-$0.99`, `KSD 1,000.00`. Letter symbols get a space; sign symbols do not.
 * The digits are split with BigInt, so large amounts are exact.
 */
export function formatMoney(amountMinor: number | bigint, code: CurrencyCode, locale = 'en'): string {
  if (typeof amountMinor === 'number' && !Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`Money must be an integer number of minor units, got ${amountMinor}`);
  }
  const { symbol, minorDigits } = getCurrency(code);
  const minor = BigInt(amountMinor);
  const negative = minor < 0n;
  const absolute = negative ? -minor : minor;
  const scale = 10n ** BigInt(minorDigits);
  const { whole, decimal } = formatterFor(locale);
  let digits = whole.format(absolute / scale);
  if (minorDigits > 0) digits += decimal + (absolute % scale).toString().padStart(minorDigits, '0');
  const separator = /^[A-Za-z]+$/.test(symbol) ? ' ' : '';
  return `${negative ? '-' : ''}${symbol}${separator}${digits}`;
}
