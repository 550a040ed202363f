import { Card, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { CurrencyCode } from '@ipos/contracts';
import { MoneyInput } from '../../../components/money/money-input';
import type { StoreRef } from './product-form-values';
import type { ProductFormState } from './use-product-form';

/** Each store's price and reorder point, for every variant: one row per store and variant. */
export function ProductStoresCard({
  form,
  stores,
  currency,
}: {
  form: ProductFormState;
  stores: StoreRef[];
  currency: CurrencyCode;
}) {
  const { values, rows, errors, fractions, setStoreField } = form;
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Stores
        </Title>
        <Text size="sm" c="dimmed">
          A store price replaces the selling price in that store (leave it empty to use the selling price). At or below
          the reorder level the product shows as low.
        </Text>
        <Table.ScrollContainer minWidth={620}>
          <Table aria-label="Store settings" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Store</Table.Th>
                {values.hasOptions ? <Table.Th>Variant</Table.Th> : null}
                <Table.Th>Store price</Table.Th>
                <Table.Th>Reorder level</Table.Th>
                <Table.Th>Reorder quantity</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stores.flatMap((store) =>
                rows.map((row, i) => {
                  const key = `variants.${i}.storeSettings.${store.id}`;
                  const fields = row.stores[store.id];
                  const who = `${store.name}${values.hasOptions ? `, ${row.optionValues.join(' / ')}` : ''}`;
                  return (
                    <Table.Tr key={`${store.id}:${row.key}`}>
                      <Table.Td>
                        {store.name} ({store.alias})
                      </Table.Td>
                      {values.hasOptions ? <Table.Td>{row.optionValues.join(' / ')}</Table.Td> : null}
                      <Table.Td>
                        <MoneyInput
                          aria-label={`Store price in ${who}`}
                          name={`${key}.sellingPriceMinor`}
                          currency={currency}
                          placeholder="Selling price"
                          value={fields?.price ?? ''}
                          onChange={(text) => setStoreField(i, store.id, 'price', text)}
                          error={errors[`${key}.sellingPriceMinor`]}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Reorder level in ${who}`}
                          name={`${key}.reorderLevel`}
                          inputMode={fractions ? 'decimal' : 'numeric'}
                          value={fields?.reorderLevel ?? ''}
                          onChange={(e) => setStoreField(i, store.id, 'reorderLevel', e.currentTarget.value)}
                          error={errors[`${key}.reorderLevel`]}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Reorder quantity in ${who}`}
                          name={`${key}.reorderQuantity`}
                          inputMode={fractions ? 'decimal' : 'numeric'}
                          value={fields?.reorderQuantity ?? ''}
                          onChange={(e) => setStoreField(i, store.id, 'reorderQuantity', e.currentTarget.value)}
                          error={errors[`${key}.reorderQuantity`]}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                }),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
