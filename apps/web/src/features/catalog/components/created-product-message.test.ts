import { describe, expect, it } from 'vitest';
import { createProductBodySchema } from '@ipos/contracts';
import { createdProductMessage } from './created-product-message';

const body = (skus: string[]) =>
  createProductBodySchema.parse({
    name: 'Tee shirt',
    unit: 'each',
    options: skus.length > 1 ? [{ name: 'Size', values: skus.map((_, i) => `S${i}`) }] : [],
    variants: skus.map((sku, i) => ({
      sku,
      optionValues: skus.length > 1 ? [`S${i}`] : [],
      sellingPriceMinor: 500_000,
    })),
  });
const product = (skus: string[]) => ({ name: 'Tee shirt', variants: skus.map((sku) => ({ sku })) }) as never;

describe('createdProductMessage', () => {
  it('names the SKUs the server generated for the variants left blank', () => {
    expect(createdProductMessage(product(['DM-000007']), body(['']))).toBe('Created Tee shirt with SKU DM-000007.');
    expect(createdProductMessage(product(['TEE-S', 'DM-000008', 'DM-000009']), body(['TEE-S', '', ' ']))).toBe(
      'Created Tee shirt with SKUs DM-000008, DM-000009.',
    );
  });

  it('says only the name when every SKU was typed', () => {
    expect(createdProductMessage(product(['TEE-1']), body(['TEE-1']))).toBe('Created Tee shirt.');
  });
});
