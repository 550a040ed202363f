import { Button, Code, Stack, Table, Text } from '@mantine/core';
import { auditSectionLabel, formatStoreDateTime, type AuditEvent } from '@ipos/contracts';

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

/** One event: when, who, what and where; opened, the record, request and address, and what it changed. */
export function AuditEventRow({
  event,
  timeZone,
  open,
  onToggle,
}: {
  event: AuditEvent;
  timeZone: string;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <>
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
            aria-expanded={open}
            aria-label={`${open ? 'Hide' : 'Show'} the changes of ${event.action}`}
            onClick={onToggle}
          >
            {open ? 'Hide' : 'Changes'}
          </Button>
        </Table.Td>
      </Table.Tr>
      {open ? (
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
    </>
  );
}
