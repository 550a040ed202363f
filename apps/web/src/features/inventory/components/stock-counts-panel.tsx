import { useState } from 'react';
import { Anchor, Button, Card, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { formatStoreDateTime } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState } from '../../../components/feedback/list-state';
import { ResponsiveTable } from '../../../components/table/responsive-table';
import { useActiveStore } from '../../../lib/active-store';
import { useStockCounts } from '../api/stock';
import { CountSheet } from './count-sheet';
import { CountBadges } from './count-status-badge';
import { StartCountDialog } from './start-count-form';

const PAGE_SIZE = 20;

/**
 * `?tab=counts`: the stock counts of the active store, and "Start a count". `&count=<id>` opens one
 * count's sheet in place (links from the movement history land here).
 */
export function StockCountsPanel() {
  const [search, setSearch] = useSearchParams();
  const store = useActiveStore();
  const countId = search.get('count');
  const canCount = store.data?.permissions.includes('inventory.count') ?? false;
  const currency = store.data?.business.currency ?? 'NGN';
  const timeZone = store.data?.timeZone;

  const openCount = (id: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.set('tab', 'counts');
      if (id) next.set('count', id);
      else next.delete('count');
      return next;
    });

  if (countId)
    return (
      <CountSheet
        key={countId}
        countId={countId}
        currency={currency}
        canCount={canCount}
        timeZone={timeZone}
        onBack={() => openCount(null)}
      />
    );
  return <CountList canCount={canCount} timeZone={timeZone} storeName={store.data?.name} onOpen={openCount} />;
}

function CountList({
  canCount,
  timeZone,
  storeName,
  onOpen,
}: {
  canCount: boolean;
  timeZone?: string;
  storeName?: string;
  onOpen: (id: string) => void;
}) {
  const [page, setPage] = useState(1);
  const [starting, setStarting] = useState(false);
  const counts = useStockCounts({ page });
  const items = counts.data?.items ?? [];
  const total = counts.data?.total ?? 0;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Stock counts
        </Title>
        {canCount ? <Button onClick={() => setStarting(true)}>Start a count</Button> : null}
      </Group>
      <Card withBorder padding={0} radius="md">
        <ListState
          query={counts}
          count={items.length}
          loadingLabel="Loading the stock counts"
          errorTitle="We could not load the stock counts"
          empty={
            <EmptyState title="No stock counts yet">
              {canCount
                ? 'Start a count to check the shelves against the stock figures.'
                : 'Counts started in this store will be listed here.'}
            </EmptyState>
          }
        >
          <ResponsiveTable
            label="Stock counts"
            columns={[
              {
                key: 'number',
                label: 'Number',
                priority: 0,
                minWidth: 112,
                cell: (count) => (
                  <>
                    <Anchor
                      component={Link}
                      to={`?tab=counts&count=${count.id}`}
                      fw={600}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {count.number}
                    </Anchor>
                    {count.note ? (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {count.note}
                      </Text>
                    ) : null}
                  </>
                ),
              },
              {
                key: 'status',
                label: 'Status',
                kind: 'other',
                priority: 1,
                cell: (count) => (
                  <Group gap={6}>
                    <CountBadges count={count} />
                  </Group>
                ),
              },
              {
                key: 'started',
                label: 'Started',
                priority: 2,
                minWidth: 112,
                cell: (count) => (
                  <>
                    <Text size="sm">{formatStoreDateTime(count.createdAt, timeZone)}</Text>
                    <Text size="xs" c="dimmed">
                      {count.createdBy?.name ?? ''}
                    </Text>
                  </>
                ),
              },
              {
                key: 'counted',
                label: 'Counted',
                kind: 'number',
                priority: 0,
                cell: (count) => `${count.countedCount} of ${count.lineCount}`,
              },
            ]}
            rows={items}
            rowKey={(count) => count.id}
            rowLabel={(count) => count.number}
            rowProps={() => ({ 'data-testid': 'count-row' })}
            refreshing={counts.isPlaceholderData}
          />
        </ListState>
      </Card>
      {total > PAGE_SIZE ? (
        <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} aria-label="Count pages" />
      ) : null}
      <StartCountDialog
        opened={starting}
        onClose={() => setStarting(false)}
        scope={{ kind: 'choose' }}
        storeName={storeName}
        onStarted={onOpen}
      />
    </Stack>
  );
}
