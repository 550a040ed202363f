import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminDashboard as AdminFigures } from '@ipos/contracts';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { pathTo } from '../../../lib/route-paths';
import { BusinessToday } from './admin-business-today';
import { LowStock } from './admin-low-stock';
import { QuickLinks, type QuickLink } from './quick-links';

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
