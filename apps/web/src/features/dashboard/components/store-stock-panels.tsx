import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { storeDay, type CurrencyCode, type StoreDashboard } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import { formatDateTime, formatTime } from '../../../lib/format';
import { pathTo } from '../../../lib/route-paths';
import { Panel } from './store-figure-parts';

/** A recent sale's time on the store's clock: the time alone today, else the date and time. */
const timeIn = (iso: string, timeZone: string, today: string) =>
  storeDay(timeZone, new Date(iso)) === today ? formatTime(iso, timeZone) : formatDateTime(iso, timeZone);

/** Products at or below their reorder level and out of stock; linked to the inventory for those who may see it. */
export function StockToReorderPanel({ d, canSeeStock }: { d: StoreDashboard; canSeeStock: boolean }) {
  return (
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
  );
}

/** The newest sales, each linked to its page; voided ones struck through. */
export function RecentSalesPanel({ d, currency }: { d: StoreDashboard; currency: CurrencyCode }) {
  return (
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
  );
}
