import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, stubApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { draftOf, invoiceOf, summaryOf } from '../test/invoice-fixtures';
import { InvoiceList } from './invoice-list';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const totals = { outstandingMinor: 400_000, outstandingCount: 2, overdueMinor: 150_000, overdueCount: 1 };
const page = (items: ReturnType<typeof summaryOf>[], t = totals, total = items.length) =>
  jsonResponse({ items, total, page: 1, pageSize: 25, totals: t });

function renderList(routes: Parameters<typeof stubApi>[0], canManage = true, url = '/dashboard/invoice') {
  const calls = stubApi({
    // The customer filter's search.
    'GET /api/v1/contacts?kind=customer&archived=false&pageSize=20': () =>
      jsonResponse({ items: [], total: 0, page: 1, pageSize: 20 }),
    ...routes,
  });
  const utils = renderRoutes(
    [
      { path: '/dashboard/invoice', element: <InvoiceList currency="NGN" canManage={canManage} /> },
      { path: '/dashboard/invoice/view/:id', element: <p>invoice page</p> },
      { path: '/dashboard/invoice/create', element: <p>new invoice page</p> },
    ],
    { initialEntries: [url] },
  );
  return { calls, ...utils, user: userEvent.setup() };
}

describe('<InvoiceList>', () => {
  it('shows what is outstanding and overdue, a balance per invoice, and overdue rows stand out', async () => {
    const overdue = invoiceOf({
      id: '0190a6a0-0000-7000-8000-00000000e002',
      number: 'LEK-INV000041',
      state: 'overdue',
      dueDate: '2026-11-01',
      paidMinor: 100_000,
      balanceMinor: 150_000,
    });
    renderList({ 'GET /api/v1/invoices?page=1&pageSize=25': () => page([summaryOf(invoiceOf()), summaryOf(overdue)]) });
    const rows = await screen.findAllByTestId('invoice-row');
    expect(screen.getByTestId('totals-outstanding')).toHaveTextContent('₦4,000.00');
    expect(screen.getByTestId('totals-overdue')).toHaveTextContent('₦1,500.00');
    expect(screen.getByText('Overdue · 1')).toBeInTheDocument();
    expect(rows).toHaveLength(2);
    expect(rows[0]).not.toHaveAttribute('data-overdue');
    expect(rows[1]).toHaveAttribute('data-overdue', 'true');
    // A pale red the row's number link (brand green) reads on at AA; red 1 was 4.4:1.
    expect(rows[1]!.getAttribute('style')).toContain('var(--mantine-color-red-0)');
    expect(within(rows[1]!).getByTestId('invoice-state')).toHaveTextContent('Overdue');
    expect(rows[1]).toHaveTextContent('₦1,500.00');
  });

  it('reads its filters from the URL, searches a number as typed, and opens a row with Enter', async () => {
    const draft = draftOf();
    const { calls, router, user } = renderList(
      {
        'GET /api/v1/invoices?state=draft&page=1&pageSize=25': () => page([summaryOf(draft)]),
        'GET /api/v1/invoices?state=draft&number=42&page=1&pageSize=25': () => page([]),
      },
      true,
      '/dashboard/invoice?state=draft',
    );
    const row = await screen.findByRole('row', { name: /Invoice draft for Ada Obi/ });
    expect(within(row).getByTestId('invoice-state')).toHaveTextContent('Draft');
    await user.type(screen.getByLabelText('Number'), '42{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?state=draft&number=42'));
    expect(await screen.findByText('No invoice matches these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls.map((c) => c.key)).toContain('GET /api/v1/invoices?state=draft&number=42&page=1&pageSize=25');
    void router.navigate('/dashboard/invoice?state=draft');
    const again = await screen.findByRole('row', { name: /Invoice draft for Ada Obi/ });
    again.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('invoice page')).toBeInTheDocument();
  });

  it('invites the first invoice when there is none, only for invoices.manage', async () => {
    const empty = { outstandingMinor: 0, outstandingCount: 0, overdueMinor: 0, overdueCount: 0 };
    renderList({ 'GET /api/v1/invoices?page=1&pageSize=25': () => page([], empty) });
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New invoice' })).toHaveAttribute('href', '/dashboard/invoice/create');
  });

  it('without invoices.manage the empty list offers nothing to create', async () => {
    const empty = { outstandingMinor: 0, outstandingCount: 0, overdueMinor: 0, overdueCount: 0 };
    renderList({ 'GET /api/v1/invoices?page=1&pageSize=25': () => page([], empty) }, false);
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New invoice' })).not.toBeInTheDocument();
  });
});
