import { describe, expect, it } from 'vitest';
import { barcodeSchema, checkBarcode, gtinCheckDigit } from './barcodes.js';

describe('checkBarcode', () => {
  it('accepts GTINs with a correct check digit: EAN-13, EAN-8, UPC-A', () => {
    expect(checkBarcode('5449000000996')).toEqual({ ok: true, code: '5449000000996', symbology: 'EAN13' });
    expect(checkBarcode('96385074')).toEqual({ ok: true, code: '96385074', symbology: 'EAN8' });
    expect(checkBarcode('036000291452')).toEqual({ ok: true, code: '036000291452', symbology: 'UPCA' });
    expect(checkBarcode('  6151234567891 ')).toMatchObject({ ok: true, code: '6151234567891' });
  });

  it('refuses a wrong check digit, naming the right one', () => {
    expect(checkBarcode('5449000000997')).toEqual({
      ok: false,
      message: 'The check digit is wrong: a valid code ends in 6',
    });
    expect(checkBarcode('96385075')).toMatchObject({ ok: false });
    expect(checkBarcode('036000291453')).toMatchObject({ ok: false });
  });

  it('takes anything else printable as Code 128, and refuses empty, too long or unprintable codes', () => {
    expect(checkBarcode('ABC-123/x')).toEqual({ ok: true, code: 'ABC-123/x', symbology: 'CODE128' });
    // Digits of a length that is not a GTIN are Code 128 too.
    expect(checkBarcode('12345')).toMatchObject({ ok: true, symbology: 'CODE128' });
    expect(checkBarcode('   ')).toMatchObject({ ok: false, message: 'Enter a barcode' });
    expect(checkBarcode('x'.repeat(49))).toMatchObject({ ok: false });
    expect(checkBarcode('caf\u00e9')).toMatchObject({ ok: false });
  });

  it('gtinCheckDigit weighs 3,1,3… from the right', () => {
    expect(gtinCheckDigit('544900000099')).toBe(6);
    expect(gtinCheckDigit('615123456789')).toBe(1);
  });

  it('barcodeSchema trims and refuses with the message', () => {
    expect(barcodeSchema.parse(' 96385074 ')).toBe('96385074');
    const result = barcodeSchema.safeParse('96385075');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/check digit/);
  });
});
