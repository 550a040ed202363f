import type { ReactNode } from 'react';
import { Text, Timeline } from '@mantine/core';
import { formatStoreDateTime, type EntityEvent } from '@ipos/contracts';

/** Plain words for an audit action: a sentence, or one built from the event (its before/after). */
export type TimelineLabel = string | ((event: EntityEvent) => string);

export interface DocumentTimelineProps {
  events: readonly EntityEvent[];
  /** The document's actions in plain words ('purchase_order.received' → 'Goods received'). */
  labels: Readonly<Record<string, TimelineLabel>>;
  /** The store's IANA zone: times are on its clock. */
  timeZone: string | undefined;
  /** A line under the title for an event (a reason, a reference); none by default. */
  detail?: (event: EntityEvent) => ReactNode;
  /** Said when nothing is recorded yet. */
  emptyText?: string;
  'aria-label'?: string;
}

/** An action the caller did not name, from its code: 'invoice.payment_recorded' → 'Payment recorded'. */
export function actionFallback(action: string): string {
  const last = action.split('.').at(-1) ?? action;
  const words = last.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
}

export function labelOf(event: EntityEvent, labels: Readonly<Record<string, TimelineLabel>>): string {
  const label = labels[event.action];
  if (typeof label === 'function') return label(event);
  return label ?? actionFallback(event.action);
}

/**
 * A document's history (a purchase order, an invoice, a waste record), oldest first: what happened
 * in plain words, who did it and when on the store's clock. The audit trail is the source
 * (`entityEventsSchema`), so what is shown is what was recorded.
 */
export function DocumentTimeline({
  events,
  labels,
  timeZone,
  detail,
  emptyText = 'Nothing recorded yet.',
  'aria-label': ariaLabel = 'History',
}: DocumentTimelineProps) {
  if (events.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  return (
    <Timeline
      bulletSize={14}
      lineWidth={2}
      active={events.length - 1}
      aria-label={ariaLabel}
      data-testid="document-timeline"
    >
      {events.map((event) => {
        const more = detail?.(event);
        return (
          <Timeline.Item key={event.id} title={labelOf(event, labels)} data-action={event.action}>
            <Text size="xs" c="dimmed">
              <time dateTime={event.occurredAt}>{formatStoreDateTime(event.occurredAt, timeZone)}</time>
              {' · '}
              {event.actor ? event.actor.name : 'iPos'}
            </Text>
            {more ? (
              <Text size="sm" component="div">
                {more}
              </Text>
            ) : null}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
