import { useStoreTimeZone } from '../../../lib/active-store';
import { formatDateTime, formatTime } from '../../../lib/format';
import { createPortal } from 'react-dom';
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { paymentMethodLabels, paymentMethods, type CurrencyCode, type RegisterSession } from '@ipos/contracts';
import { Money } from '../../../components/money/money';
import classes from './checkout.module.css';

/**
 * The close report of a register session: printable (A4 or 80 mm), the app's chrome hidden on paper.
 * Its times are on the store's clock, like the till's.
 */
export function CloseReport({
  session,
  currency,
  onDone,
}: {
  session: RegisterSession;
  currency: CurrencyCode;
  onDone: () => void;
}) {
  return (
    <Stack gap="md" maw={720}>
      <Group justify="space-between" className={classes.noPrint}>
        <Title order={1}>Register closed</Title>
        <Group>
          <Button variant="default" onClick={() => window.print()}>
            Print
          </Button>
          <Button onClick={onDone}>Done</Button>
        </Group>
      </Group>
      <Card withBorder padding="lg" radius="md" data-testid="close-report">
        <ReportBody session={session} currency={currency} />
      </Card>
      {/* The paper copy: a direct child of <body>, the only thing printed while the report shows. */}
      {createPortal(
        <div className={classes.reportPrint} data-testid="close-report-print">
          <ReportBody session={session} currency={currency} />
        </div>,
        document.body,
      )}
    </Stack>
  );
}

function ReportBody({ session, currency }: { session: RegisterSession; currency: CurrencyCode }) {
  const timeZone = useStoreTimeZone();
  const s = session.summary;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timeZone) : '—');
  const m = (minor: number | null) => (minor === null ? '—' : <Money amountMinor={minor} currency={currency} />);
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Close report · {session.registerName}
      </Title>
      <Text size="sm">
        Opened {when(session.openedAt)} by {session.openedBy.name} · closed {when(session.closedAt)}
        {session.closedBy ? ` by ${session.closedBy.name}` : ''}
      </Text>
      <Table>
        <Table.Tbody>
          <Row label="Opening float" value={m(session.openingFloatMinor)} />
          <Row label={`Sales (${s.salesCount})`} value={m(s.salesTotalMinor)} />
          {paymentMethods.map((method) => (
            <Row key={method} label={`  ${paymentMethodLabels[method]}`} value={m(s.byMethod[method])} indent />
          ))}
          <Row label="Refunds" value={m(s.refundsTotalMinor)} />
          <Row label="  Paid in cash" value={m(s.cashRefundsMinor)} indent />
          <Row label="Cash in" value={m(s.cashInMinor)} />
          <Row label="Cash out" value={m(s.cashOutMinor)} />
        </Table.Tbody>
      </Table>
      {session.cashMovements.length > 0 && (
        <Table aria-label="Cash movements">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>Movement</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {session.cashMovements.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{formatTime(c.occurredAt, timeZone)}</Table.Td>
                <Table.Td>{c.kind === 'cash_in' ? 'Cash in' : 'Cash out'}</Table.Td>
                <Table.Td>
                  {c.reason}
                  {c.by ? ` (${c.by.name})` : ''}
                </Table.Td>
                <Table.Td ta="right">{m(c.amountMinor)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <SimpleGrid cols={3}>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={600}>
            EXPECTED CASH
          </Text>
          <Text fw={700}>{m(s.expectedCashMinor)}</Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={600}>
            COUNTED CASH
          </Text>
          <Text fw={700}>{m(s.countedCashMinor)}</Text>
        </Stack>
        <Stack gap={0} data-testid="close-variance">
          <Text size="xs" c="dimmed" fw={600}>
            VARIANCE
          </Text>
          <Text fw={700} c={s.varianceMinor ? (s.varianceMinor < 0 ? 'red' : 'teal') : undefined}>
            {s.varianceMinor !== null && s.varianceMinor > 0 ? '+' : ''}
            {m(s.varianceMinor)}
          </Text>
        </Stack>
      </SimpleGrid>
      {session.closingNote && <Text size="sm">Note: {session.closingNote}</Text>}
    </Stack>
  );
}

function Row({ label, value, indent }: { label: string; value: React.ReactNode; indent?: boolean }) {
  return (
    <Table.Tr>
      <Table.Td pl={indent ? 'xl' : undefined} c={indent ? 'dimmed' : undefined}>
        {label.trim()}
      </Table.Td>
      <Table.Td ta="right">{value}</Table.Td>
    </Table.Tr>
  );
}
