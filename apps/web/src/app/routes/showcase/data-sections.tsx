import { Box, Group, Table } from '@mantine/core';
import { currencies, purchaseOrderStatuses, type CurrencyCode } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { PurchaseOrderStatusBadge } from '../../../components/status-badge/purchase-order-status-badge';
import { truncate } from '../../../lib/truncate';
import { Section } from './section';

const sampleProducts: { name: string; sku: string; priceMinor: number; onHand: number }[] = [
  { name: 'Golden Penny Spaghetti 500g, carton of 20 packs', sku: 'GP-SPA-500', priceMinor: 1_850_000, onHand: 14 },
  { name: 'Peak Milk Powder 400g', sku: 'PK-MLK-400', priceMinor: 320_000, onHand: 0 },
  { name: 'Dangote Sugar 1kg', sku: 'DG-SUG-1K', priceMinor: 145_000, onHand: 52 },
];

export function TableSection() {
  return (
    <Section
      id="table"
      description="Long names are shortened with the truncation helper; the full name is kept for hover and screen readers."
    >
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Caption>Sample products at Lekki</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Product</Table.Th>
              <Table.Th scope="col">SKU</Table.Th>
              <Table.Th scope="col" ta="right">
                Price
              </Table.Th>
              <Table.Th scope="col" ta="right">
                On hand
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sampleProducts.map((product) => (
              <Table.Tr key={product.sku}>
                <Table.Td title={product.name} aria-label={product.name}>
                  {truncate(product.name, 28)}
                </Table.Td>
                <Table.Td>{product.sku}</Table.Td>
                <Table.Td ta="right">
                  <Money amountMinor={product.priceMinor} currency="NGN" />
                </Table.Td>
                <Table.Td ta="right" c={product.onHand === 0 ? 'red.8' : undefined}>
                  {product.onHand === 0 ? 'Out of stock' : product.onHand}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

export function BadgesSection() {
  return (
    <Section id="badges" description="Purchase-order statuses; the word carries the meaning, the colour only helps.">
      <Group gap="sm" aria-label="Purchase-order statuses" role="list">
        {purchaseOrderStatuses.map((status) => (
          <Box key={status.value} role="listitem">
            <PurchaseOrderStatusBadge status={status.value} />
          </Box>
        ))}
      </Group>
    </Section>
  );
}

const currencyNames: Record<CurrencyCode, string> = {
  NGN: 'Nigerian naira',
  USD: 'US dollar',
  GBP: 'Pound sterling',
  EUR: 'Euro',
  KSD: 'Kenyan shilling',
  TZS: 'Tanzanian shilling',
};

export function MoneySection() {
  return (
    <Section id="money" description="Amounts are integer minor units, shown with the currency's symbol.">
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs">
          <Table.Caption>Every currency iPos trades in</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Currency</Table.Th>
              <Table.Th scope="col">Symbol</Table.Th>
              <Table.Th scope="col" ta="right">
                Amount
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Refund
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Zero
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {currencies.map((currency) => (
              <Table.Tr key={currency.code} data-currency={currency.code}>
                <Table.Th scope="row" fw={500}>
                  {currencyNames[currency.code]} ({currency.code})
                </Table.Th>
                <Table.Td>{currency.symbol}</Table.Td>
                <Table.Td ta="right">
                  <Money amountMinor={1_234_550} currency={currency.code} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money amountMinor={-2_500} currency={currency.code} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money amountMinor={0} currency={currency.code} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}
