import type { ReactNode } from 'react';
import { Card, Group, Stack, Text } from '@mantine/core';
import type { CurrencyCode } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { DiscountField } from './discount-field';
import type { InvoiceFormState } from './use-invoice-form';

function TotalRow({
  label,
  children,
  strong,
  testId,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
  testId: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={strong ? 700 : undefined} fz={strong ? 'lg' : 'sm'}>
        {label}
      </Text>
      <Text fw={strong ? 700 : undefined} fz={strong ? 'lg' : 'sm'} data-testid={testId} aria-live="polite">
        {children}
      </Text>
    </Group>
  );
}

/** The invoice discount and the figures `priceCart` gives the draft: subtotal, discount, tax, total. */
export function InvoiceTotalsCard({ invoice, currency }: { invoice: InvoiceFormState; currency: CurrencyCode }) {
  const { form, priced, errors, change } = invoice;
  return (
    <Card withBorder radius="md" aria-label="Totals" component="section">
      <Stack gap="xs">
        <DiscountField
          label="Invoice discount"
          visibleLabel
          currency={currency}
          type={form.cartDiscountType}
          value={form.cartDiscount}
          error={errors.cartDiscount}
          onType={(cartDiscountType) => change({ cartDiscountType }, ['cartDiscount'])}
          onChange={(cartDiscount) => change({ cartDiscount }, ['cartDiscount'])}
        />
        <TotalRow label="Subtotal" testId="draft-subtotal">
          <Money amountMinor={priced.subtotalMinor} currency={currency} />
        </TotalRow>
        <TotalRow label="Discount" testId="draft-discount">
          <Money amountMinor={-priced.discountMinor} currency={currency} />
        </TotalRow>
        <TotalRow label="Tax" testId="draft-tax">
          <Money amountMinor={priced.taxMinor} currency={currency} />
        </TotalRow>
        <TotalRow label="Total" strong testId="draft-total">
          <Money amountMinor={priced.totalMinor} currency={currency} />
        </TotalRow>
      </Stack>
    </Card>
  );
}
