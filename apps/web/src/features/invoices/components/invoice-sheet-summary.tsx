import type { ReactNode } from 'react';
import { Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { mobileMoneyProviderLabels, paymentMethodLabels, type CurrencyCode, type Invoice } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { formatDay } from '../../../lib/format';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {title}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Row({
  label,
  amount,
  currency,
  strong,
  testId,
}: {
  label: string;
  amount: number;
  currency: CurrencyCode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Money amountMinor={amount} currency={currency} fw={strong ? 700 : undefined} data-testid={testId} />
    </Group>
  );
}

/** Notes and terms beside the totals: subtotal, discount, tax, total, paid and the balance due. */
export function InvoiceSheetTotals({
  invoice: inv,
  currency,
  tid,
}: {
  invoice: Invoice;
  currency: CurrencyCode;
  /** A test id, left out of the printed copy. */
  tid: (id: string) => string | undefined;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Stack gap="sm">
        {inv.notes ? <Block title="Notes">{inv.notes}</Block> : null}
        {inv.terms ? <Block title="Terms">{inv.terms}</Block> : null}
      </Stack>
      <Stack gap={6} aria-label="Totals" component="section">
        <Row label="Subtotal" amount={inv.subtotalMinor} currency={currency} />
        {inv.discountMinor > 0 ? <Row label="Discount" amount={-inv.discountMinor} currency={currency} /> : null}
        <Row label="Tax" amount={inv.taxMinor} currency={currency} />
        <Row label="Total" amount={inv.totalMinor} currency={currency} strong testId={tid('invoice-total')} />
        {inv.paidMinor > 0 ? (
          <Row label="Paid" amount={-inv.paidMinor} currency={currency} testId={tid('invoice-paid')} />
        ) : null}
        {inv.status === 'issued' || inv.status === 'paid' ? (
          <Row
            label="Balance due"
            amount={inv.balanceMinor}
            currency={currency}
            strong
            testId={tid('invoice-balance')}
          />
        ) : null}
      </Stack>
    </SimpleGrid>
  );
}

/** The payments recorded against the invoice, when there are any. */
export function InvoiceSheetPayments({
  invoice: inv,
  currency,
  tid,
}: {
  invoice: Invoice;
  currency: CurrencyCode;
  /** A test id, left out of the printed copy. */
  tid: (id: string) => string | undefined;
}) {
  if (inv.payments.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        Payments
      </Title>
      <Table verticalSpacing={4} aria-label="Payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Paid on</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {inv.payments.map((p) => (
            <Table.Tr key={p.id} data-testid={tid('invoice-payment')}>
              <Table.Td>{formatDay(p.paidOn)}</Table.Td>
              <Table.Td>
                {paymentMethodLabels[p.method]}
                {p.provider ? ` (${mobileMoneyProviderLabels[p.provider]})` : ''}
              </Table.Td>
              <Table.Td>
                {[p.reference, p.phone, p.note].filter(Boolean).join(' · ') || (
                  <Text span c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                <Money amountMinor={p.amountMinor} currency={currency} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
