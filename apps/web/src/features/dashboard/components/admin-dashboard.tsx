import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminDashboard as AdminFigures, BusinessSummary, LowStockAlert } from '@ipos/contracts';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { formatMoney } from '../../../lib/money';
import { formatQuantity } from '../../../lib/quantity';
import { QuickLinks, type QuickLink } from './quick-links';
import { pathTo } from '../../../lib/route-paths';

const businessPath = (businessId: string) => pathTo('dashboard.business.view/:id', { id: businessId });

export interface AdminDashboardProps {
  personName: string | null;
  /** GET /api/v1/admin/dashboard. */
  dashboard: UseQueryResult<AdminFigures>;
  quickLinks: readonly QuickLink[];
  /** Store mode in one of the owner's stores. */
  onOpenStore: (storeId: string) => void;
}

function Figure({ label, value, testId }: { label: string; value: number | string; testId: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

const sales = (count: number) => (count === 1 ? '1 sale' : `${count} sales`);

/** One business's today: its net sales in its currency, and each store on its own day. */
function BusinessToday({ business, onOpenStore }: { business: BusinessSummary; onOpenStore: (id: string) => void }) {
  const money = (minor: number) => formatMoney(minor, business.currency);
  const { todayFigures: today } = business;
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={`business-${business.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4" id={`business-${business.id}`}>
            <Anchor component={Link} to={businessPath(business.id)} inherit>
              {business.name}
            </Anchor>
          </Title>
          <Group gap={6}>
            <Badge variant="light">{business.currency}</Badge>
            <Badge variant="outline" color="gray">
              {business.country}
            </Badge>
          </Group>
        </Group>
        <Group gap="xl" wrap="wrap">
          <div>
            <Text size="sm" c="dimmed">
              Net sales today
            </Text>
            <Text fz={22} fw={700} data-testid={`net-sales-${business.id}`}>
              {money(today.netSalesMinor)}
            </Text>
          </div>
          <Text size="sm" c="dimmed">
            {sales(today.salesCount)} · {money(today.refundsMinor)} refunded · {business.staffCount} staff ·{' '}
            {business.lowStockCount} low on stock
          </Text>
        </Group>
        {business.stores.length === 0 ? (
          <Text size="sm" c="dimmed">
            No stores yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" aria-label={`Stores of ${business.name} today`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Store</Table.Th>
                  <Table.Th ta="right">Sales</Table.Th>
                  <Table.Th ta="right">Net sales</Table.Th>
                  <Table.Th ta="right">Low stock</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {business.stores.map((store) => (
                  <Table.Tr key={store.id}>
                    <Table.Td>
                      {store.name}{' '}
                      <Text span c="dimmed" size="sm">
                        ({store.alias})
                      </Text>
                      <Text size="xs" c="dimmed">
                        {store.today} · {store.timeZone}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{store.todayFigures.salesCount}</Table.Td>
                    <Table.Td ta="right">{money(store.todayFigures.netSalesMinor)}</Table.Td>
                    <Table.Td ta="right">{store.lowStockCount}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => onOpenStore(store.id)}
                        aria-label={`Work in ${store.name}`}
                      >
                        Work here
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

function LowStock({ items, total }: { items: LowStockAlert[]; total: number }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="low-stock-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="low-stock-title">
          Low-stock alerts
        </Title>
        {items.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nothing is at or below its reorder level.
          </Text>
        ) : (
          <>
            {total > items.length ? (
              <Text size="sm" c="dimmed">
                The {items.length} lowest of {total}.
              </Text>
            ) : null}
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" aria-label="Low-stock alerts">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th>Store</Table.Th>
                    <Table.Th ta="right">On hand</Table.Th>
                    <Table.Th ta="right">Reorder level</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((alert) => (
                    <Table.Tr key={`${alert.storeId}:${alert.variantId}`}>
                      <Table.Td>
                        {alert.name}
                        <Text size="xs" c="dimmed">
                          {alert.sku}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {alert.storeName}
                        <Text size="xs" c="dimmed">
                          <Anchor component={Link} to={businessPath(alert.businessId)} inherit>
                            {alert.businessName}
                          </Anchor>
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" c={alert.onHand <= 0 ? 'red' : undefined}>
                        {formatQuantity(alert.onHand)}
                      </Table.Td>
                      <Table.Td ta="right">{formatQuantity(alert.reorderLevel)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** Admin mode's DashboardLanding: today across the owner's businesses and stores, people and low stock. */
export function AdminDashboard({ personName, dashboard, quickLinks, onOpenStore }: AdminDashboardProps) {
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>Dashboard</Title>
        <Text c="dimmed">
          {personName ? `Welcome, ${personName}. ` : ''}You are in admin mode: today in every store, on its own clock.
        </Text>
      </Stack>
      <WhenLoaded
        query={dashboard}
        loadingLabel="Loading your businesses"
        errorTitle="We could not load your businesses"
      >
        {(data) =>
          data.businesses.length === 0 ? (
            <Card withBorder padding="lg" radius="md" data-testid="no-businesses">
              <EmptyState
                title="You do not own a business yet"
                action={
                  <Button component={Link} to={pathTo('dashboard.business')}>
                    Create a business
                  </Button>
                }
              />
            </Card>
          ) : (
            <>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
                <Figure label="Businesses" value={data.businessCount} testId="business-count" />
                <Figure label="Stores" value={data.storeCount} testId="store-count" />
                <Figure label="Staff" value={data.staffCount} testId="staff-count" />
                <Figure label="Low-stock alerts" value={data.lowStockCount} testId="low-stock-count" />
              </SimpleGrid>
              <Stack gap="sm" component="section" aria-labelledby="today-title">
                <Title order={2} size="h4" id="today-title">
                  Today by business
                </Title>
                <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
                  {data.businesses.map((business) => (
                    <BusinessToday key={business.id} business={business} onOpenStore={onOpenStore} />
                  ))}
                </SimpleGrid>
              </Stack>
              <LowStock items={data.lowStock} total={data.lowStockCount} />
            </>
          )
        }
      </WhenLoaded>
      <QuickLinks links={quickLinks} />
    </Stack>
  );
}
