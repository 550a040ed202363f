import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { EntityEvent } from '@ipos/contracts';
import { renderWithProviders } from '../../test/render';
import { actionFallback, DocumentTimeline } from './document-timeline';

const MANAGER = { id: '0190a6a0-0000-7000-8000-000000000101', name: 'Mary Manager' };

function eventOf(overrides: Partial<EntityEvent>): EntityEvent {
  return {
    id: crypto.randomUUID(),
    occurredAt: '2026-03-07T17:05:00.000Z',
    action: 'purchase_order.created',
    actor: MANAGER,
    before: null,
    after: null,
    ...overrides,
  };
}

describe('DocumentTimeline', () => {
  it('names each event in the caller’s words, with who and when on the store’s clock', () => {
    renderWithProviders(
      <DocumentTimeline
        timeZone="Africa/Lagos"
        labels={{
          'purchase_order.created': 'Order created',
          'purchase_order.received': (e) => `Received ${String(e.after?.reference ?? '')}`.trim(),
        }}
        detail={(e) => (typeof e.after?.note === 'string' ? e.after.note : null)}
        events={[
          eventOf({}),
          eventOf({
            action: 'purchase_order.received',
            occurredAt: '2026-03-08T08:30:00.000Z',
            after: { reference: 'DN-42', note: 'Two cartons dented' },
            actor: null,
          }),
        ]}
      />,
    );
    const items = within(screen.getByTestId('document-timeline')).getAllByText(/Order created|Received/);
    expect(items.map((i) => i.textContent)).toEqual(['Order created', 'Received DN-42']);
    // 17:05 UTC is 18:05 in Lagos (UTC+1); an event without an actor was iPos itself.
    expect(screen.getByText('7 Mar 2026, 18:05').parentElement?.textContent).toContain('Mary Manager');
    expect(screen.getByText('8 Mar 2026, 09:30').parentElement?.textContent).toContain('iPos');
    expect(screen.getByText('Two cartons dented')).toBeInTheDocument();
  });

  it('words an action nobody named from its code, and says when nothing is recorded', () => {
    expect(actionFallback('invoice.payment_recorded')).toBe('Payment recorded');
    const { unmount } = renderWithProviders(
      <DocumentTimeline timeZone="Africa/Lagos" labels={{}} events={[eventOf({ action: 'purchase_order.sent' })]} />,
    );
    expect(screen.getByText('Sent')).toBeInTheDocument();
    unmount();
    renderWithProviders(<DocumentTimeline timeZone="Africa/Lagos" labels={{}} events={[]} emptyText="No history." />);
    expect(screen.getByText('No history.')).toBeInTheDocument();
    expect(screen.queryByTestId('document-timeline')).toBeNull();
  });
});
