import {
  hasAtMost3Decimals,
  MAX_QUANTITY,
  toThousandths,
  unitAllowsFractions,
  type ProductUnit,
  type PurchaseOrder,
  type PurchaseOrderFacts,
  type PurchaseOrderLine,
} from '@ipos/contracts';

export type ParsedQuantity = { ok: true; value: number | null } | { ok: false; message: string };

/**
 * A quantity as typed ("5", "1.25") for goods of `unit`: whole numbers for counted goods (each,
 * pack), up to 3 decimals for weights and lengths. Empty is `null` (nothing on this line).
 */
export function parseQuantity(text: string, unit: ProductUnit): ParsedQuantity {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return { ok: true, value: null };
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, message: 'Enter a number such as 5 or 1.25' };
  const value = Number(trimmed);
  if (!unitAllowsFractions(unit) && !Number.isInteger(value))
    return { ok: false, message: 'Whole units only for goods counted by the piece' };
  if (!hasAtMost3Decimals(value)) return { ok: false, message: 'Use at most 3 decimals' };
  if (value > MAX_QUANTITY) return { ok: false, message: 'The quantity is too large' };
  return { ok: true, value };
}

/** a − b of two quantities, exactly (through integer thousandths). */
export const subtractQuantities = (a: number, b: number) => (toThousandths(a) - toThousandths(b)) / 1000;

/** Still expected from the vendor on a line: ordered − received (never below zero). */
export const outstandingOf = (line: PurchaseOrderLine) =>
  Math.max(0, subtractQuantities(line.quantityOrdered, line.quantityReceived));

/** Received and not returned: what could still go back to the vendor. */
export const heldOf = (line: PurchaseOrderLine) =>
  Math.max(0, subtractQuantities(line.quantityReceived, line.quantityReturned));

/** quantity × unit cost in minor units, rounded half away from zero (the API's `orderedMinor`). */
export function lineAmountMinor(quantity: number, unitCostMinor: number): number {
  // Thousandths × minor is an integer; one division rounds it, so no float error accumulates.
  return Math.round((toThousandths(quantity) * unitCostMinor) / 1000);
}

/** What the state machine (`purchaseOrderRefusal`) looks at besides the status. */
export function factsOf(order: PurchaseOrder): PurchaseOrderFacts {
  return {
    status: order.status,
    anyReceived: order.lines.some((l) => l.quantityReceived > 0),
    anyHeld: order.lines.some((l) => heldOf(l) > 0),
  };
}
