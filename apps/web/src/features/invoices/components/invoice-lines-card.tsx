import { ActionIcon, Button, Card, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { CurrencyCode } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { MoneyInput } from '../../../components/money/money-input';
import { VariantPicker } from '../../../components/pickers/variant-picker';
import { productLine, type DraftLine } from '../invoice-draft';
import { DiscountField } from './discount-field';
import type { InvoiceFormState } from './use-invoice-form';

/** One line: a product's name and SKU or a service's description, quantity, price, discount, tax, total. */
function InvoiceLineRow({
  line,
  i,
  invoice,
  currency,
}: {
  line: DraftLine;
  i: number;
  invoice: InvoiceFormState;
  currency: CurrencyCode;
}) {
  const { form, priced, rates, errors, changeLine, setLines, setServiceRate } = invoice;
  const figures = priced.lines[i]!;
  const name = line.description || `line ${i + 1}`;
  // A line's errors that have no column of their own (the product named twice, a rate not allowed).
  const lineErrors = ['variantId', 'taxRateId', 'lines']
    .map((f) => errors[`lines.${i}.${f}`])
    .filter(Boolean) as string[];
  return (
    <Table.Tr data-testid="invoice-line" style={{ verticalAlign: 'top' }}>
      <Table.Td>
        {line.kind === 'product' ? (
          <>
            <Text size="sm" fw={500}>
              {line.description}
            </Text>
            <Text size="xs" c="dimmed">
              {line.sku}
            </Text>
          </>
        ) : (
          <TextInput
            id={`line-${i}-description`}
            aria-label={`Description of service line ${i + 1}`}
            placeholder="Service"
            value={line.description}
            error={errors[`lines.${i}.description`]}
            maxLength={200}
            onChange={(e) => changeLine(i, { description: e.currentTarget.value }, 'description')}
          />
        )}
        {lineErrors.map((message) => (
          <Text key={message} size="xs" c="red">
            {message}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`Quantity of ${name}`}
          inputMode="decimal"
          value={line.quantity}
          error={errors[`lines.${i}.quantity`]}
          onChange={(e) => changeLine(i, { quantity: e.currentTarget.value }, 'quantity')}
        />
      </Table.Td>
      <Table.Td>
        <MoneyInput
          aria-label={`Price of ${name}`}
          currency={currency}
          value={line.price}
          error={errors[`lines.${i}.unitPriceMinor`]}
          onChange={(price) => changeLine(i, { price }, 'unitPriceMinor')}
        />
      </Table.Td>
      <Table.Td>
        <DiscountField
          label={`Discount on ${name}`}
          currency={currency}
          type={line.discountType}
          value={line.discount}
          error={errors[`lines.${i}.discount`]}
          onType={(discountType) => changeLine(i, { discountType }, 'discount')}
          onChange={(discount) => changeLine(i, { discount }, 'discount')}
        />
      </Table.Td>
      <Table.Td>
        {line.kind === 'service' ? (
          <NativeSelect
            aria-label={`Tax rate of ${name}`}
            value={line.taxRateId}
            error={errors[`lines.${i}.taxRateId`]}
            onChange={(e) => setServiceRate(i, e.currentTarget.value)}
            data={[
              { value: '', label: 'No tax' },
              ...rates.map((r) => ({
                value: r.id,
                label: `${r.name} ${r.rateBasisPoints / 100}%${r.isInclusive ? ' incl.' : ''}`,
              })),
            ]}
          />
        ) : (
          <Text size="sm" pt={6}>
            {line.taxRateBasisPoints === 0
              ? 'No tax'
              : `${line.taxRateBasisPoints / 100}%${line.taxInclusive ? ' incl.' : ''}`}
          </Text>
        )}
        {figures.taxMinor > 0 ? (
          <Text size="xs" c="dimmed" data-testid="line-tax">
            <Money amountMinor={figures.taxMinor} currency={currency} />
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td ta="right" pt={12} style={{ whiteSpace: 'nowrap' }}>
        <Money amountMinor={figures.totalMinor} currency={currency} data-testid="line-total" />
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          mt={4}
          aria-label={`Remove ${name}`}
          onClick={() => setLines(form.lines.filter((_, j) => j !== i))}
        >
          ×
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

/** The invoice's lines, with a product search and "Add a service line" below them. */
export function InvoiceLinesCard({
  invoice,
  storeId,
  currency,
}: {
  invoice: InvoiceFormState;
  storeId: string;
  currency: CurrencyCode;
}) {
  const { form, errors, setLines, addService } = invoice;
  const productIds = new Set(form.lines.flatMap((l) => (l.variantId ? [l.variantId] : [])));
  return (
    // Visible overflow: the product search's list drops below the card.
    <Card withBorder radius="md" padding={0} style={{ overflow: 'visible' }}>
      <Stack gap={0}>
        <Group justify="space-between" p="md" pb="xs">
          <Title order={2} size="h4">
            Lines
          </Title>
        </Group>
        {form.lines.length === 0 ? (
          <Text c={errors.lines ? 'red' : 'dimmed'} px="md" pb="md" data-testid="no-lines">
            {errors.lines ?? 'No lines yet: add a product below, or a service line.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" aria-label="Invoice lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th miw={150}>Item</Table.Th>
                  <Table.Th w={64}>Quantity</Table.Th>
                  <Table.Th w={130}>Price</Table.Th>
                  <Table.Th w={150}>Discount</Table.Th>
                  <Table.Th w={120}>Tax</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th w={40} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {form.lines.map((line, i) => (
                  <InvoiceLineRow key={line.key} line={line} i={i} invoice={invoice} currency={currency} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group align="flex-end" p="md" gap="sm" wrap="wrap">
          <div style={{ flex: '1 1 320px' }}>
            <VariantPicker
              storeId={storeId}
              currency={currency}
              price="selling"
              excludeVariantIds={productIds}
              onPick={(variant) => setLines([...form.lines, productLine(variant, currency)])}
            />
          </div>
          <Button variant="default" onClick={addService}>
            Add a service line
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
