import { type ProductUnit } from '@ipos/contracts';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string) {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 3, useGrouping: true });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** Short unit suffixes; counted goods (each, pack) show the number alone. */
const suffix: Record<ProductUnit, string> = { each: '', pack: ' pk', kg: ' kg', g: ' g', l: ' l', ml: ' ml', m: ' m' };

/**
 * A quantity (up to 3 decimals, ARCHITECTURE.md "Quantities") for people: `1,250`, `1.25 kg`, `-3`.
 * Without a unit, the number alone.
 */
export function formatQuantity(quantity: number, unit?: ProductUnit, locale = 'en'): string {
  return `${formatterFor(locale).format(quantity)}${unit ? suffix[unit] : ''}`;
}
