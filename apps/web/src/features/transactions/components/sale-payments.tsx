import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  type CurrencyCode,
  formatStoreDateTime,
  mobileMoneyProviderLabels,
  paymentMethodLabels,
  type SaleDetail,
} from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { NoValue } from '../../../components/table/no-value';
import { formatQuantity } from '../../../lib/quantity';

function PaymentDetail({ payment }: { payment: SaleDetail['payments'][number] }) {
  const bits = [
    payment.provider ? mobileMoneyProviderLabels[payment.provider] : null,
    payment.phone,
    payment.reference ? `Ref. ${payment.reference}` : null,
  ].filter(Boolean);
  return bits.length > 0 ? <>{bits.join(' · ')}</> : <NoValue />;
}

/** How the sale was paid: each tender with its details, tendered amount and change. */
export function SalePayments({ sale: s, currency }: { sale: SaleDetail; currency: CurrencyCode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="payments-title">
      <Title order={2} size="h4" id="payments-title">
        Payments
      </Title>
      <Card withBorder padding={0} radius="md">
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" aria-label="Payments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Method</Table.Th>
                <Table.Th>Details</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">Tendered</Table.Th>
                <Table.Th ta="right">Change</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.payments.map((payment, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{paymentMethodLabels[payment.method]}</Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      <PaymentDetail payment={payment} />
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amountMinor={payment.amountMinor} currency={currency} />
                  </Table.Td>
                  <Table.Td ta="right">
                    {payment.tenderedMinor !== null ? (
                      <Money amountMinor={payment.tenderedMinor} currency={currency} />
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {payment.changeMinor > 0 ? <Money amountMinor={payment.changeMinor} currency={currency} /> : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
              {s.payments.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="dimmed">
                      No payment: nothing was due.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}

/** The sale's refunds: number, when, by whom, how paid back, why, and which lines (restocked or not). */
export function SaleRefunds({
  sale: s,
  currency,
  timeZone,
}: {
  sale: SaleDetail;
  currency: CurrencyCode;
  timeZone: string;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="refunds-title">
      <Title order={2} size="h4" id="refunds-title">
        Refunds
      </Title>
      {s.refunds.length === 0 ? (
        <Text size="sm" c="dimmed">
          No refunds.
        </Text>
      ) : (
        <Stack gap="sm">
          {s.refunds.map((refund) => (
            <Card key={refund.id} withBorder padding="md" radius="md" data-testid="refund">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="sm">
                  <Text fw={600} ff="monospace">
                    {refund.number}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {formatStoreDateTime(refund.createdAt, timeZone)} · {refund.by.name} ·{' '}
                    {paymentMethodLabels[refund.method]}
                    {refund.reference ? ` · Ref. ${refund.reference}` : ''}
                    {refund.provider ? ` · ${mobileMoneyProviderLabels[refund.provider]}` : ''}
                  </Text>
                </Group>
                <Money amountMinor={refund.totalMinor} currency={currency} fw={700} />
              </Group>
              <Text size="sm" mt={4}>
                {refund.reason}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {refund.lines
                  .map((l) => `${formatQuantity(l.quantity)} × ${l.name}${l.restocked ? '' : ' (not restocked)'}`)
                  .join(', ')}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
