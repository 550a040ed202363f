import { describe, expect, it } from 'vitest';
import { createProductBodySchema, unitAllowsFractions, updateProductBodySchema } from './products.js';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => i.path.join('.'));

describe('product bodies (checkVariants)', () => {
  const base = { name: 'Coca-Cola', unit: 'each' as const };

  it('a product without options has exactly one variant, with no option values', () => {
    expect(createProductBodySchema.safeParse({ ...base, variants: [{ sku: 'A', sellingPriceMinor: 1 }] }).success).toBe(
      true,
    );
    const two = createProductBodySchema.safeParse({
      ...base,
      variants: [
        { sku: 'A', sellingPriceMinor: 1 },
        { sku: 'B', sellingPriceMinor: 1 },
      ],
    });
    expect(paths(two)).toContain('variants');
    const withValue = createProductBodySchema.safeParse({
      ...base,
      variants: [{ sku: 'A', optionValues: ['x'], sellingPriceMinor: 1 }],
    });
    expect(paths(withValue)).toContain('variants.0.optionValues');
  });

  it('variants need one known value per option, a distinct combination, a distinct SKU (any case) and distinct barcodes', () => {
    const result = createProductBodySchema.safeParse({
      ...base,
      options: [{ name: 'Size', values: ['35cl', '50cl'] }],
      variants: [
        { sku: 'COKE-35', optionValues: ['35cl'], barcodes: ['96385074'], sellingPriceMinor: 1 },
        { sku: 'coke-35', optionValues: ['35CL'], barcodes: ['96385074'], sellingPriceMinor: 1 },
        { sku: 'COKE-1L', optionValues: ['1L'], sellingPriceMinor: 1 },
        { sku: 'COKE-X', optionValues: [], sellingPriceMinor: 1 },
      ],
    });
    expect(paths(result)).toEqual(
      expect.arrayContaining([
        'variants.1.optionValues',
        'variants.1.sku',
        'variants.1.barcodes.0',
        'variants.2.optionValues.0',
        'variants.3.optionValues',
      ]),
    );
  });

  it('option names and values are each given once', () => {
    const result = createProductBodySchema.safeParse({
      ...base,
      options: [
        { name: 'Size', values: ['S', 's'] },
        { name: 'size', values: ['M'] },
      ],
      variants: [{ sku: 'A', optionValues: ['S', 'M'], sellingPriceMinor: 1 }],
    });
    expect(paths(result)).toEqual(expect.arrayContaining(['options', 'options.0.values']));
  });

  it('update needs a version and refuses opening stock; create refuses unknown fields', () => {
    const variants = [{ sku: 'A', sellingPriceMinor: 1 }];
    expect(paths(updateProductBodySchema.safeParse({ ...base, variants }))).toContain('version');
    expect(
      updateProductBodySchema.safeParse({ ...base, variants: [{ ...variants[0], openingStock: 1 }], version: 1 })
        .success,
    ).toBe(false);
    expect(createProductBodySchema.safeParse({ ...base, variants, colour: 'red' }).success).toBe(false);
  });

  it('whole units for each and pack; fractions for weights and lengths', () => {
    expect(unitAllowsFractions('each')).toBe(false);
    expect(unitAllowsFractions('pack')).toBe(false);
    expect(unitAllowsFractions('kg')).toBe(true);
    expect(unitAllowsFractions('m')).toBe(true);
  });
});
