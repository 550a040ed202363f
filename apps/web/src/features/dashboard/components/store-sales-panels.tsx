import { lazy, Suspense } from 'react';
import { Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { paymentMethodLabels, type CurrencyCode, type StoreDashboard } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { formatDayLabel } from '../../../lib/format';
import { formatQuantity } from '../../../lib/quantity';
import { Panel } from './store-figure-parts';

// The charts load when the figures first show, not with the dashboard.
const PaymentMixChart = lazy(() => import('./store-charts').then((m) => ({ default: m.PaymentMixChart })));
const Last7DaysChart = lazy(() => import('./store-charts').then((m) => ({ default: m.Last7DaysChart })));

const dayLabel = formatDayLabel;

/** Today's takings by payment method: the chart and each method's amount and count. */
export function PaymentMixPanel({ d, currency }: { d: StoreDashboard; currency: CurrencyCode }) {
  const mix = d.paymentMix.filter((m) => m.amountMinor !== 0 || m.count > 0);
  return (
    <Panel title="Payment mix" id="mix-title">
      <Group align="center" wrap="nowrap" gap="lg">
        <Suspense fallback={<Skeleton circle height={150} />}>
          <PaymentMixChart mix={d.paymentMix} currency={currency} />
        </Suspense>
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none', flex: 1 }} data-testid="payment-mix">
          {mix.map((m) => (
            <Group key={m.method} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm">
                {paymentMethodLabels[m.method]}{' '}
                <Text span size="xs" c="dimmed">
                  ({m.count})
                </Text>
              </Text>
              <Money amountMinor={m.amountMinor} currency={currency} size="sm" fw={600} />
            </Group>
          ))}
        </Stack>
      </Group>
    </Panel>
  );
}

/** The last 7 days' sales: a chart, and the same figures as a table for screen readers. */
export function Last7DaysPanel({ d, currency }: { d: StoreDashboard; currency: CurrencyCode }) {
  return (
    <Panel title="Last 7 days" id="week-title">
      <Suspense fallback={<Skeleton height={200} />}>
        <Last7DaysChart days={d.last7Days} currency={currency} dayLabel={dayLabel} />
      </Suspense>
      <VisuallyHidden>
        <Table aria-label="Sales of the last 7 days">
          <Table.Tbody>
            {d.last7Days.map((day) => (
              <Table.Tr key={day.date}>
                <Table.Td>{dayLabel(day.date)}</Table.Td>
                <Table.Td>
                  <Money amountMinor={day.salesMinor} currency={currency} />
                </Table.Td>
                <Table.Td>{day.salesCount} sales</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Panel>
  );
}

/** Today's best sellers: quantity and sales of each. */
export function BestSellersPanel({ d, currency }: { d: StoreDashboard; currency: CurrencyCode }) {
  return (
    <Panel title="Best sellers today" id="top-title">
      <Table verticalSpacing={4} aria-label="Best sellers today" data-testid="top-products">
        <Table.Tbody>
          {d.topProducts.map((p) => (
            <Table.Tr key={p.variantId}>
              <Table.Td>
                <Text size="sm">{p.name}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" c="dimmed">
                  {formatQuantity(p.quantity)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Money amountMinor={p.salesMinor} currency={currency} size="sm" fw={600} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Panel>
  );
}
