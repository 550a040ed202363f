import { Card, Stack, Text, Timeline, Title } from '@mantine/core';
import { formatStoreDateTime, type SaleEvent } from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import type { useSaleEvents } from '../api/transactions';

const actionWords: Record<string, string> = {
  'sale.completed': 'Sale completed',
  'sale.created': 'Sale completed',
  'sale.refunded': 'Refunded',
  'refund.created': 'Refunded',
  'sale.voided': 'Voided',
  'sale.receipt_emailed': 'Receipt emailed',
  'receipt.emailed': 'Receipt emailed',
};

/** An audit action in words: known ones by name, others from their code ("sale.note_added" → "Note added"). */
export function actionInWords(action: string): string {
  const known = actionWords[action];
  if (known) return known;
  const last = action.split('.').at(-1) ?? action;
  const words = last.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
}

function eventDetail(event: SaleEvent): string | null {
  const after = event.after ?? {};
  const parts: string[] = [];
  for (const key of ['number', 'reason', 'to', 'email']) {
    const value = after[key];
    if (typeof value === 'string' && value) parts.push(value);
  }
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The sale's audit trail, oldest first. */
export function SaleHistory({ events, timeZone }: { events: ReturnType<typeof useSaleEvents>; timeZone: string }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="trail-title">
      <Title order={2} size="h4" id="trail-title">
        History
      </Title>
      <Card withBorder padding="md" radius="md">
        <WhenLoaded query={events} loadingLabel="Loading the history" errorTitle="We could not load the history">
          {({ items }) =>
            items.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing recorded.
              </Text>
            ) : (
              <Timeline bulletSize={14} lineWidth={2} active={items.length - 1} data-testid="sale-history">
                {items.map((event) => (
                  <Timeline.Item key={event.id} title={actionInWords(event.action)}>
                    <Text size="xs" c="dimmed">
                      {formatStoreDateTime(event.occurredAt, timeZone)}
                      {event.actor ? ` · ${event.actor.name}` : ''}
                    </Text>
                    {eventDetail(event) ? <Text size="sm">{eventDetail(event)}</Text> : null}
                  </Timeline.Item>
                ))}
              </Timeline>
            )
          }
        </WhenLoaded>
      </Card>
    </Stack>
  );
}
