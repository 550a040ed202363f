import { Card, Table } from '@mantine/core';
import type { CurrencyCode, Product } from '@ipos/contracts';
import { Money } from '../../../../components/money/money';

const num = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The live variants: SKU, barcodes, cost (with `canSeeCosts`), price and the price in the active
 * store; the variant column only when the product has options.
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
  return (
    <Card withBorder padding={0} radius="md">
      <Table.ScrollContainer minWidth={720}>
        <Table aria-label="Variants" verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              {hasVariants ? <Table.Th>Variant</Table.Th> : null}
              <Table.Th>SKU</Table.Th>
              <Table.Th>Barcodes</Table.Th>
              {canSeeCosts ? <Table.Th ta="right">Cost</Table.Th> : null}
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Price in this store</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {variants.map((v) => {
              const here = v.stores.find((s) => s.storeId === storeId);
              return (
                <Table.Tr key={v.id}>
                  {hasVariants ? <Table.Td fw={600}>{v.label}</Table.Td> : null}
                  <Table.Td style={num}>{v.sku}</Table.Td>
                  <Table.Td style={num}>
                    {v.barcodes.length === 0 ? '—' : v.barcodes.map((b) => b.code).join(', ')}
                  </Table.Td>
                  {canSeeCosts ? (
                    <Table.Td ta="right">
                      {v.costPriceMinor === null ? '—' : <Money amountMinor={v.costPriceMinor} currency={currency} />}
                    </Table.Td>
                  ) : null}
                  <Table.Td ta="right">
                    <Money amountMinor={v.sellingPriceMinor} currency={currency} />
                  </Table.Td>
                  <Table.Td ta="right">
                    {here ? <Money amountMinor={here.effectivePriceMinor} currency={currency} /> : '—'}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
