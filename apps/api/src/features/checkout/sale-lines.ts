import { priceCart, thousandthsToNumeric, type Discount, type PricedCart } from '@ipos/contracts';
import { variantDisplayName } from '../inventory/stock-variants.repository.js';
import type { SaleLineRow, SaleVariantRow } from './sales.repository.js';

/** A line of a cart as the server prices it: a catalogue variant, a quantity and its discount. */
export interface CartLine {
  variant: SaleVariantRow;
  thousandths: number;
  discount: Discount | null;
}

/**
 * The server's figures of a cart: `priceCart` with the store's price and each product's tax rate.
 * POST /sales and the demo history price every sale here, so both agree with the till to the kobo.
 */
export function priceSale(lines: CartLine[], cartDiscount: Discount | null): PricedCart {
  return priceCart(
    lines.map(({ variant, thousandths, discount }) => ({
      quantityThousandths: thousandths,
      unitPriceMinor: variant.unitPriceMinor,
      discount,
      taxRateBasisPoints: variant.taxRateBasisPoints,
      taxInclusive: variant.taxInclusive,
    })),
    cartDiscount,
  );
}

/** The `sale_lines` rows of a priced cart: names, prices, tax and cost as they were at the sale. */
export function saleLineRows(businessId: string, saleId: string, lines: CartLine[], priced: PricedCart): SaleLineRow[] {
  return lines.map(({ variant, thousandths }, i) => {
    const p = priced.lines[i]!;
    return {
      businessId,
      saleId,
      lineNo: i + 1,
      productId: variant.productId,
      variantId: variant.variantId,
      name: variantDisplayName(variant),
      sku: variant.sku,
      quantity: thousandthsToNumeric(thousandths),
      unitPriceMinor: variant.unitPriceMinor,
      grossMinor: p.grossMinor,
      lineDiscountMinor: p.lineDiscountMinor,
      cartDiscountMinor: p.cartDiscountMinor,
      taxRateId: variant.taxRateId,
      taxRateBasisPoints: variant.taxRateBasisPoints,
      taxInclusive: variant.taxInclusive,
      taxMinor: p.taxMinor,
      totalMinor: p.totalMinor,
      unitCostMinor: variant.costPriceMinor,
    };
  });
}
