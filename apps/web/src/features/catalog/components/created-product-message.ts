import type { CreateProductInput, Product } from '@ipos/contracts';

/**
 * What the person is told once a product is created: its name, and the SKUs the server generated for
 * the variants they left blank (decision 0031), so they can label the shelf at once. The product's
 * variants come back in the order they were sent.
 */
export function createdProductMessage(product: Pick<Product, 'name' | 'variants'>, body: CreateProductInput): string {
  const generated = product.variants.filter((_, i) => !body.variants[i]?.sku.trim()).map((v) => v.sku);
  if (generated.length === 0) return `Created ${product.name}.`;
  if (generated.length === 1) return `Created ${product.name} with SKU ${generated[0]}.`;
  return `Created ${product.name} with SKUs ${generated.join(', ')}.`;
}
