import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Business, listBusinesses } from '@ipos/contracts';
import type { ResponseOf } from '../../../lib/api-client';
import { Link } from 'react-router';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { QuickLinks, type QuickLink } from './quick-links';

export interface AdminDashboardProps {
  personName: string | null;
  /** GET /api/v1/admin/businesses. */
  businesses: UseQueryResult<ResponseOf<typeof listBusinesses>>;
  quickLinks: readonly QuickLink[];
  /** Store mode in one of the owner's stores. */
  onOpenStore: (storeId: string) => void;
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
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

function BusinessCard({ business, onOpenStore }: { business: Business; onOpenStore: (storeId: string) => void }) {
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={`business-${business.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4" id={`business-${business.id}`}>
            <Anchor component={Link} to={`/dashboard/business/view/${business.id}`} inherit>
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
        {business.stores.length === 0 ? (
          <Text size="sm" c="dimmed">
            No stores yet.
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {business.stores.map((store) => (
              <Group key={store.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm">
                  {store.name}{' '}
                  <Text span c="dimmed" size="sm">
                    ({store.alias})
                  </Text>
                </Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => onOpenStore(store.id)}
                  aria-label={`Work in ${store.name}`}
                >
                  Work in this store
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** Admin mode: the owner's businesses with their stores, their counts, and the admin sections. */
export function AdminDashboard({ personName, businesses, quickLinks, onOpenStore }: AdminDashboardProps) {
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>Dashboard</Title>
        <Text c="dimmed">{personName ? `Welcome, ${personName}. ` : ''}You are in admin mode.</Text>
      </Stack>
      <WhenLoaded
        query={businesses}
        loadingLabel="Loading your businesses"
        errorTitle="We could not load your businesses"
      >
        {({ items, total }) =>
          items.length === 0 ? (
            <Card withBorder padding="lg" radius="md" data-testid="no-businesses">
              <Text>You do not own a business yet.</Text>
            </Card>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" maw={480}>
                <Figure label="Businesses" value={total} testId="business-count" />
                <Figure
                  label="Stores"
                  value={items.reduce((sum, b) => sum + b.stores.length, 0)}
                  testId="store-count"
                />
              </SimpleGrid>
              <Stack gap="sm" component="section" aria-labelledby="businesses-title">
                <Title order={2} size="h4" id="businesses-title">
                  Your businesses
                </Title>
                <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
                  {items.map((business) => (
                    <BusinessCard key={business.id} business={business} onOpenStore={onOpenStore} />
                  ))}
                </SimpleGrid>
              </Stack>
            </>
          )
        }
      </WhenLoaded>
      <QuickLinks links={quickLinks} />
    </Stack>
  );
}
