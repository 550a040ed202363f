import { Fragment, useState } from 'react';
import { Button, Card, Code, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import {
  auditSectionLabel,
  auditSections,
  formatStoreDateTime,
  listAuditEventsQuerySchema,
  type AuditEvent,
  type AuditSection,
} from '@ipos/contracts';
import { EmptyState } from '../../../components/feedback/empty-state';
import { LoadError, LoadingCard } from '../../../components/feedback/load-states';
import { showApiError } from '../../../components/toast';
import { useSetUrlQuery, useUrlTextFilter } from '../../../lib/url-query';
import { downloadAuditCsv, useAuditPeople, useAuditTrail, type AuditFilter } from '../api/audit-trail';

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

/** "address: 12 Admiralty Way → 14 Admiralty Way", one line per field the event touched. */
function Changes({ event }: { event: AuditEvent }) {
  const keys = [...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})])];
  if (keys.length === 0) return <Text size="sm">No field values were recorded for this event.</Text>;
  const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));
  return (
    <Table withRowBorders={false} verticalSpacing={2} data-testid="audit-changes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keys.map((key) => (
          <Table.Tr key={key}>
            <Table.Td>{key}</Table.Td>
            <Table.Td>
              <Code>{show(event.before?.[key])}</Code>
            </Table.Td>
            <Table.Td>
              <Code>{show(event.after?.[key])}</Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * `settings/audit-trail`: every audit event of the business, newest first — by days, person, action
 * (or its beginning, `sale.`), section and record, all kept in the URL — each opening onto what it
 * changed; "Load more" reads the next keyset page; Export CSV writes the whole filtered set.
 */
export function AuditTrail({ timeZone, today }: { timeZone: string; today: string }) {
  const [params] = useSearchParams();
  const setQuery = useSetUrlQuery();
  const filter = readAuditFilter(params);
  const trail = useAuditTrail(filter);
  const people = useAuditPeople();
  const [open, setOpen] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const action = useUrlTextFilter(filter.action, (value, typing) => setQuery({ action: value }, typing));
  const record = useUrlTextFilter(filter.recordId, (value, typing) => setQuery({ record: value }, typing));
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
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <TextInput
          label="From"
          type="date"
          value={filter.from ?? ''}
          max={today}
          onChange={(e) => setQuery({ from: e.currentTarget.value || null })}
        />
        <TextInput
          label="To"
          type="date"
          value={filter.to ?? ''}
          max={today}
          onChange={(e) => setQuery({ to: e.currentTarget.value || null })}
        />
        <Select
          label="Person"
          placeholder="Everyone"
          clearable
          searchable
          data={(people.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
          value={filter.actorId ?? null}
          onChange={(value) => setQuery({ person: value })}
        />
        <Select
          label="Section"
          placeholder="All sections"
          clearable
          data={(Object.keys(auditSections) as AuditSection[]).map((s) => ({ value: s, label: auditSections[s] }))}
          value={filter.section ?? null}
          onChange={(value) => setQuery({ section: value })}
        />
        <TextInput label="Action" placeholder="sale.voided, or sale. for all" {...action.inputProps} />
        <TextInput label="Record id" placeholder="The id of a sale, a product…" {...record.inputProps} />
      </SimpleGrid>

      {trail.isError && events.length === 0 ? (
        <LoadError
          title="The audit trail could not be read"
          error={trail.error}
          onRetry={() => void trail.refetch()}
          isRetrying={trail.isFetching}
        />
      ) : !trail.data ? (
        <LoadingCard label="Loading the audit trail" />
      ) : events.length === 0 ? (
        <EmptyState title="No events">Nothing matches these filters; widen the days or clear a filter.</EmptyState>
      ) : (
        <Card withBorder padding={0} radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover data-testid="audit-table">
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
                  <Fragment key={event.id}>
                    <Table.Tr data-testid="audit-event">
                      <Table.Td>{formatStoreDateTime(event.occurredAt, timeZone)}</Table.Td>
                      <Table.Td>{event.actor?.name ?? 'System'}</Table.Td>
                      <Table.Td>
                        <Code>{event.action}</Code>
                      </Table.Td>
                      <Table.Td>{auditSectionLabel(event.section)}</Table.Td>
                      <Table.Td>{event.store?.name ?? '—'}</Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          aria-expanded={open === event.id}
                          aria-label={`${open === event.id ? 'Hide' : 'Show'} the changes of ${event.action}`}
                          onClick={() => setOpen(open === event.id ? null : event.id)}
                        >
                          {open === event.id ? 'Hide' : 'Changes'}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                    {open === event.id ? (
                      <Table.Tr>
                        <Table.Td colSpan={6}>
                          <Stack gap={4}>
                            <Text size="xs" c="dimmed">
                              Record {event.recordId}
                              {event.requestId ? ` · request ${event.requestId}` : ''}
                              {event.ip ? ` · from ${event.ip}` : ''}
                            </Text>
                            <Changes event={event} />
                          </Stack>
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
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
