import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ActiveStore, StoreDashboard as StoreFiguresData } from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { QuickLinks, type QuickLink } from './quick-links';
import { StoreFigures } from './store-figures';

export interface StoreDashboardProps {
  personName: string | null;
  /** GET /api/v1/stores/current. */
  store: UseQueryResult<ActiveStore>;
  /** GET /api/v1/dashboard/store: today's figures. */
  figures: UseQueryResult<StoreFiguresData>;
  /** The role in plain words, from the role stored for this session. */
  roleLabel: (roleName: string) => string;
  /** The sections the store's permissions open. */
  quickLinksFor: (permissions: readonly string[]) => readonly QuickLink[];
}

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

/** Store mode: today's figures, the active store, the person's role there, and the sections the role opens. */
export function StoreDashboard({ personName, store, figures, roleLabel, quickLinksFor }: StoreDashboardProps) {
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>Dashboard</Title>
        {personName && <Text c="dimmed">Welcome, {personName}.</Text>}
      </Stack>
      <WhenLoaded query={store} loadingLabel="Loading your store" errorTitle="We could not load your store">
        {(current) => (
          <>
            <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="store-title">
              <Stack gap="md">
                <Group gap="sm" wrap="wrap">
                  <Title order={2} size="h3" id="store-title" data-testid="store-name">
                    {current.name}
                  </Title>
                  <Badge variant="light" size="lg" data-testid="store-alias">
                    {current.alias}
                  </Badge>
                </Group>
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
                  <Detail label="Business" testId="business-name">
                    {current.business.name}
                  </Detail>
                  <Detail label="Currency" testId="store-currency">
                    {current.business.currency}
                  </Detail>
                  <Detail label="Your role" testId="store-role">
                    {roleLabel(current.roleName)}
                  </Detail>
                </SimpleGrid>
                {current.address && (
                  <Text size="sm" c="dimmed">
                    {current.address}
                  </Text>
                )}
              </Stack>
            </Card>
            <StoreFigures figures={figures} currency={current.business.currency} permissions={current.permissions} />
            <QuickLinks links={quickLinksFor(current.permissions)} />
          </>
        )}
      </WhenLoaded>
    </Stack>
  );
}
