import { Button, Code, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { auditSectionLabel, formatStoreDateTime, type AuditEvent } from '@ipos/contracts';
import type { TableColumn } from '../../../components/table/responsive-table';

/** Recorded values are JSON (ids, long strings): they may break anywhere rather than widen the page. */
const anywhere = { overflowWrap: 'anywhere' } as const;

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
              <Code style={anywhere}>{show(event.before?.[key])}</Code>
            </Table.Td>
            <Table.Td>
              <Code style={anywhere}>{show(event.after?.[key])}</Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * An event's columns: when, and its "Changes" button, always show; the action, person, section and
 * store follow while the table fits, else they are in the row's details.
 */
export function auditColumns(
  timeZone: string,
  isOpen: (event: AuditEvent) => boolean,
  onToggle: (event: AuditEvent) => void,
): TableColumn<AuditEvent>[] {
  return [
    {
      key: 'when',
      label: 'When',
      priority: 0,
      minWidth: 112,
      cell: (event) => formatStoreDateTime(event.occurredAt, timeZone),
    },
    { key: 'person', label: 'Person', priority: 2, minWidth: 112, cell: (event) => event.actor?.name ?? 'System' },
    { key: 'action', label: 'Action', kind: 'code', priority: 1, cell: (event) => <Code>{event.action}</Code> },
    { key: 'section', label: 'Section', priority: 3, minWidth: 96, cell: (event) => auditSectionLabel(event.section) },
    { key: 'store', label: 'Store', priority: 4, minWidth: 96, cell: (event) => event.store?.name ?? '—' },
    {
      key: 'changes',
      label: 'Changes',
      header: <VisuallyHidden>Changes</VisuallyHidden>,
      kind: 'other',
      priority: 0,
      tdProps: () => ({ ta: 'right' }),
      cell: (event) => {
        const open = isOpen(event);
        return (
          <Button
            size="compact-xs"
            variant="subtle"
            aria-expanded={open}
            aria-label={`${open ? 'Hide' : 'Show'} the changes of ${event.action}`}
            onClick={() => onToggle(event)}
          >
            {open ? 'Hide' : 'Changes'}
          </Button>
        );
      },
    },
  ];
}

/** An opened event: the record, request and address, and what it changed, under its row. */
export function AuditChangesRow({ event, colSpan }: { event: AuditEvent; colSpan: number }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Stack gap={4}>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Record {event.recordId}
            {event.requestId ? ` · request ${event.requestId}` : ''}
            {event.ip ? ` · from ${event.ip}` : ''}
          </Text>
          <Changes event={event} />
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
