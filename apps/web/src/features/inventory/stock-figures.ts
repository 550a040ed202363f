import type { ProductUnit, Variant, VariantStock } from '@ipos/contracts';
import { formatQuantity } from '../../lib/quantity';

/** On hand of a variant in one store (a store that never stocked it has 0). */
export const onHandIn = (variant: Pick<Variant, 'stores'>, storeId: string): number =>
  variant.stores.find((s) => s.storeId === storeId)?.onHand ?? 0;

/** "Coca-Cola (50cl)", or the product name alone for a product without options. */
export const variantName = (productName: string, variant: Pick<Variant, 'label'>) =>
  variant.label ? `${productName} (${variant.label})` : productName;

export type StoreStockState = 'out' | 'low' | 'ok';

/** Out at or below zero; low at or below the store's reorder level. */
export function storeStockState(stock: Pick<VariantStock, 'onHand' | 'reorderLevel'>): StoreStockState {
  if (stock.onHand <= 0) return 'out';
  if (stock.reorderLevel !== null && stock.onHand <= stock.reorderLevel) return 'low';
  return 'ok';
}

/** "+5", "−2.5 kg": the sign always shown, so a change reads as a change. */
export function formatDelta(delta: number, unit: ProductUnit): string {
  return delta > 0 ? `+${formatQuantity(delta, unit)}` : `−${formatQuantity(-delta, unit)}`;
}
