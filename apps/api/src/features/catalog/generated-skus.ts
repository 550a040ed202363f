import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { businesses } from '../../db/schema.js';
import { takeBusinessCounter } from '../../lib/document-numbers.js';
import { findSkuClashes } from './products.repository.js';

/**
 * Generated SKUs (decision 0031): a variant saved without a SKU gets the business's prefix and the
 * next number of its `sku` sequence, `DM-000042`. The prefix is the initials of the business's name
 * (up to four, letters and digits, accents dropped: "Demo Mart" → `DM`); a one-word name gives its
 * first three characters (`Shoprite` → `SHO`), and a name with neither gives `SKU`.
 */
export function skuPrefixOf(businessName: string): string {
  const words = businessName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  if (words.length >= 2)
    return words
      .map((w) => w[0])
      .join('')
      .slice(0, 4);
  const word = words[0] ?? '';
  return word.length >= 2 ? word.slice(0, 3) : 'SKU';
}

export const generatedSku = (prefix: string, n: number) => `${prefix}-${String(n).padStart(6, '0')}`;

/**
 * Gives every blank SKU of a product body the next generated one, inside the caller's transaction.
 * Numbers are taken from the business's sequence under its row lock (two saves at once queue, so they
 * never draw the same number), and a number whose SKU someone already typed or imported (any case,
 * archived variants included) is skipped, as is one typed elsewhere in the same body.
 */
export async function fillBlankSkus<T extends { variants: { sku: string }[] }>(
  tx: Executor,
  businessId: string,
  input: T,
): Promise<T> {
  const blanks = input.variants.flatMap((v, i) => (v.sku.trim() ? [] : [i]));
  if (blanks.length === 0) return input;
  const [business] = await tx.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
  const prefix = skuPrefixOf(business?.name ?? '');
  const typed = new Set(input.variants.map((v) => v.sku.trim().toUpperCase()).filter(Boolean));
  const skus: string[] = [];
  while (skus.length < blanks.length) {
    const wanted = blanks.length - skus.length;
    const first = await takeBusinessCounter(tx, businessId, 'sku', wanted);
    const candidates = Array.from({ length: wanted }, (_, k) => generatedSku(prefix, first + k)).filter(
      (sku) => !typed.has(sku),
    );
    const taken = new Set((await findSkuClashes(tx, businessId, candidates)).map((c) => c.sku.toUpperCase()));
    skus.push(...candidates.filter((sku) => !taken.has(sku)));
  }
  const next = skus.values();
  return {
    ...input,
    variants: input.variants.map((v) => (v.sku.trim() ? v : { ...v, sku: next.next().value! })),
  };
}
