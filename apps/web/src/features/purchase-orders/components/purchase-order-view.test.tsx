import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EntityEvent, PurchaseOrder } from '@ipos/contracts';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { renderInRouter } from '../../../test/render';
import { MANAGER, ORDER_ID, orderOf, partlyReceived, VENDOR_ID } from './po-fixtures';
import { PurchaseOrderView } from './purchase-order-view';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const GET = `GET /api/v1/purchase-orders/${ORDER_ID}`;
const EVENTS = `GET /api/v1/purchase-orders/${ORDER_ID}/events`;
const ALL = ['purchase-orders.view', 'purchase-orders.manage', 'purchase-orders.receive'];

const events: EntityEvent[] = [
  {
    id: '0190a6a0-0000-7000-8000-0000000ee001',
    occurredAt: '2026-03-07T09:00:00.000Z',
    action: 'purchase_order.created',
    actor: MANAGER,
    before: null,
    after: { number: 'LEK-PO000007' },
  },
  {
    id: '0190a6a0-0000-7000-8000-0000000ee002',
    occurredAt: '2026-03-08T11:15:00.000Z',
    action: 'purchase_order.received',
    actor: MANAGER,
    before: null,
    after: { reference: 'DN-42' },
  },
];

function show(order: PurchaseOrder | null, permissions: readonly string[] = ALL) {
  const calls = stubApi({
    [GET]: () => (order ? jsonResponse(order) : problemResponse(404, 'NOT_FOUND', 'No such purchase order')),
    [EVENTS]: () => jsonResponse({ items: events }),
  });
  renderInRouter(
    <PurchaseOrderView orderId={ORDER_ID} currency="NGN" timeZone="Africa/Lagos" permissions={permissions} />,
  );
  return calls;
}

/** The buttons of the action bar, and those of the "More" menu once opened. */
async function offered() {
  const bar = await screen.findByTestId('po-actions');
  const buttons = within(bar)
    .getAllByRole('button')
    .map((b) => b.textContent ?? '')
    .filter((t) => t !== 'More');
  await userEvent.click(within(bar).getByRole('button', { name: 'More' }));
  const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent ?? '');
  const links = within(bar)
    .queryAllByRole('link')
    .map((l) => l.textContent ?? '');
  return [...buttons, ...links, ...items].sort();
}

describe('PurchaseOrderView', () => {
  it('shows the header, every line’s ordered, received, returned and outstanding, and the history', async () => {
    show(partlyReceived());
    expect(await screen.findByRole('heading', { name: 'LEK-PO000007' })).toBeInTheDocument();
    expect(screen.getByTestId('po-status')).toHaveTextContent('Open');
    expect(within(screen.getByTestId('po-vendor')).getByRole('link', { name: 'Dangote Foods' })).toHaveAttribute(
      'href',
      `/dashboard/contact/vendor/${VENDOR_ID}`,
    );
    const [milk, rice] = screen.getAllByTestId('po-line');
    const cell = (row: HTMLElement, col: string) => row.querySelector(`[data-col="${col}"]`)?.textContent;
    expect([
      cell(milk!, 'ordered'),
      cell(milk!, 'received'),
      cell(milk!, 'returned'),
      cell(milk!, 'outstanding'),
    ]).toEqual(['10', '4', '0', '6']);
    expect(cell(rice!, 'received')).toBe('2.5 kg');
    expect(cell(rice!, 'outstanding')).toBe('0 kg');
    const history = await screen.findByTestId('document-timeline');
    expect(within(history).getByText('Order created')).toBeInTheDocument();
    expect(within(history).getByText('Goods received')).toBeInTheDocument();
    expect(within(history).getByText('DN-42')).toBeInTheDocument();
  });

  it('offers only what the state machine allows for each status', async () => {
    const cases: [PurchaseOrder, string[]][] = [
      [orderOf(), ['Cancel order…', 'Download PDF', 'Edit', 'Print', 'Receive', 'Send to vendor']],
      [partlyReceived(), ['Close short…', 'Download PDF', 'Print', 'Receive', 'Return to vendor', 'Send to vendor']],
      [partlyReceived({ status: 2 }), ['Download PDF', 'Print', 'Return to vendor']],
      [partlyReceived({ status: 4 }), ['Download PDF', 'Print', 'Return to vendor']],
      [orderOf({ status: 1 }), ['Download PDF', 'Print']],
      [orderOf({ status: 3 }), ['Download PDF', 'Print']],
    ];
    for (const [order, expected] of cases) {
      show(order);
      expect(await offered(), `status ${order.status}`).toEqual(expected);
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('hides what the role cannot do: receiving only with .receive, the rest with .manage', async () => {
    show(partlyReceived(), ['purchase-orders.view', 'purchase-orders.receive']);
    expect(await offered()).toEqual(['Download PDF', 'Print', 'Receive']);
    cleanup();
    vi.unstubAllGlobals();
    show(orderOf(), ['purchase-orders.view']);
    expect(await offered()).toEqual(['Download PDF', 'Print']);
  });

  it('says plainly when the order does not exist in this store', async () => {
    show(null);
    expect(await screen.findByRole('heading', { name: 'Purchase order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to purchase orders' })).toBeInTheDocument();
  });

  it('closes short with a reason and the version read, and shows the refusal in plain words', async () => {
    const calls = show(partlyReceived({ version: 3 }));
    await userEvent.click(await screen.findByRole('button', { name: 'More' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Close short…' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close short' }));
    expect(within(dialog).getByText('Say why it closes short')).toBeInTheDocument();
    stubApi({
      [`POST /api/v1/purchase-orders/${ORDER_ID}/close`]: () =>
        problemResponse(409, 'PO_TRANSITION_FORBIDDEN', 'A closed purchase order cannot be closed'),
    });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Vendor out of milk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close short' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A closed purchase order cannot be closed');
    const fetchMock = vi.mocked(globalThis.fetch);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ version: 3, reason: 'Vendor out of milk' });
    expect(calls.length).toBeGreaterThan(0);
  });
});

describe('PurchaseOrderView on a phone', () => {
  // jsdom has no layout: the lines' box is 300 px wide and each header cell 100 px (the details
  // column 40 px), so only the product and its amount fit beside the details buttons.
  beforeEach(() => {
    const inLinesBox = (el: HTMLElement) => el.querySelector('table[aria-label="Order lines"]') !== null;
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return inLinesBox(this) ? 300 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      if (!inLinesBox(this)) return 0;
      const cells = [...this.querySelectorAll('table thead th')];
      return cells.reduce((sum, th) => sum + (th.textContent === 'Details' ? 40 : 100), 0);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps each line’s product and amount; its quantities are in the line’s details', async () => {
    show(partlyReceived());
    const table = await screen.findByRole('table', { name: 'Order lines' });
    const headings = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headings).toEqual(['Product', 'Amount', 'Details']);
    const [first] = within(table).getAllByRole('button', { name: /^Details: / });
    await userEvent.click(first!);
    const details = table.querySelector('dl')!;
    expect(within(details).getByText('Outstanding').nextElementSibling).toHaveTextContent('6');
  });
});
