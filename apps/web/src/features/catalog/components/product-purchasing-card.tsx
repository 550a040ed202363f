import { Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { CurrencyCode, Product } from '@ipos/contracts';
import { ContactPicker } from '../../../components/pickers/contact-picker';
import { formatMoney } from '../../../lib/money';
import type { FormErrors, ProductFormValues } from './product-form-values';
import { FormColumns } from '../../../components/form/form-columns';

/**
 * The product's purchasing (decision 0030): the vendor it is usually bought from, and that vendor's
 * code for each variant (printed on orders to them). "Add low-stock products" on an order and the
 * restock report's orders per vendor go by the preferred vendor. The last cost from that vendor is
 * shown to roles that see costs.
 */
export function ProductPurchasingCard({
  values,
  product,
  currency,
  canSeeCosts,
  errors,
  onVendorChange,
  onCodeChange,
}: {
  values: ProductFormValues;
  product: Product | undefined;
  currency: CurrencyCode;
  canSeeCosts: boolean;
  errors: FormErrors;
  onVendorChange: (vendorId: string) => void;
  onCodeChange: (index: number | 'single', code: string) => void;
}) {
  const lastCostOf = (variantId: string | undefined) => {
    const cost = product?.variants.find((v) => v.id === variantId)?.lastCostMinor ?? null;
    // The last cost is the saved vendor's: hide it once another vendor is chosen.
    const sameVendor = (product?.preferredVendor?.id ?? '') === values.preferredVendorId;
    return canSeeCosts && sameVendor && cost !== null ? formatMoney(cost, currency) : null;
  };
  const codeInput = (index: number | 'single', code: string, label: string | undefined, aria?: string) => (
    <TextInput
      label={label}
      aria-label={aria}
      name={`variants.${index === 'single' ? 0 : index}.vendorItemCode`}
      description={label ? 'The vendor’s own code for it, printed on orders to them' : undefined}
      value={code}
      maxLength={40}
      autoComplete="off"
      onChange={(e) => onCodeChange(index, e.currentTarget.value)}
      error={errors[`variants.${index === 'single' ? 0 : index}.vendorItemCode`]}
    />
  );
  const singleCost = values.hasOptions ? null : lastCostOf(values.single.id);

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          Purchasing
        </Title>
        <FormColumns spacing="md">
          <Stack gap={4}>
            <ContactPicker
              kind="vendor"
              label="Preferred vendor"
              value={values.preferredVendorId || null}
              onChange={onVendorChange}
              error={errors.preferredVendorId}
            />
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                Low-stock products are ordered from it.
              </Text>
              {values.preferredVendorId ? (
                <Button variant="subtle" size="compact-xs" onClick={() => onVendorChange('')}>
                  No preferred vendor
                </Button>
              ) : null}
            </Group>
          </Stack>
          {values.hasOptions ? null : (
            <Stack gap={4}>
              {codeInput('single', values.single.vendorItemCode, 'Vendor item code')}
              {singleCost ? (
                <Text size="xs" c="dimmed">
                  Last cost from this vendor: {singleCost}
                </Text>
              ) : null}
            </Stack>
          )}
        </FormColumns>
        {values.hasOptions && values.variants.length > 0 ? (
          <Table aria-label="Vendor item codes" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Variant</Table.Th>
                <Table.Th>Vendor item code</Table.Th>
                {canSeeCosts ? <Table.Th>Last cost</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.variants.map((row, i) => (
                <Table.Tr key={row.key}>
                  <Table.Td>{row.optionValues.join(' / ')}</Table.Td>
                  <Table.Td>
                    {codeInput(i, row.vendorItemCode, undefined, `Vendor item code of ${row.optionValues.join(' / ')}`)}
                  </Table.Td>
                  {canSeeCosts ? <Table.Td>{lastCostOf(row.id) ?? '—'}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Card>
  );
}
