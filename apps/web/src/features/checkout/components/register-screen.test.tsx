import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { priceCart, type RegisterSellable, type RegisterSession } from '@ipos/contracts';
import { contactOf } from '../../../components/pickers/picker-fixtures';
import { toast } from '../../../components/toast';
import { jsonResponse, problemResponse } from '../../../test/api';
import { LEKKI_ID, reportingStore } from '../../../test/fixtures';
import { formatMoney } from '../../../lib/money';
import { lineFromSellable, type Cart } from '../cart';
import { deviceDb } from '../../../lib/device-db';
import { loadTicket, saveTicket } from '../saved-ticket';
import { completedSaleOf, openRegisterSession } from '../test/register-fixtures';
import { renderRegisterScreen } from '../test/render-register';

// The payment dialog and the receipt panel have their own tests: here they only hand over.
vi.mock('./payment/payment-dialog', async () => ({
  PaymentDialog: (await import('../test/register-doubles')).FakePaymentDialog,
}));
vi.mock('./receipt/receipt-panel', async () => ({
  ReceiptPanel: (await import('../test/register-doubles')).FakeReceiptPanel,
}));

const SESSION_ID = '0190a6a0-0000-7000-8000-0000000000e1';
const ACCOUNT_ID = '0190a6a0-0000-7000-8000-0000000000a1';

const session: RegisterSession = openRegisterSession({
  id: SESSION_ID,
  openingFloatMinor: 500_000,
  summary: { expectedCashMinor: 500_000 },
});

let n = 0;
function sellable(overrides: Partial<RegisterSellable>): RegisterSellable {
  n += 1;
  const id = `0190a6a0-0000-7000-8000-0000000010${String(n).padStart(2, '0')}`;
  return {
    productId: id,
    variantId: id,
    name: `Item ${n}`,
    sku: `SKU-${n}`,
    barcode: null,
    unit: 'each',
    priceMinor: 10_000,
    costPriceMinor: 5_000,
    taxRateId: null,
    isTracked: true,
    onHand: 20,
    imageVersion: null,
    taxRateBasisPoints: 0,
    taxInclusive: true,
    ...overrides,
  };
}

const peak = sellable({
  name: 'Peak Milk 400g',
  sku: 'PEAK-400',
  barcode: '6001234567890',
  priceMinor: 45_000,
  taxRateBasisPoints: 750,
  taxInclusive: false,
});
const peakTin = sellable({ name: 'Peak Milk tin', sku: 'PEAK-TIN', priceMinor: 30_000 });
const rice = sellable({ name: 'Rice (loose)', sku: 'RICE-KG', unit: 'kg', priceMinor: 120_000 });
const malt = sellable({ name: 'Malt crate', sku: 'MALT-CRATE', barcode: '6001234500001', onHand: 2 });
const semo = sellable({ name: 'Semovita 2kg', sku: 'SEMO-2', barcode: '6001234500002', onHand: 0 });
const catalogue = [peak, peakTin, rice, malt, semo];

const page = (items: RegisterSellable[]) => ({ items, total: items.length, page: 1, pageSize: 20, totalCapped: false });

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** A fake API routed by method and path (queries vary as people type). */
function fakeApi(routes: Record<string, (call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://localhost');
      const call: Call = {
        method: init?.method ?? 'GET',
        path: parsed.pathname,
        query: parsed.searchParams,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: new Headers(init?.headers),
      };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      if (!handler) throw new Error(`unexpected ${call.method} ${url}`);
      return handler(call);
    }),
  );
  return calls;
}

/** Sellables by variant ids, or by search: a whole barcode or SKU exactly, else part of the name. */
function searchSellables(call: Call) {
  const ids = call.query.getAll('variantId');
  if (ids.length > 0) return jsonResponse(page(catalogue.filter((s) => ids.includes(s.variantId))));
  const q = (call.query.get('q') ?? '').toLowerCase();
  if (!q) return jsonResponse(page(catalogue));
  return jsonResponse(
    page(catalogue.filter((s) => s.barcode === q || s.sku.toLowerCase() === q || s.name.toLowerCase().includes(q))),
  );
}

/** The active store as the register reads it: negative stock off unless a test turns it on. */
const storeRoute =
  (allowNegativeStock = false) =>
  () =>
    jsonResponse({ ...reportingStore, allowNegativeStock });

const baseRoutes = {
  'GET /api/v1/stores/current': storeRoute(),
  'GET /api/v1/sellables': searchSellables,
  'GET /api/v1/held-sales': () => jsonResponse({ items: [] }),
  'GET /api/v1/categories': () => jsonResponse({ items: [] }),
};

/** The register, once the sale kept on the device (none here unless a test saved one) is read. */
async function renderRegister({ canDiscount = true, accountId = ACCOUNT_ID } = {}) {
  const onRegisterClosed = vi.fn();
  const view = renderRegisterScreen({ accountId, session, canDiscount, onRegisterClosed });
  await screen.findByRole('combobox', { name: 'Find a product' });
  return { user: userEvent.setup(), onRegisterClosed, unmount: view.unmount };
}

const lines = () => screen.queryAllByTestId('cart-line');
const search = () => screen.getByRole('combobox', { name: 'Find a product' });

/** What a keyboard-wedge scanner does: the characters a few ms apart, then Enter. */
function scanBurst(code: string, target: Element = document.body) {
  for (const key of code) fireEvent.keyDown(target, { key });
  fireEvent.keyDown(target, { key: 'Enter' });
}

beforeEach(() => {
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('<RegisterScreen>', () => {
  it('searches as you type; arrows move the highlight and Enter adds it, then the search is ready again', async () => {
    fakeApi(baseRoutes);
    const { user } = await renderRegister();
    // An empty cart says so, and is no list (a list holds list items only).
    expect(screen.getByText(/The cart is empty/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Cart lines' })).toBeNull();
    await user.click(search());
    await user.keyboard('peak');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Peak Milk 400g'),
      expect.stringContaining('Peak Milk tin'),
    ]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toHaveTextContent('Peak Milk tin');
    expect(within(screen.getByRole('list', { name: 'Cart lines' })).getAllByRole('listitem')).toHaveLength(1);
    expect(search()).toHaveValue('');
    expect(search()).toHaveFocus();
    // Escape clears what was typed.
    await user.keyboard('ric');
    await user.keyboard('{Escape}');
    expect(search()).toHaveValue('');
  });

  it('Enter pressed before the answer to what is typed adds its best match when it comes, never a stale one', async () => {
    fakeApi(baseRoutes);
    const { user } = await renderRegister();
    await user.click(search());
    await user.keyboard('peak');
    await screen.findAllByRole('option');
    // "Peak Milk 400g" is highlighted in the answer to "peak"; "PEAK-TIN" and Enter come faster than
    // the search answers (a scanner burst a busy till slowed into typing).
    fireEvent.change(search(), { target: { value: 'PEAK-TIN' } });
    fireEvent.keyDown(search(), { key: 'Enter' });
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(lines()[0]).toHaveTextContent('Peak Milk tin');
    expect(search()).toHaveValue('');

    // Typing on after Enter: the answer to the older text adds nothing.
    fireEvent.change(search(), { target: { value: 'RICE-KG' } });
    fireEvent.keyDown(search(), { key: 'Enter' });
    fireEvent.change(search(), { target: { value: 'rice' } });
    expect(await screen.findByRole('option', { name: /Rice \(loose\)/ })).toBeInTheDocument();
    expect(lines()).toHaveLength(1);
  });

  it('a scanner burst anywhere adds the product; an unknown code says so and adds nothing', async () => {
    const calls = fakeApi(baseRoutes);
    const show = vi.spyOn(toast, 'show');
    await renderRegister();
    scanBurst('6001234567890');
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(lines()[0]).toHaveTextContent('Peak Milk 400g');
    expect(calls.find((c) => c.path === '/api/v1/sellables')?.query.get('q')).toBe('6001234567890');
    scanBurst('6001234567890');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Quantity of Peak Milk 400g' })).toHaveValue('2'));
    scanBurst('9999999999');
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'error', message: 'No product with barcode 9999999999' }),
      ),
    );
    expect(lines()).toHaveLength(1);
    // Typing slowly is not a scan (a person's keys are further apart than a scanner's).
    const spy = vi.spyOn(performance, 'now');
    let t = 0;
    spy.mockImplementation(() => (t += 100));
    scanBurst('6001234567890');
    await act(async () => undefined);
    expect(calls.filter((c) => c.path === '/api/v1/sellables')).toHaveLength(3);
  });

  it('takes up to 3 decimals for goods sold by weight and whole numbers for the rest', async () => {
    fakeApi(baseRoutes);
    const { user } = await renderRegister();
    scanBurst('RICE-KG');
    const riceQty = () => screen.getByRole('textbox', { name: 'Quantity of Rice (loose)' });
    // A weighed item: its quantity takes the focus to type the weight.
    await waitFor(() => expect(riceQty()).toHaveFocus());
    await user.clear(riceQty());
    await user.type(riceQty(), '1.255{Enter}');
    // 1.255 kg × ₦1,200 = ₦1,506.00
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₦1,506.00');
    await user.clear(riceQty());
    await user.type(riceQty(), '1.2555{Enter}');
    expect(await screen.findByText('At most 3 decimals')).toBeInTheDocument();
    scanBurst('PEAK-TIN');
    const tinQty = await screen.findByRole('textbox', { name: 'Quantity of Peak Milk tin' });
    await user.clear(tinQty);
    await user.type(tinQty, '1.5{Enter}');
    expect(await screen.findByText('Whole units only')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₦1,806.00');
  });

  it('shows no discount controls without checkout.discount', async () => {
    fakeApi(baseRoutes);
    const { user } = await renderRegister({ canDiscount: false });
    scanBurst('PEAK-TIN');
    await waitFor(() => expect(lines()).toHaveLength(1));
    await user.click(within(lines()[0]!).getByText('Peak Milk tin'));
    expect(within(lines()[0]!).getByRole('button', { name: 'Remove Peak Milk tin' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /discount/i })).not.toBeInTheDocument();
  });

  it('shows the totals priceCart gives (line tax, line and cart discounts) and removes a focused line with Delete', async () => {
    fakeApi(baseRoutes);
    const { user } = await renderRegister();
    scanBurst('6001234567890');
    await waitFor(() => expect(lines()).toHaveLength(1));
    scanBurst('PEAK-TIN');
    await waitFor(() => expect(lines()).toHaveLength(2));
    const peakQty = screen.getByRole('textbox', { name: 'Quantity of Peak Milk 400g' });
    await user.clear(peakQty);
    await user.type(peakQty, '3{Enter}');
    // 10% off the first line, ₦50 off the cart.
    await user.click(within(lines()[0]!).getByRole('button', { name: 'Discount' }));
    await user.type(await screen.findByLabelText('Discount (%)'), '10{Enter}');
    // The line's editor closes before the cart's opens (on a loaded machine its exit can overlap).
    await waitFor(() => expect(screen.queryByLabelText('Discount (%)')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Cart discount' }));
    await user.click(await screen.findByRole('radio', { name: 'Amount' }));
    await user.type(screen.getByLabelText('Cart discount (NGN)'), '50{Enter}');
    const expected = priceCart(
      [
        {
          quantityThousandths: 3000,
          unitPriceMinor: 45_000,
          discount: { type: 'percent', value: 1000 },
          taxRateBasisPoints: 750,
          taxInclusive: false,
        },
        { quantityThousandths: 1000, unitPriceMinor: 30_000, taxRateBasisPoints: 0, taxInclusive: true },
      ],
      { type: 'amount', value: 5_000 },
    );
    const money = (minor: number) => formatMoney(minor, 'NGN');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent(money(expected.subtotalMinor));
    expect(screen.getByTestId('cart-discount')).toHaveTextContent(money(expected.discountMinor));
    expect(screen.getByTestId('cart-tax')).toHaveTextContent(money(expected.taxMinor));
    expect(screen.getByTestId('cart-total')).toHaveTextContent(money(expected.totalMinor));
    expect(within(lines()[0]!).getByTestId('line-tax')).toHaveTextContent(money(expected.lines[0]!.taxMinor));
    // By hand: 121,500 and 30,000 share the ₦50 as 4,010 + 990; 117,490 + 7.5% (8,812) + 29,010.
    expect(expected.totalMinor).toBe(155_312);
    lines()[1]!.focus();
    await user.keyboard('{Delete}');
    expect(lines()).toHaveLength(1);
  });

  it('F8 holds the cart (which clears); resuming restores it re-priced from the current sellables', async () => {
    const held = {
      id: '0190a6a0-0000-7000-8000-0000000000f1',
      label: 'Blue bag',
      heldBy: { id: ACCOUNT_ID, name: 'Ada Owner' },
      createdAt: '2026-03-07T09:00:00.000Z',
      lineCount: 2,
      cart: {
        lines: [
          { variantId: peak.variantId, quantity: 2 },
          { variantId: rice.variantId, quantity: 0.5 },
        ],
      },
    };
    let heldList: (typeof held)[] = [];
    const calls = fakeApi({
      ...baseRoutes,
      'GET /api/v1/held-sales': () => jsonResponse({ items: heldList }),
      'POST /api/v1/held-sales': () => {
        heldList = [held];
        return jsonResponse(held, 201);
      },
      [`POST /api/v1/held-sales/${held.id}/resume`]: () => {
        heldList = [];
        return jsonResponse(held);
      },
    });
    const { user } = await renderRegister();
    scanBurst('6001234567890');
    await waitFor(() => expect(lines()).toHaveLength(1));
    scanBurst('6001234567890');
    scanBurst('RICE-KG');
    await waitFor(() => expect(lines()).toHaveLength(2));
    const riceQty = screen.getByRole('textbox', { name: 'Quantity of Rice (loose)' });
    await user.clear(riceQty);
    await user.type(riceQty, '0.5{Enter}');
    const totalBefore = screen.getByTestId('cart-total').textContent;
    fireEvent.keyDown(document.body, { key: 'F8' });
    await user.type(await screen.findByLabelText('Label (optional)'), 'Blue bag{Enter}');
    await waitFor(() => expect(lines()).toHaveLength(0));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      label: 'Blue bag',
      cart: {
        lines: [
          { variantId: peak.variantId, quantity: 2 },
          { variantId: rice.variantId, quantity: 0.5 },
        ],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Held (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(screen.getByRole('textbox', { name: 'Quantity of Peak Milk 400g' })).toHaveValue('2');
    expect(screen.getByRole('textbox', { name: 'Quantity of Rice (loose)' })).toHaveValue('0.5');
    expect(screen.getByTestId('cart-total').textContent).toBe(totalBefore);
  });

  it('completes the sale on the device when the server cannot be reached, then sends it as an offline sale; a new cart gets a new id and key', async () => {
    let fail = true;
    const calls = fakeApi({
      ...baseRoutes,
      'POST /api/v1/sales': (call) => {
        if (fail) {
          fail = false;
          throw new TypeError('Failed to fetch');
        }
        const body = call.body as { id: string };
        return jsonResponse(completedSaleOf(body.id), 201);
      },
    });
    const sales = () => calls.filter((c) => c.path === '/api/v1/sales');
    const { user } = await renderRegister();
    scanBurst('PEAK-TIN');
    await waitFor(() => expect(lines()).toHaveLength(1));
    fireEvent.keyDown(document.body, { key: 'F9' });
    await user.click(await screen.findByRole('button', { name: 'Confirm cash' }));
    // No answer: the sale is complete on the device, and the queue sends it again at once.
    expect(await screen.findByText(/Receipt of/)).toBeInTheDocument();
    await waitFor(() => expect(sales()).toHaveLength(2));
    const [first, second] = sales();
    expect(first!.body).toMatchObject({
      sessionId: SESSION_ID,
      // The price and the tax as charged go with every line, for the sale recorded offline.
      lines: [
        {
          variantId: peakTin.variantId,
          quantity: 1,
          unitPriceMinor: 30_000,
          taxRateBasisPoints: peakTin.taxRateBasisPoints,
          taxInclusive: peakTin.taxInclusive,
        },
      ],
      payments: [{ method: 'cash', amountMinor: 30_000 }],
      expectedTotalMinor: 30_000,
    });
    expect(first!.body).not.toHaveProperty('offlineReference');
    // The same sale as an offline one: the time sold and its reference, under a key of its own.
    expect(second!.body).toEqual({
      ...(first!.body as object),
      soldAt: expect.any(String),
      offlineReference: expect.stringMatching(/^[A-Z]{2,5}-T1-OFF-0001$/),
    });
    expect(second!.headers.get('idempotency-key')).not.toBe(first!.headers.get('idempotency-key'));
    expect(second!.headers.get('x-store-id')).toBe(LEKKI_ID);
    const id = (first!.body as { id: string }).id;
    await waitFor(async () => expect((await deviceDb().outbox.get(id))?.state).toBe('synced'));
    // New sale in one keystroke-worth: the cart is empty and the search has the focus.
    await user.click(screen.getByRole('button', { name: 'New sale' }));
    await waitFor(() => expect(search()).toHaveFocus());
    expect(lines()).toHaveLength(0);
    scanBurst('PEAK-TIN');
    await waitFor(() => expect(lines()).toHaveLength(1));
    fireEvent.keyDown(document.body, { key: 'F9' });
    await user.click(await screen.findByRole('button', { name: 'Confirm cash' }));
    await waitFor(() => expect(sales()).toHaveLength(3));
    const third = sales()[2]!;
    expect(third.headers.get('idempotency-key')).not.toBe(first!.headers.get('idempotency-key'));
    expect((third.body as { id: string }).id).not.toBe(id);
    expect(third.body).not.toHaveProperty('offlineReference');
  });

  it('on PRICE_CHANGED shows what changed and the new total; INSUFFICIENT_STOCK is shown on its line', async () => {
    let round = 0;
    fakeApi({
      ...baseRoutes,
      'POST /api/v1/sales': () => {
        round += 1;
        if (round === 1)
          return jsonResponse(
            {
              type: 'about:blank',
              title: 'PRICE_CHANGED',
              status: 409,
              code: 'PRICE_CHANGED',
              detail: 'changed',
              priceChanged: {
                lines: [{ variantId: peakTin.variantId, unitPriceMinor: 35_000, totalMinor: 35_000 }],
                totalMinor: 35_000,
              },
            },
            409,
          );
        return problemResponse(409, 'INSUFFICIENT_STOCK', 'Not enough', [
          { field: 'lines.0.quantity', message: 'Only 0 in stock' },
        ]);
      },
    });
    const { user } = await renderRegister();
    scanBurst('PEAK-TIN');
    await waitFor(() => expect(lines()).toHaveLength(1));
    fireEvent.keyDown(document.body, { key: 'F9' });
    await user.click(await screen.findByRole('button', { name: 'Confirm cash' }));
    expect(await screen.findByText('Prices changed')).toBeInTheDocument();
    expect(await screen.findByText('Peak Milk tin: ₦300.00 → ₦350.00')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₦350.00');
    fireEvent.keyDown(document.body, { key: 'F9' });
    await user.click(await screen.findByRole('button', { name: 'Confirm cash' }));
    expect(await within(lines()[0]!).findByText('Only 0 in stock')).toBeInTheDocument();
  });
});

describe('<RegisterScreen> stock before payment', () => {
  const pay = () => screen.getByRole('button', { name: /^Pay / });
  const stockOf = (line: HTMLElement) => within(line).queryByTestId('line-stock');
  const malty = () => screen.getByRole('textbox', { name: 'Quantity of Malt crate' });

  it('warns on the line beyond the on hand and blocks Pay with a message naming it, until the quantity is lowered', async () => {
    const calls = fakeApi({
      ...baseRoutes,
      'POST /api/v1/sales': (call) => jsonResponse(completedSaleOf((call.body as { id: string }).id), 201),
    });
    const show = vi.spyOn(toast, 'show');
    const { user } = await renderRegister();
    scanBurst(malt.barcode!);
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(stockOf(lines()[0]!)).toBeNull();
    expect(pay()).toBeEnabled();

    await user.clear(malty());
    await user.type(malty(), '3{Enter}');
    expect(stockOf(lines()[0]!)).toHaveTextContent('Only 2 in stock');
    expect(pay()).toBeDisabled();
    // The reason is beside Pay, in a live region a screen reader announces, and describes the button.
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(
      'Not enough stock for Malt crate (only 2 in stock). Lower the quantity or remove this line to pay.',
    );
    expect(pay()).toHaveAccessibleDescription(/Not enough stock for Malt crate/);
    // F9 does not open the payment either: it says why.
    fireEvent.keyDown(document.body, { key: 'F9' });
    expect(screen.queryByRole('dialog', { name: 'Payment' })).not.toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ type: 'warning', message: status.textContent }));

    await user.click(screen.getByRole('button', { name: 'One less Malt crate' }));
    expect(stockOf(lines()[0]!)).toBeNull();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(pay()).toBeEnabled();
    await user.click(pay());
    await user.click(await screen.findByRole('button', { name: 'Confirm cash' }));
    expect(await screen.findByText(/Receipt of/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/v1/sales')?.body).toMatchObject({
      lines: [{ variantId: malt.variantId, quantity: 2 }],
    });
  });

  it('only warns where the store allows negative stock, and Pay works', async () => {
    const calls = fakeApi({
      ...baseRoutes,
      'GET /api/v1/stores/current': storeRoute(true),
      'POST /api/v1/sales': (call) => jsonResponse(completedSaleOf((call.body as { id: string }).id), 201),
    });
    const { user } = await renderRegister();
    scanBurst(malt.barcode!);
    await waitFor(() => expect(lines()).toHaveLength(1));
    await user.clear(malty());
    await user.type(malty(), '5{Enter}');
    await waitFor(() =>
      expect(stockOf(lines()[0]!)).toHaveTextContent('Only 2 in stock · this store allows selling below zero'),
    );
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(pay()).toBeEnabled();
    await user.click(pay());
    await user.click(await screen.findByRole('button', { name: 'Confirm cash' }));
    expect(await screen.findByText(/Receipt of/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/v1/sales')?.body).toMatchObject({
      lines: [{ variantId: malt.variantId, quantity: 5 }],
    });
  });

  it('a scanned out-of-stock item is added with its warning; removing it lets the rest be paid', async () => {
    fakeApi(baseRoutes);
    const { user } = await renderRegister();
    scanBurst('PEAK-TIN');
    await waitFor(() => expect(lines()).toHaveLength(1));
    scanBurst(semo.barcode!);
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(lines()[1]).toHaveTextContent('Semovita 2kg');
    expect(stockOf(lines()[1]!)).toHaveTextContent('Out of stock');
    expect(lines()[1]).toHaveAccessibleName('Semovita 2kg, 1, out of stock');
    expect(pay()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Not enough stock for Semovita 2kg (out of stock).');
    await user.click(within(lines()[1]!).getByText('Semovita 2kg'));
    await user.click(screen.getByRole('button', { name: 'Remove Semovita 2kg' }));
    expect(pay()).toBeEnabled();
  });

  it('a resumed held sale is checked against the on hand now', async () => {
    const held = {
      id: '0190a6a0-0000-7000-8000-0000000000f2',
      label: null,
      heldBy: { id: ACCOUNT_ID, name: 'Ada Owner' },
      createdAt: '2026-03-07T09:00:00.000Z',
      lineCount: 1,
      cart: { lines: [{ variantId: malt.variantId, quantity: 4 }] },
    };
    fakeApi({
      ...baseRoutes,
      'GET /api/v1/held-sales': () => jsonResponse({ items: [held] }),
      [`POST /api/v1/held-sales/${held.id}/resume`]: () => jsonResponse(held),
    });
    const { user } = await renderRegister();
    await user.click(await screen.findByRole('button', { name: 'Held (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(stockOf(lines()[0]!)).toHaveTextContent('Only 2 in stock');
    expect(pay()).toBeDisabled();
  });

  it('a refusal for stock sold meanwhile keeps the cart, marks the line with the on hand now and blocks Pay', async () => {
    const show = vi.spyOn(toast, 'show');
    fakeApi({
      ...baseRoutes,
      'POST /api/v1/sales': () =>
        jsonResponse(
          {
            type: 'about:blank',
            title: 'INSUFFICIENT_STOCK',
            status: 409,
            code: 'INSUFFICIENT_STOCK',
            detail: 'Only 1 on hand: cannot take 2',
            errors: [{ field: 'lines.1.quantity', message: 'Only 1 on hand' }],
            shortages: [{ variantId: malt.variantId, onHand: 1, requested: 2 }],
          },
          409,
        ),
    });
    const { user } = await renderRegister();
    scanBurst('PEAK-TIN');
    await waitFor(() => expect(lines()).toHaveLength(1));
    scanBurst(malt.barcode!);
    scanBurst(malt.barcode!);
    await waitFor(() => expect(malty()).toHaveValue('2'));
    expect(pay()).toBeEnabled();
    await user.click(pay());
    await user.click(await screen.findByRole('button', { name: 'Confirm cash' }));
    await waitFor(() => expect(stockOf(lines()[1]!)).toHaveTextContent('Only 1 in stock'));
    expect(screen.queryByRole('dialog', { name: 'Payment' })).not.toBeInTheDocument();
    expect(lines()).toHaveLength(2);
    expect(malty()).toHaveValue('2');
    expect(pay()).toBeDisabled();
    // The server's words are not repeated under a line the till marks itself.
    expect(within(lines()[1]!).queryByText('Only 1 on hand')).not.toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'error', message: expect.stringContaining('Nothing was charged') }),
    );
  });

  it('reads the on hand of the cart again when the register gains the focus', async () => {
    let maltOnHand = 2;
    const calls = fakeApi({
      ...baseRoutes,
      'GET /api/v1/sellables': (call) => {
        const ids = call.query.getAll('variantId');
        if (ids.length > 0)
          return jsonResponse(
            page(
              catalogue
                .filter((s) => ids.includes(s.variantId))
                .map((s) => (s === malt ? { ...s, onHand: maltOnHand } : s)),
            ),
          );
        return searchSellables(call);
      },
    });
    await renderRegister();
    scanBurst(malt.barcode!);
    scanBurst(malt.barcode!);
    await waitFor(() => expect(malty()).toHaveValue('2'));
    expect(pay()).toBeEnabled();
    // Another till sold one meanwhile; the cashier comes back to this tab.
    maltOnHand = 1;
    fireEvent.focus(window);
    await waitFor(() => expect(stockOf(lines()[0]!)).toHaveTextContent('Only 1 in stock'));
    expect(pay()).toBeDisabled();
    expect(
      calls.some((c) => c.path === '/api/v1/sellables' && c.query.getAll('variantId').includes(malt.variantId)),
    ).toBe(true);
  });
});

describe('<RegisterScreen> sale in progress kept on the device', () => {
  const ticketKey = { accountId: ACCOUNT_ID, storeId: LEKKI_ID, sessionId: SESSION_ID };
  const OTHER_ACCOUNT_ID = '0190a6a0-0000-7000-8000-0000000000a2';
  const customer = contactOf({ id: '0190a6a0-0000-7000-8000-0000000000d1', kind: 'customer', name: 'Mama Titi' });
  const quantityOf = (name: string) => screen.getByRole('textbox', { name: `Quantity of ${name}` });
  const saved = () => loadTicket(ticketKey);

  /** Two Peak Milk at 10% off, half a kilo of rice, ₦50 off the cart: rung up at the till. */
  async function ringUp(user: ReturnType<typeof userEvent.setup>) {
    scanBurst(peak.barcode!);
    await waitFor(() => expect(lines()).toHaveLength(1));
    scanBurst(peak.barcode!);
    await waitFor(() => expect(quantityOf('Peak Milk 400g')).toHaveValue('2'));
    scanBurst('RICE-KG');
    await waitFor(() => expect(quantityOf('Rice (loose)')).toHaveFocus());
    await user.clear(quantityOf('Rice (loose)'));
    await user.type(quantityOf('Rice (loose)'), '0.5{Enter}');
    await user.click(within(lines()[0]!).getByText('Peak Milk 400g'));
    await user.click(within(lines()[0]!).getByRole('button', { name: 'Discount' }));
    await user.type(await screen.findByLabelText('Discount (%)'), '10{Enter}');
    await waitFor(() => expect(screen.queryByLabelText('Discount (%)')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Cart discount' }));
    await user.click(await screen.findByRole('radio', { name: 'Amount' }));
    await user.type(screen.getByLabelText('Cart discount (NGN)'), '50{Enter}');
    await waitFor(async () => expect((await saved())?.cartDiscount).toEqual({ type: 'amount', value: 5_000 }));
  }

  it('comes back as it was when the register opens again (after a lock, another screen, a reload)', async () => {
    fakeApi(baseRoutes);
    const { user, unmount } = await renderRegister();
    await ringUp(user);
    const total = screen.getByTestId('cart-total').textContent;
    unmount();

    await renderRegister();
    expect(lines().map((l) => l.getAttribute('aria-label'))).toEqual([
      expect.stringContaining('Peak Milk 400g'),
      expect.stringContaining('Rice (loose)'),
    ]);
    expect(quantityOf('Peak Milk 400g')).toHaveValue('2');
    expect(quantityOf('Rice (loose)')).toHaveValue('0.5');
    expect(screen.getByTestId('cart-discount')).not.toHaveTextContent(formatMoney(0, 'NGN'));
    expect(screen.getByTestId('cart-total').textContent).toBe(total);
  });

  it('is read before the cart shows: a short loading state, never an empty cart that fills itself', async () => {
    fakeApi(baseRoutes);
    await saveTicket(ticketKey, { lines: [lineFromSellable(peakTin, 3)], cartDiscount: null, customerId: null });
    renderRegisterScreen({ accountId: ACCOUNT_ID, session });
    expect(screen.getByLabelText('Opening the sale in progress')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('combobox', { name: 'Find a product' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-total')).not.toBeInTheDocument();
    await screen.findByRole('combobox', { name: 'Find a product' });
    expect(quantityOf('Peak Milk tin')).toHaveValue('3');
  });

  it('is priced again from the current sellables, keeps its customer, and says what was left out', async () => {
    const show = vi.spyOn(toast, 'show');
    fakeApi({ ...baseRoutes, [`GET /api/v1/contacts/${customer.id}`]: () => jsonResponse(customer) });
    // Saved when the tin cost ₦250; it costs ₦300 now. A line for a product no longer sold is left out.
    const gone = sellable({ name: 'Old biscuits' });
    const ticket: Cart = {
      lines: [{ ...lineFromSellable(peakTin, 2), unitPriceMinor: 25_000 }, lineFromSellable(gone)],
      cartDiscount: null,
      customerId: customer.id,
    };
    await saveTicket(ticketKey, ticket);
    await renderRegister();
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(lines()[0]).toHaveTextContent('Peak Milk tin');
    expect(screen.getByTestId('cart-total')).toHaveTextContent(formatMoney(60_000, 'NGN'));
    expect(await screen.findByTestId('cart-customer')).toHaveTextContent('Mama Titi');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'warning', message: '1 item is no longer sold and left out.' }),
    );
    await waitFor(async () => expect((await saved())?.lines.map((l) => l.unitPriceMinor)).toEqual([30_000]));
  });

  it('another person on the same register sees an empty cart, and their own sale is kept apart', async () => {
    fakeApi(baseRoutes);
    await saveTicket(ticketKey, { lines: [lineFromSellable(peakTin, 3)], cartDiscount: null, customerId: null });
    await renderRegister({ accountId: OTHER_ACCOUNT_ID });
    expect(lines()).toHaveLength(0);
    scanBurst(malt.barcode!);
    await waitFor(() => expect(lines()).toHaveLength(1));
    await waitFor(async () =>
      expect((await loadTicket({ ...ticketKey, accountId: OTHER_ACCOUNT_ID }))?.lines).toHaveLength(1),
    );
    expect((await saved())?.lines.map((l) => [l.name, l.quantity])).toEqual([['Peak Milk tin', 3]]);
  });

  it('goes once the sale is completed, and a new register shows an empty cart', async () => {
    fakeApi({
      ...baseRoutes,
      'POST /api/v1/sales': (call) => jsonResponse(completedSaleOf((call.body as { id: string }).id), 201),
    });
    const { user, unmount } = await renderRegister();
    scanBurst('PEAK-TIN');
    await waitFor(async () => expect(await saved()).not.toBeNull());
    fireEvent.keyDown(document.body, { key: 'F9' });
    await user.click(await screen.findByRole('button', { name: 'Confirm cash' }));
    expect(await screen.findByText(/Receipt of/)).toBeInTheDocument();
    await waitFor(async () => expect(await saved()).toBeNull());
    // The cashier comes back to the register before pressing New sale: nothing is left over.
    unmount();
    await renderRegister();
    expect(lines()).toHaveLength(0);
  });

  it('goes when the sale is held or the cart cleared', async () => {
    fakeApi({
      ...baseRoutes,
      'POST /api/v1/held-sales': (call) =>
        jsonResponse(
          {
            id: '0190a6a0-0000-7000-8000-0000000000f3',
            label: null,
            heldBy: { id: ACCOUNT_ID, name: 'Ada Owner' },
            createdAt: '2026-03-07T09:00:00.000Z',
            lineCount: 1,
            cart: (call.body as { cart: unknown }).cart,
          },
          201,
        ),
    });
    const { user } = await renderRegister();
    scanBurst('PEAK-TIN');
    await waitFor(async () => expect(await saved()).not.toBeNull());
    fireEvent.keyDown(document.body, { key: 'F8' });
    await user.type(await screen.findByLabelText('Label (optional)'), '{Enter}');
    await waitFor(() => expect(lines()).toHaveLength(0));
    await waitFor(async () => expect(await saved()).toBeNull());

    scanBurst('PEAK-TIN');
    await waitFor(async () => expect(await saved()).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Clear the sale' }));
    await waitFor(async () => expect(await saved()).toBeNull());
  });
});

describe('<RegisterScreen> at each size', () => {
  /** The screen as a phone's (the `xs` breakpoint); returns the undoing. */
  function asPhone() {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === '(max-width: 36em)',
    })) as typeof window.matchMedia;
    return () => {
      window.matchMedia = original;
    };
  }

  it('a cart line is one row (name, quantity, total); the line tapped or focused opens its details, one at a time', async () => {
    fakeApi(baseRoutes);
    const { user } = await renderRegister();
    scanBurst(peak.barcode!);
    await waitFor(() => expect(lines()).toHaveLength(1));
    scanBurst('PEAK-TIN');
    await waitFor(() => expect(lines()).toHaveLength(2));
    const details = (line: HTMLElement) => ({
      remove: within(line).queryByRole('button', { name: /^Remove / }),
      discount: within(line).queryByRole('button', { name: 'Discount' }),
      tax: within(line).queryByTestId('line-tax'),
    });
    for (const line of lines()) {
      expect(details(line)).toEqual({ remove: null, discount: null, tax: null });
      expect(within(line).getByRole('textbox', { name: /^Quantity of / })).toBeInTheDocument();
      expect(within(line).getByTestId('line-total')).toBeInTheDocument();
    }
    await user.click(within(lines()[0]!).getByText('Peak Milk 400g'));
    expect(details(lines()[0]!).remove).toHaveAccessibleName('Remove Peak Milk 400g');
    expect(details(lines()[0]!).discount).toBeInTheDocument();
    expect(details(lines()[0]!).tax).toHaveTextContent('₦33.75');
    expect(lines()[0]).toHaveAttribute('data-open');
    expect(details(lines()[1]!).remove).toBeNull();
    act(() => lines()[1]!.focus());
    expect(details(lines()[1]!).remove).toHaveAccessibleName('Remove Peak Milk tin');
    expect(details(lines()[0]!).remove).toBeNull();
  });

  it('on a phone the cart is a bar (items, total, Pay) that opens as a sheet of its lines with the same Pay, and closes', async () => {
    const undo = asPhone();
    try {
      fakeApi(baseRoutes);
      const { user } = await renderRegister();
      const bar = screen.getByTestId('cart-bar');
      expect(within(bar).getByTestId('cart-bar-items')).toHaveTextContent('Cart · 0 items');
      expect(within(bar).getByRole('button', { name: /^Pay / })).toBeDisabled();
      scanBurst(peak.barcode!);
      await waitFor(() => expect(within(bar).getByTestId('cart-bar-items')).toHaveTextContent('Cart · 1 item'));
      scanBurst(peak.barcode!);
      scanBurst('PEAK-TIN');
      // Two of one and one of another: 2 × ₦450 + 7.5% tax, and ₦300.
      await waitFor(() => expect(within(bar).getByTestId('cart-bar-items')).toHaveTextContent('Cart · 3 items'));
      expect(within(bar).getByTestId('cart-bar-total')).toHaveTextContent('₦1,267.50');
      // The lines stay out of the way of the tiles until the bar is tapped.
      expect(lines()).toHaveLength(0);
      await user.click(within(bar).getByRole('button', { name: 'Cart: 3 items, ₦1,267.50' }));
      const sheet = await screen.findByRole('dialog', { name: 'Cart' });
      expect(within(sheet).getAllByTestId('cart-line')).toHaveLength(2);
      expect(within(sheet).getByTestId('cart-total')).toHaveTextContent('₦1,267.50');
      expect(within(sheet).getByRole('button', { name: /^Pay ₦1,267\.50/ })).toBeEnabled();
      await user.click(within(sheet).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cart' })).toBeNull());
      await user.click(within(bar).getByRole('button', { name: 'Pay ₦1,267.50' }));
      expect(await screen.findByRole('dialog', { name: 'Payment' })).toBeInTheDocument();
    } finally {
      undo();
    }
  });

  it('on a phone a weighed item added opens the cart sheet, for its weight to be typed', async () => {
    const undo = asPhone();
    try {
      fakeApi(baseRoutes);
      await renderRegister();
      scanBurst('PEAK-TIN');
      await waitFor(() => expect(screen.getByTestId('cart-bar-items')).toHaveTextContent('Cart · 1 item'));
      expect(screen.queryByRole('dialog', { name: 'Cart' })).toBeNull();
      scanBurst('RICE-KG');
      const sheet = await screen.findByRole('dialog', { name: 'Cart' });
      expect(within(sheet).getByRole('textbox', { name: 'Quantity of Rice (loose)' })).toBeInTheDocument();
    } finally {
      undo();
    }
  });
});
