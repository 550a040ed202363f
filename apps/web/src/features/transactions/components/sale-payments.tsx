import { Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  type CurrencyCode,
  formatStoreDateTime,
  mobileMoneyProviderLabels,
  paymentMethodLabels,
  type SaleDetail,
} from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { NoValue } from '../../../components/table/no-value';
import { ResponsiveTable, type TableColumn } from '../../../components/table/responsive-table';
import { formatQuantity } from '../../../lib/quantity';

type Payment = SaleDetail['payments'][number];

function PaymentDetail({ payment }: { payment: Payment }) {
  const bits = [
    payment.provider ? mobileMoneyProviderLabels[payment.provider] : null,
    payment.phone,
    payment.reference ? `Ref. ${payment.reference}` : null,
  ].filter(Boolean);
  return bits.length > 0 ? <>{bits.join(' · ')}</> : <NoValue />;
}

/** The method and amount always show; on a narrow screen the rest moves into the payment's details. */
function paymentColumns(currency: CurrencyCode): TableColumn<Payment>[] {
  return [
    { key: 'method', label: 'Method', priority: 0, minWidth: 96, cell: (p) => paymentMethodLabels[p.method] },
    {
      key: 'details',
      label: 'Details',
      priority: 3,
      cell: (p) => (
        <Text size="sm">
          <PaymentDetail payment={p} />
        </Text>
      ),
    },
    {
      key: 'amount',
      label: 'Amount',
      kind: 'number',
      priority: 0,
      cell: (p) => <Money amountMinor={p.amountMinor} currency={currency} />,
    },
    {
      key: 'tendered',
      label: 'Tendered',
      kind: 'number',
      priority: 1,
      cell: (p) => (p.tenderedMinor !== null ? <Money amountMinor={p.tenderedMinor} currency={currency} /> : '—'),
    },
    {
      key: 'change',
      label: 'Change',
      kind: 'number',
      priority: 2,
      cell: (p) => (p.changeMinor > 0 ? <Money amountMinor={p.changeMinor} currency={currency} /> : '—'),
    },
  ];
}

/** How the sale was paid: each tender with its details, tendered amount and change. */
export function SalePayments({ sale: s, currency }: { sale: SaleDetail; currency: CurrencyCode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="payments-title">
      <Title order={2} size="h4" id="payments-title">
        Payments
      </Title>
      <Card withBorder padding={0} radius="md">
        <ResponsiveTable
          label="Payments"
          columns={paymentColumns(currency)}
          rows={s.payments}
          rowKey={(_, i) => String(i)}
          rowLabel={(payment) => paymentMethodLabels[payment.method]}
          tableProps={{ highlightOnHover: false }}
          empty={
            <Text size="sm" c="dimmed">
              No payment: nothing was due.
            </Text>
          }
        />
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
