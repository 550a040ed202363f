import { hasAtMost3Decimals, MAX_QUANTITY, unitAllowsFractions, type RegisterSellable } from '@ipos/contracts';
import { formatQuantity } from '../../lib/quantity';

/** A number (or what was meant as one) then `*`, as typed in the search box: `3*`, `1.25*`, `-2*`. */
const SHORTCUT = /^\s*([-+]?[\d.]+)\s*\*$/;

const EXAMPLE = 'type 3* then the item for three';

/**
 * Typing `3*` in the register's search box sets the quantity of the next item added (scanned,
 * searched or tapped); `1.25*` for goods sold by weight. Not a shortcut: null (the text is a search).
 */
export function readQuantityShortcut(
  text: string,
): null | { ok: true; quantity: number } | { ok: false; message: string } {
  const match = SHORTCUT.exec(text);
  if (!match) return null;
  const raw = match[1]!;
  const value = Number(raw);
  if (raw.startsWith('-') || value === 0) return { ok: false, message: `A quantity must be above zero: ${EXAMPLE}` };
  if (!/^\+?\d+(\.\d+)?$/.test(raw)) return { ok: false, message: `“${raw}” is not a quantity: ${EXAMPLE}` };
  if (!hasAtMost3Decimals(value)) return { ok: false, message: 'A quantity has at most 3 decimals' };
  if (value > MAX_QUANTITY) return { ok: false, message: `${raw} is too large for a quantity` };
  return { ok: true, quantity: value };
}

/** Why `quantity` of this item cannot be sold (a fraction of something sold whole), or null. */
export function quantityRefusal(sellable: RegisterSellable, quantity: number): string | null {
  if (Number.isInteger(quantity) || unitAllowsFractions(sellable.unit)) return null;
  return `${sellable.name} is sold in whole units: ${formatQuantity(quantity)} was not added`;
}
