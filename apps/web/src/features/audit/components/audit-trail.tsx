import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { formatStoreDateTime, listAuditEventsQuerySchema } from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ListState } from '../../../components/feedback/list-state';
import { ResponsiveTable } from '../../../components/table/responsive-table';
import { showApiError } from '../../../components/toast';
import { downloadAuditCsv, useAuditTrail, type AuditFilter } from '../api/audit-trail';
import { AuditChangesRow, auditColumns } from './audit-columns';
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
          <ResponsiveTable
            label="Audit trail"
            columns={auditColumns(
              timeZone,
              (event) => open === event.id,
              (event) => setOpen(open === event.id ? null : event.id),
            )}
            rows={events}
            rowKey={(event) => event.id}
            rowLabel={(event) => `${event.action}, ${formatStoreDateTime(event.occurredAt, timeZone)}`}
            rowProps={() => ({ 'data-testid': 'audit-event' })}
            after={(event, colSpan) => (open === event.id ? <AuditChangesRow event={event} colSpan={colSpan} /> : null)}
            refreshing={trail.isPlaceholderData}
          />
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
