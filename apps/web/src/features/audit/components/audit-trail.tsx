import { useState } from 'react';
import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { listAuditEventsQuerySchema } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState, ListTable } from '../../../components/feedback/list-state';
import { showApiError } from '../../../components/toast';
import { downloadAuditCsv, useAuditTrail, type AuditFilter } from '../api/audit-trail';
import { AuditEventRow } from './audit-event-row';
import { AuditFilters } from './audit-filters';

/** The URL's filters, kept only when the contract accepts them (a hand-edited URL never breaks the screen). */
export function readAuditFilter(params: URLSearchParams): AuditFilter {
  const raw = {
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    actorId: params.get('person') || undefined,
    action: params.get('action') || undefined,
    section: params.get('section') || undefined,
    recordId: params.get('record') || undefined,
  };
  const parsed = listAuditEventsQuerySchema.safeParse(raw);
  if (parsed.success) {
    const { limit: _limit, cursor: _cursor, ...filter } = parsed.data;
    return filter;
  }
  return {};
}

/**
 * `settings/audit-trail`: every audit event of the business, newest first — by days, person, action
 * (or its beginning, `sale.`), section and record, all kept in the URL — each opening onto what it
 * changed; "Load more" reads the next keyset page; Export CSV writes the whole filtered set.
 */
export function AuditTrail({ timeZone, today }: { timeZone: string; today: string }) {
  const [params] = useSearchParams();
  const filter = readAuditFilter(params);
  const trail = useAuditTrail(filter);
  const [open, setOpen] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const events = trail.data?.pages.flatMap((p) => p.items) ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(filter, today);
    } catch (error) {
      showApiError(error, 'Could not export the audit trail');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Audit trail</Title>
          <Text c="dimmed">Every change in the business: who, when, what it was and what it became.</Text>
        </Stack>
        <Button variant="default" loading={exporting} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      </Group>
      <AuditFilters filter={filter} today={today} />

      <Card withBorder padding={0} radius="md">
        <ListState
          query={trail}
          count={events.length}
          loadingLabel="Loading the audit trail"
          errorTitle="The audit trail could not be read"
          empty={
            <EmptyState title="No events">Nothing matches these filters; widen the days or clear a filter.</EmptyState>
          }
        >
          <ListTable label="Audit trail" minWidth={760} refreshing={trail.isPlaceholderData}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Person</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Section</Table.Th>
                <Table.Th>Store</Table.Th>
                <Table.Th aria-label="Changes" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event) => (
                <AuditEventRow
                  key={event.id}
                  event={event}
                  timeZone={timeZone}
                  open={open === event.id}
                  onToggle={() => setOpen(open === event.id ? null : event.id)}
                />
              ))}
            </Table.Tbody>
          </ListTable>
        </ListState>
      </Card>
      {trail.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" loading={trail.isFetchingNextPage} onClick={() => void trail.fetchNextPage()}>
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
