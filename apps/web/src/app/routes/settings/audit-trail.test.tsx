import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEvent, ActiveStore } from '@ipos/contracts';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { LEKKI_ID, reportingStore } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { AuditTrailRoute } from './audit-trail';

const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/download', () => ({ saveBlob }));

afterEach(() => {
  vi.unstubAllGlobals();
  saveBlob.mockReset();
  localStorage.clear();
});

const admin: ActiveStore = { ...reportingStore, permissions: ['dashboard.view', 'settings.audit'] };
const CHIDI = '0190a6a0-0000-7000-8000-000000000001';
const eventOf = (n: number, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id: `0190a6a0-0000-7000-8000-${String(n).padStart(12, '0')}`,
  occurredAt: `2026-11-21T1${n % 10}:00:00.000Z`,
  action: 'store.updated',
  section: 'store',
  recordId: LEKKI_ID,
  store: { id: LEKKI_ID, name: 'Lekki' },
  actor: { id: CHIDI, name: 'Chidi Manager' },
  before: { address: '12 Admiralty Way' },
  after: { address: '14 Admiralty Way' },
  requestId: 'req-1',
  ip: '10.0.0.1',
  ...overrides,
});
const PEOPLE = 'GET /api/v1/audit-events/people';

function show(entry = '/dashboard/settings/audit-trail') {
  localStorage.setItem('store-id', LEKKI_ID);
  renderRoutes([{ path: '/dashboard/settings/audit-trail', element: <AuditTrailRoute /> }], {
    initialEntries: [entry],
  });
  return userEvent.setup();
}

describe('audit trail', () => {
  it('lists the events with their changes, loads more pages, and filters through the URL', async () => {
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      [PEOPLE]: () => jsonResponse({ items: [{ id: CHIDI, name: 'Chidi Manager' }] }),
      'GET /api/v1/audit-events?limit=50': () => jsonResponse({ items: [eventOf(2)], nextCursor: 'next-1' }),
      'GET /api/v1/audit-events?limit=50&cursor=next-1': () =>
        jsonResponse({ items: [eventOf(1, { action: 'sale.voided', section: 'sale' })], nextCursor: null }),
      'GET /api/v1/audit-events?section=sale&limit=50': () =>
        jsonResponse({ items: [eventOf(1, { action: 'sale.voided', section: 'sale' })], nextCursor: null }),
    });
    const user = show();
    const rows = await screen.findAllByTestId('audit-event');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Chidi Manager');
    expect(rows[0]).toHaveTextContent('store.updated');
    expect(rows[0]).toHaveTextContent('Stores');

    await user.click(screen.getByRole('button', { name: 'Show the changes of store.updated' }));
    const changes = screen.getByTestId('audit-changes');
    expect(within(changes).getByText('"12 Admiralty Way"')).toBeInTheDocument();
    expect(within(changes).getByText('"14 Admiralty Way"')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-event')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Section' }));
    await user.click(await screen.findByRole('option', { name: 'Sales and refunds', hidden: true }));
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('GET /api/v1/audit-events?section=sale&limit=50'));
  });

  it('exports the filtered set as CSV, and says when there is nothing or it fails', async () => {
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      [PEOPLE]: () => jsonResponse({ items: [] }),
      'GET /api/v1/audit-events?action=sale.&limit=50': [
        () => problemResponse(500, 'INTERNAL', 'Something broke'),
        () => jsonResponse({ items: [], nextCursor: null }),
      ],
      'GET /api/v1/audit-events/export?action=sale.': () =>
        new Response('When,Person\r\n', { headers: { 'content-type': 'text/csv' } }),
    });
    const user = show('/dashboard/settings/audit-trail?action=sale.');
    expect(await screen.findByText('The audit trail could not be read')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No events')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Action' })).toHaveValue('sale.');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(saveBlob.mock.calls[0]![1]).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('tells a role without settings.audit, asking nothing else', async () => {
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse({ ...admin, permissions: ['dashboard.view'] }),
    });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: "You don't have access to this page" })).toBeVisible();
    expect(screen.getByTestId('no-access')).toHaveTextContent('Ask an administrator of your business');
    expect(calls.map((c) => c.key)).toEqual(['GET /api/v1/stores/current']);
  });
});
