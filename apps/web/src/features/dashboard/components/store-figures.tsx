import { lazy, Suspense, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paymentMethodLabels, storeDay, type CurrencyCode, type StoreDashboard } from '@ipos/contracts';
import { LoadError } from '../../../components/feedback/load-states';
import { Money } from '../../../components/money/money';
import { formatDateTime, formatDayLabel, formatTime } from '../../../lib/format';
import { formatQuantity } from '../../../lib/quantity';
import { pathTo } from '../../../lib/route-paths';

// recharts stays out of the main bundle: the charts load when the figures first show.
const PaymentMixChart = lazy(() => import('./store-charts').then((m) => ({ default: m.PaymentMixChart })));
const Last7DaysChart = lazy(() => import('./store-charts').then((m) => ({ default: m.Last7DaysChart })));

export interface StoreFiguresProps {
  /** GET /api/v1/dashboard/store. */
  figures: UseQueryResult<StoreDashboard>;
  currency: CurrencyCode;
  permissions: readonly string[];
}

const dayLabel = formatDayLabel;

/** A recent sale's time on the store's clock: the time alone today, else the date and time. */
const timeIn = (iso: string, timeZone: string, today: string) =>
  storeDay(timeZone, new Date(iso)) === today ? formatTime(iso, timeZone) : formatDateTime(iso, timeZone);

function Figure({
  label,
  children,
  hint,
  testId,
}: {
  label: string;
  children: ReactNode;
  hint?: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} data-testid={testId}>
        {children}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" component="div">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function FiguresSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading today’s figures">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i} withBorder padding="md" radius="md">
            <Skeleton height={14} width="50%" mb="sm" />
            <Skeleton height={28} width="70%" />
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Skeleton height={220} radius="md" />
        <Skeleton height={220} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Today's trading in the active store: sales, baskets, refunds, payment mix, best sellers, the
 * last 7 days, stock to reorder and the newest sales. Money in the business currency; times in the
 * store's zone. Recent sales and their links only for people who may see transactions.
 */
export function StoreFigures({ figures, currency, permissions }: StoreFiguresProps) {
  if (figures.isPending) return <FiguresSkeleton />;
  if (figures.isError)
    return (
      <LoadError
        title="We could not load today’s figures"
        error={figures.error}
        onRetry={() => void figures.refetch()}
        isRetrying={figures.isFetching}
      />
    );
  const d = figures.data;
  const canSeeSales = permissions.includes('transactions.view');
  const canSeeStock = permissions.includes('inventory.view');
  const quiet = d.salesCount === 0;
  const mix = d.paymentMix.filter((m) => m.amountMinor !== 0 || m.count > 0);

  return (
    <Stack gap="md" component="section" aria-labelledby="today-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id="today-title">
          Today
        </Title>
        {canSeeSales ? (
          <Anchor component={Link} to={pathTo('dashboard.transactions')} size="sm">
            All of today’s sales
          </Anchor>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Figure label="Sales today" testId="today-sales">
          <Money amountMinor={d.salesMinor} currency={currency} />
        </Figure>
        <Figure label="Number of sales" testId="today-count">
          {d.salesCount}
        </Figure>
        <Figure label="Average basket" testId="today-basket">
          <Money amountMinor={d.averageBasketMinor} currency={currency} />
        </Figure>
        <Figure
          label="Net of refunds"
          testId="today-net"
          hint={
            d.refundsMinor > 0 ? (
              <>
                Refunds <Money amountMinor={d.refundsMinor} currency={currency} />
              </>
            ) : (
              'No refunds today'
            )
          }
        >
          <Money amountMinor={d.netSalesMinor} currency={currency} />
        </Figure>
      </SimpleGrid>

      {quiet ? (
        <Card withBorder padding="lg" radius="md" data-testid="no-sales-today">
          <Text fw={600}>No sales yet today</Text>
          <Text size="sm" c="dimmed">
            Today’s payment mix and best sellers show here once the first sale is made.
          </Text>
        </Card>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {!quiet ? (
          <Panel title="Payment mix" id="mix-title">
            <Group align="center" wrap="nowrap" gap="lg">
              <Suspense fallback={<Skeleton circle height={150} />}>
                <PaymentMixChart mix={d.paymentMix} currency={currency} />
              </Suspense>
              <Stack
                gap={6}
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none', flex: 1 }}
                data-testid="payment-mix"
              >
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
        ) : null}
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
        {!quiet ? (
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
        ) : null}
        <Panel title="Stock to reorder" id="stock-title">
          <Group gap="xl">
            <Stack gap={0}>
              <Text fz={26} fw={700} data-testid="low-stock-count">
                {d.lowStockCount}
              </Text>
              {canSeeStock ? (
                <Anchor component={Link} to={pathTo('dashboard.inventory', {}, { stock: 'low' })} size="sm">
                  At or below reorder level
                </Anchor>
              ) : (
                <Text size="sm">At or below reorder level</Text>
              )}
            </Stack>
            <Stack gap={0}>
              <Text fz={26} fw={700} c={d.outOfStockCount > 0 ? 'red.7' : undefined} data-testid="out-of-stock-count">
                {d.outOfStockCount}
              </Text>
              {canSeeStock ? (
                <Anchor component={Link} to={pathTo('dashboard.inventory', {}, { stock: 'out' })} size="sm">
                  Out of stock
                </Anchor>
              ) : (
                <Text size="sm">Out of stock</Text>
              )}
            </Stack>
          </Group>
        </Panel>
        {canSeeSales ? (
          <Panel title="Recent sales" id="recent-title">
            {d.recentSales.length === 0 ? (
              <Text size="sm" c="dimmed">
                No sales yet.
              </Text>
            ) : (
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="recent-sales">
                {d.recentSales.map((sale) => (
                  <Group key={sale.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                    <Stack gap={0}>
                      <Anchor
                        component={Link}
                        to={pathTo('dashboard.transactions.:id', { id: sale.id })}
                        size="sm"
                        ff="monospace"
                      >
                        {sale.number}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {timeIn(sale.completedAt, d.timeZone, d.today)} · {sale.cashierName}
                        {sale.customerName ? ` · ${sale.customerName}` : ''}
                      </Text>
                    </Stack>
                    <Group gap={6} wrap="nowrap">
                      {sale.status === 'voided' ? (
                        <Badge size="xs" color="gray" variant="light">
                          Voided
                        </Badge>
                      ) : null}
                      <Money
                        amountMinor={sale.totalMinor}
                        currency={currency}
                        size="sm"
                        fw={600}
                        td={sale.status === 'voided' ? 'line-through' : undefined}
                      />
                    </Group>
                  </Group>
                ))}
              </Stack>
            )}
          </Panel>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}
