import {
  hasAtMost3Decimals,
  productUnits,
  refundShareMinor,
  unitAllowsFractions,
  type ProductUnit,
  type SaleDetail,
} from '@ipos/contracts';

export type SaleDetailLine = SaleDetail['lines'][number];

/** Exact in thousandths: 3 − 1.2 is 1.8, not 1.7999999999999998. */
export const remainingOf = (line: SaleDetailLine) =>
  (Math.round(line.quantity * 1000) - Math.round(line.refundedQuantity * 1000)) / 1000;

export const isFractional = (unit: string) =>
  productUnits.includes(unit as ProductUnit) && unitAllowsFractions(unit as ProductUnit);

export type ParsedRefundQuantity = { ok: true; value: number } | { ok: false; message: string };

/**
 * A refund quantity as typed: empty is nothing from this line; whole numbers for goods sold by the
 * piece, up to 3 decimals for weighed goods; never more than is left to refund.
 */
export function parseRefundQuantity(text: string, line: SaleDetailLine): ParsedRefundQuantity {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: 0 };
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, message: 'Enter a number such as 1 or 0.5' };
  const value = Number(trimmed);
  if (!isFractional(line.unit) && !Number.isInteger(value)) return { ok: false, message: 'Whole units only' };
  if (!hasAtMost3Decimals(value)) return { ok: false, message: 'Use at most 3 decimals' };
  const left = remainingOf(line);
  if (value > left) return { ok: false, message: `At most ${left} can be refunded` };
  return { ok: true, value };
}

/** What refunding `quantity` more of a line pays back, with the server's own formula. */
export function refundPreview(line: SaleDetailLine, quantity: number) {
  const args = { soldQuantity: line.quantity, refundedBefore: line.refundedQuantity, quantity };
  return {
    totalMinor: refundShareMinor({ ...args, amountMinor: line.totalMinor }),
    taxMinor: refundShareMinor({ ...args, amountMinor: line.taxMinor }),
  };
}
