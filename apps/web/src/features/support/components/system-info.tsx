import { Button, Group, Stack, Table } from '@mantine/core';
import { toast } from '../../../components/toast';

export interface SystemInfoRow {
  label: string;
  value: string;
}

/** The system information as plain text, one "label: value" a line, for a message or a phone call. */
export const systemInfoText = (rows: SystemInfoRow[]) => rows.map((r) => `${r.label}: ${r.value}`).join('\n');

/** What support asks first (version, business, store, browser), shown as sent, with a Copy button. */
export function SystemInfo({ rows }: { rows: SystemInfoRow[] }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(systemInfoText(rows));
      toast.show({ type: 'success', message: 'System information copied.' });
    } catch {
      toast.show({
        type: 'error',
        title: 'Could not copy',
        message: 'This browser did not allow it: select the table and copy it instead.',
      });
    }
  };
  return (
    <Stack gap="sm">
      <Table verticalSpacing={6} aria-label="System information" withRowBorders={false}>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" w={140} fw={500} c="dimmed">
                {row.label}
              </Table.Th>
              <Table.Td style={{ wordBreak: 'break-word' }}>{row.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button variant="default" onClick={() => void copy()}>
          Copy system information
        </Button>
      </Group>
    </Stack>
  );
}
