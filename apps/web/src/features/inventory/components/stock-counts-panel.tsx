import { useState } from 'react';
import {
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Pagination,
  Radio,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatStoreDateTime, listCategories } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { showApiError, toast } from '../../../components/toast';
import { apiRequest } from '../../../lib/api-client';
import { useActiveStore } from '../../../lib/current-store';
import { useCreateStockCount, useStockCounts } from '../api/stock';
import { CountSheet } from './count-sheet';
import { CountStatusBadge } from './count-status-badge';

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
  return <CountList canCount={canCount} timeZone={timeZone} onOpen={openCount} />;
}

function CountList({
  canCount,
  timeZone,
  onOpen,
}: {
  canCount: boolean;
  timeZone?: string;
  onOpen: (id: string) => void;
}) {
  const [page, setPage] = useState(1);
  const [starting, setStarting] = useState(false);
  const counts = useStockCounts({ page });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Stock counts
        </Title>
        {canCount ? <Button onClick={() => setStarting(true)}>Start a count</Button> : null}
      </Group>
      <WhenLoaded
        query={counts}
        loadingLabel="Loading the stock counts"
        errorTitle="We could not load the stock counts"
      >
        {({ items, total }) =>
          items.length === 0 ? (
            <Card withBorder radius="md">
              <EmptyState title="No stock counts yet">
                {canCount
                  ? 'Start a count to check the shelves against the stock figures.'
                  : 'Counts started in this store will be listed here.'}
              </EmptyState>
            </Card>
          ) : (
            <Stack gap="sm">
              <Card withBorder padding={0} radius="md">
                <Table.ScrollContainer minWidth={640}>
                  <Table aria-label="Stock counts" verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Number</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th>Started</Table.Th>
                        <Table.Th ta="right">Counted</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {items.map((count) => (
                        <Table.Tr key={count.id} data-testid="count-row">
                          <Table.Td>
                            <Anchor component={Link} to={`?tab=counts&count=${count.id}`} fw={600}>
                              {count.number}
                            </Anchor>
                            {count.note ? (
                              <Text size="xs" c="dimmed" lineClamp={1}>
                                {count.note}
                              </Text>
                            ) : null}
                          </Table.Td>
                          <Table.Td>
                            <CountStatusBadge status={count.status} />
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">{formatStoreDateTime(count.createdAt, timeZone)}</Text>
                            <Text size="xs" c="dimmed">
                              {count.createdBy?.name ?? ''}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                            {count.countedCount} of {count.lineCount}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Card>
              {total > PAGE_SIZE ? (
                <Pagination
                  total={Math.ceil(total / PAGE_SIZE)}
                  value={page}
                  onChange={setPage}
                  aria-label="Count pages"
                />
              ) : null}
            </Stack>
          )
        }
      </WhenLoaded>
      <Modal opened={starting} onClose={() => setStarting(false)} title="Start a stock count">
        {starting ? <StartCountForm onStarted={onOpen} onCancel={() => setStarting(false)} /> : null}
      </Modal>
    </Stack>
  );
}

/** Count every tracked product, or those of some categories (a top-level category brings its children). */
function StartCountForm({ onStarted, onCancel }: { onStarted: (id: string) => void; onCancel: () => void }) {
  const [scope, setScope] = useState<'all' | 'categories'>('all');
  const [categoryIds, setCategoryIds] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateStockCount();
  const categories = useQuery({
    queryKey: ['catalog', 'categories', { includeArchived: false }],
    queryFn: ({ signal }) => apiRequest(listCategories, { query: { includeArchived: 'false' }, signal }),
    enabled: scope === 'categories',
  });

  const start = async () => {
    if (scope === 'categories' && categoryIds.length === 0) {
      setError('Choose at least one category');
      return;
    }
    try {
      const count = await create.mutateAsync({
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(scope === 'categories' ? { categoryIds } : {}),
      });
      toast.show({ type: 'success', message: `Started ${count.number} with ${count.lineCount} lines.` });
      onStarted(count.id);
    } catch (failure) {
      showApiError(failure, 'Could not start the count');
    }
  };

  return (
    <Stack gap="md">
      <Radio.Group label="What to count" value={scope} onChange={(value) => setScope(value as typeof scope)}>
        <Stack gap="xs" mt="xs">
          <Radio value="all" label="Every tracked product" />
          <Radio value="categories" label="Products of some categories" />
        </Stack>
      </Radio.Group>
      {scope === 'categories' ? (
        <WhenLoaded
          query={categories}
          loadingLabel="Loading the categories"
          errorTitle="We could not load the categories"
        >
          {({ items }) => (
            <Checkbox.Group
              label="Categories"
              value={categoryIds}
              onChange={(value) => {
                setCategoryIds(value);
                setError(undefined);
              }}
              error={error}
            >
              <Stack gap={6} mt="xs" mah={280} style={{ overflowY: 'auto' }}>
                {items.length === 0 ? <Text size="sm">No categories yet.</Text> : null}
                {items.map((top) => (
                  <Stack key={top.id} gap={4}>
                    <Checkbox value={top.id} label={top.name} />
                    {top.children.map((child) => (
                      <Checkbox key={child.id} value={child.id} label={child.name} ml="lg" />
                    ))}
                  </Stack>
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        </WhenLoaded>
      ) : null}
      <Textarea
        label="Note"
        description="Optional: which shelves, who counts"
        value={note}
        maxLength={500}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button loading={create.isPending} onClick={() => void start()}>
          Start count
        </Button>
      </Group>
    </Stack>
  );
}
