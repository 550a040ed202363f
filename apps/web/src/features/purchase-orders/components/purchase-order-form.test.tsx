import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReorderSuggestion } from '@ipos/contracts';
import {
  contactOf,
  contactSearch,
  contactsPage,
  rice,
  sellableOf,
  variantSearch,
  variantsPage,
} from '../../../components/pickers/picker-fixtures';
import { jsonResponse, problemResponse, stubApi, type ApiHandler } from '../../../test/api';
import { LEKKI_ID } from '../../../test/fixtures';
import { renderInRouter } from '../../../test/render';
import { ORDER_ID, orderOf, VENDOR_ID } from './po-fixtures';
import { PurchaseOrderForm } from './purchase-order-form';
import { toast } from '../../../components/toast';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const vendor = contactOf({ id: VENDOR_ID });
const CREATE = 'POST /api/v1/purchase-orders';
const SUGGESTIONS = `GET /api/v1/purchase-orders/reorder-suggestions?vendorId=${VENDOR_ID}`;

function render(
  extra: Record<string, ApiHandler | ApiHandler[]> = {},
  props: { order?: ReturnType<typeof orderOf> } = {},
) {
  const calls = stubApi({
    [contactSearch('vendor')]: () => jsonResponse(contactsPage(vendor)),
    [`GET /api/v1/contacts/${VENDOR_ID}`]: () => jsonResponse(vendor),
    [variantSearch('peak')]: () => jsonResponse(variantsPage(sellableOf())),
    ...extra,
  });
  const onSaved = vi.fn();
  renderInRouter(
    <PurchaseOrderForm
      storeId={LEKKI_ID}
      currency="NGN"
      initialVendorId={props.order ? null : VENDOR_ID}
      order={props.order}
      onSaved={onSaved}
    />,
  );
  return { calls, onSaved };
}

async function addMilk() {
  await userEvent.type(screen.getByRole('textbox', { name: 'Add a product' }), 'peak');
  await screen.findByRole('option', { name: /Peak Milk/, hidden: true });
  await userEvent.keyboard('{Enter}');
  return screen.findByRole('textbox', { name: 'Quantity of Peak Milk 400g' });
}

describe('PurchaseOrderForm', () => {
  it('checks the order with the contract before sending: a line, whole units, a cost', async () => {
    const { calls } = render();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Vendor' })).toHaveValue('Dangote Foods'));
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect(screen.getByTestId('no-lines')).toHaveTextContent('Add at least one product');

    const quantity = await addMilk();
    expect(quantity).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: 'Unit cost of Peak Milk 400g' })).toHaveValue('800.00');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2.5');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Unit cost of Peak Milk 400g' }));
    expect(screen.getByText('Whole units only for goods counted by the piece')).toBeInTheDocument();
    expect(screen.getByText('Enter the unit cost')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect(calls.filter((c) => c.key === CREATE)).toHaveLength(0);
  });

  it('creates the order with exact amounts and hands the saved order on', async () => {
    const saved = orderOf();
    const { calls, onSaved } = render({ [CREATE]: () => jsonResponse(saved, 201) });
    const quantity = await addMilk();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '12');
    const cost = screen.getByRole('textbox', { name: 'Unit cost of Peak Milk 400g' });
    await userEvent.clear(cost);
    await userEvent.type(cost, '812.35');
    expect(screen.getByTestId('po-total')).toHaveTextContent('9,748.20');
    await userEvent.type(screen.getByLabelText('Expected on'), '2026-03-10');
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(calls.find((c) => c.key === CREATE)!.body).toEqual({
      vendorId: VENDOR_ID,
      expectedOn: '2026-03-10',
      lines: [{ variantId: sellableOf().variantId, quantity: 12, unitCostMinor: 81_235 }],
    });
  });

  it('adds the order vendor’s low-stock products with their suggested quantities and codes, once', async () => {
    const suggestion: ReorderSuggestion = {
      productId: rice.productId,
      variantId: rice.variantId,
      name: rice.name,
      sku: rice.sku,
      vendorItemCode: 'DF-0042',
      unit: 'kg',
      onHand: 1.5,
      reorderLevel: 5,
      reorderQuantity: null,
      onOrder: 0,
      suggestedQuantity: 8.5,
      unitCostMinor: 120_000,
    };
    const show = vi.spyOn(toast, 'show');
    const { calls } = render({ [SUGGESTIONS]: () => jsonResponse({ items: [suggestion] }) });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Vendor' })).toHaveValue('Dangote Foods'));
    await userEvent.click(screen.getByRole('button', { name: 'Add low-stock products' }));
    expect(await screen.findByRole('textbox', { name: 'Quantity of Rice (loose)' })).toHaveValue('8.5');
    // Asked for this vendor's products only, and says how many came.
    expect(calls.filter((c) => c.key.startsWith('GET /api/v1/purchase-orders/reorder-suggestions'))).toHaveLength(1);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Added 1 low-stock product of this vendor with suggested quantities.' }),
    );
    expect(screen.getByText('RICE-KG · Vendor code DF-0042')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Unit cost of Rice (loose)' })).toHaveValue('1200.00');
    expect(screen.getByTestId('po-total')).toHaveTextContent('10,200.00');
    await userEvent.click(screen.getByRole('button', { name: 'Add low-stock products' }));
    await waitFor(() => expect(screen.getAllByTestId('po-line')).toHaveLength(1));
  });

  it('says when the vendor has no low-stock products', async () => {
    const show = vi.spyOn(toast, 'show');
    render({ [SUGGESTIONS]: () => jsonResponse({ items: [] }) });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Vendor' })).toHaveValue('Dangote Foods'));
    await userEvent.click(screen.getByRole('button', { name: 'Add low-stock products' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        type: 'info',
        message: 'No product with this preferred vendor is at or below its reorder level.',
      }),
    );
    expect(screen.getByTestId('no-lines')).toBeInTheDocument();
  });

  it('puts the API’s field errors on their lines and fields', async () => {
    render({
      [CREATE]: () =>
        problemResponse(400, 'VALIDATION_FAILED', 'Invalid', [
          { field: 'body.lines.0.unitCostMinor', message: 'The amount is too large' },
          { field: 'body.vendorId', message: 'This vendor is archived' },
        ]),
    });
    await addMilk();
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('The amount is too large')).toBeInTheDocument();
    expect(screen.getByText('This vendor is archived')).toBeInTheDocument();
  });

  it('edits an open order: its lines, then PUT with the version read; a stale version is said plainly', async () => {
    const order = orderOf({ version: 4 });
    const { calls } = render(
      {
        [`PUT /api/v1/purchase-orders/${ORDER_ID}`]: () => problemResponse(409, 'VERSION_CONFLICT', 'Stale'),
      },
      { order },
    );
    expect(screen.getByRole('heading', { name: 'Edit LEK-PO000007' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('po-line');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('textbox', { name: 'Quantity of Rice (loose)' })).toHaveValue('2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Rice (loose)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed this meanwhile');
    const body = calls.find((c) => c.method === 'PUT')!.body as { version: number; lines: unknown[] };
    expect(body.version).toBe(4);
    expect(body.lines).toEqual([{ variantId: order.lines[0]!.variantId, quantity: 10, unitCostMinor: 80_000 }]);
  });
});

describe('PurchaseOrderForm on a phone', () => {
  // jsdom has no layout: the lines' box is 350 px wide and each header cell 100 px (the details
  // column 40 px), so the quantity and unit cost do not fit beside the product, amount and remove.
  beforeEach(() => {
    const inLinesBox = (el: HTMLElement) => el.querySelector('table[aria-label="Order lines"]') !== null;
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return inLinesBox(this) ? 350 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      if (!inLinesBox(this)) return 0;
      const cells = [...this.querySelectorAll('table thead th')];
      return cells.reduce((sum, th) => sum + (th.textContent === 'Details' ? 40 : 100), 0);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps the product, its amount and remove; the quantity typed in its details keeps its focus', async () => {
    const suggestion: ReorderSuggestion = {
      productId: rice.productId,
      variantId: rice.variantId,
      name: rice.name,
      sku: rice.sku,
      vendorItemCode: null,
      unit: 'kg',
      onHand: 1.5,
      reorderLevel: 5,
      reorderQuantity: null,
      onOrder: 0,
      suggestedQuantity: 8.5,
      unitCostMinor: 120_000,
    };
    render({ [SUGGESTIONS]: () => jsonResponse({ items: [suggestion] }) });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Vendor' })).toHaveValue('Dangote Foods'));
    await userEvent.click(screen.getByRole('button', { name: 'Add low-stock products' }));
    const table = await screen.findByRole('table', { name: 'Order lines' });
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Remove Rice (loose)' })).toBeVisible());
    expect(within(table).queryByRole('textbox', { name: 'Quantity of Rice (loose)' })).toBeNull();

    await userEvent.click(within(table).getByRole('button', { name: 'Details: Rice (loose)' }));
    const quantity = within(table).getByRole('textbox', { name: 'Quantity of Rice (loose)' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '9');
    expect(within(table).getByRole('textbox', { name: 'Quantity of Rice (loose)' })).toHaveFocus();
    expect(within(table).getByRole('textbox', { name: 'Quantity of Rice (loose)' })).toHaveValue('9');
    expect(screen.getByTestId('po-total')).toHaveTextContent('10,800.00');
  });
});
