import { z } from 'zod';
import { code128Carries } from './code128.js';

/**
 * Barcodes a product may carry. All-digit codes of 8, 12 or 13 digits are GTINs (EAN-8, UPC-A,
 * EAN-13) and must carry a correct check digit; anything else printable is Code 128.
 */
export const barcodeSymbologies = ['EAN13', 'EAN8', 'UPCA', 'CODE128'] as const;
export type BarcodeSymbology = (typeof barcodeSymbologies)[number];

const gtinLengths: Record<number, BarcodeSymbology> = { 8: 'EAN8', 12: 'UPCA', 13: 'EAN13' };

/** The GS1 check digit of the digits before it (weights 3,1,3,… from the right). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export type BarcodeCheck = { ok: true; code: string; symbology: BarcodeSymbology } | { ok: false; message: string };

/** Classifies and validates one barcode as typed or scanned (surrounding spaces ignored). */
export function checkBarcode(input: string): BarcodeCheck {
  const code = input.trim();
  if (code.length === 0) return { ok: false, message: 'Enter a barcode' };
  if (code.length > 48) return { ok: false, message: 'A barcode has at most 48 characters' };
  if (!code128Carries(code)) return { ok: false, message: 'A barcode uses printable ASCII characters only' };
  const gtin = /^\d+$/.test(code) ? gtinLengths[code.length] : undefined;
  if (gtin) {
    const expected = gtinCheckDigit(code.slice(0, -1));
    if (Number(code.at(-1)) !== expected)
      return { ok: false, message: `The check digit is wrong: a valid code ends in ${expected}` };
    return { ok: true, code, symbology: gtin };
  }
  return { ok: true, code, symbology: 'CODE128' };
}

/** A barcode field: trimmed, and refused with a clear message when the check digit is wrong. */
export const barcodeSchema = z.string().transform((value, ctx) => {
  const result = checkBarcode(value);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  }
  return result.code;
});

export const barcodeInfoSchema = z.object({ code: z.string(), symbology: z.enum(barcodeSymbologies) });
export type BarcodeInfo = z.infer<typeof barcodeInfoSchema>;
