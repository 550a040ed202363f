import { Card } from '@mantine/core';
import type { CurrencyCode, Product } from '@ipos/contracts';
import { Money } from '../../../../components/money/money';
import { ResponsiveTable, type TableColumn } from '../../../../components/table/responsive-table';

type Variant = Product['variants'][number];

/**
 * The live variants: SKU, barcodes, cost (with `canSeeCosts`), price and the price in the active
 * store; the variant column only when the product has options. The variant (or SKU) and the price in
 * this store always show; the rest move into a row's details when the card is narrow.
 */
export function ProductVariantsTable({
  product,
  storeId,
  currency,
  canSeeCosts,
}: {
  product: Product;
  storeId: string | null;
  currency: CurrencyCode;
  canSeeCosts: boolean;
}) {
  const variants = product.variants.filter((v) => !v.isArchived);
  const hasVariants = product.options.length > 0;
  const money = (minor: number | null) => (minor === null ? '—' : <Money amountMinor={minor} currency={currency} />);
  const columns: TableColumn<Variant>[] = [
    ...(hasVariants
      ? [
          {
            key: 'variant',
            label: 'Variant',
            kind: 'text' as const,
            priority: 0,
            cell: (v: Variant) => v.label,
            tdProps: () => ({ fw: 600 }),
          },
        ]
      : []),
    { key: 'sku', label: 'SKU', kind: 'code', priority: hasVariants ? 2 : 0, cell: (v) => v.sku },
    {
      key: 'barcodes',
      label: 'Barcodes',
      kind: 'code',
      priority: 3,
      cell: (v) => (v.barcodes.length === 0 ? '—' : v.barcodes.map((b) => b.code).join(', ')),
    },
    ...(canSeeCosts
      ? [
          {
            key: 'cost',
            label: 'Cost',
            kind: 'number' as const,
            priority: 2,
            cell: (v: Variant) => money(v.costPriceMinor),
          },
        ]
      : []),
    { key: 'price', label: 'Price', kind: 'number', priority: 1, cell: (v) => money(v.sellingPriceMinor) },
    {
      key: 'here',
      label: 'Price in this store',
      kind: 'number',
      priority: 0,
      cell: (v) => money(v.stores.find((s) => s.storeId === storeId)?.effectivePriceMinor ?? null),
    },
  ];
  return (
    <Card withBorder padding={0} radius="md">
      <ResponsiveTable
        label="Variants"
        columns={columns}
        rows={variants}
        rowKey={(v) => v.id}
        rowLabel={(v) => (hasVariants ? v.label : v.sku)}
        tableProps={{ verticalSpacing: 'sm', horizontalSpacing: 'md' }}
      />
    </Card>
  );
}
