import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegisterSellable } from '@ipos/contracts';
import { contactOf, rice as pickerRice, sellableOf } from '../../../components/pickers/picker-fixtures';
import { toast } from '../../../components/toast';
import { jsonResponse } from '../../../test/api';
import { reportingStore } from '../../../test/fixtures';
import { completedSaleOf } from '../test/register-fixtures';
import { renderRegisterScreen } from '../test/render-register';

// The payment dialog and the receipt panel have their own tests: here they only hand over.
vi.mock('./payment/payment-dialog', async () => ({
  PaymentDialog: (await import('../test/register-doubles')).FakePaymentDialog,
}));
vi.mock('./receipt/receipt-panel', async () => ({
  ReceiptPanel: (await import('../test/register-doubles')).FakeReceiptPanel,
}));

const milk = sellableOf({ barcode: '6151100012345', priceMinor: 45_000, onHand: 50 });
const tin = sellableOf({
  productId: '0190a6a0-0000-7000-8000-00000000f003',
  variantId: '0190a6a0-0000-7000-8000-00000000f103',
  name: 'Peak Milk tin',
  sku: 'PEAK-TIN',
  barcode: '6151100012346',
  priceMinor: 30_000,
  onHand: 50,
});
const rice = { ...pickerRice, barcode: '6151100099999', onHand: 50 };
const catalogue: RegisterSellable[] = [milk, tin, rice];
const titi = contactOf({ id: '0190a6a0-0000-7000-8000-0000000000d1', kind: 'customer', name: 'Mama Titi' });
const tunde = contactOf({ id: '0190a6a0-0000-7000-8000-0000000000d2', kind: 'customer', name: 'Mama Tunde' });

/** The API by path: the server's search (the device's catalogue never downloads here), contacts, sales. */
function stubRegisterApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      const pageOf = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 20 });
      const page = (items: unknown[]) => jsonResponse(pageOf(items));
      if (pathname === '/api/v1/sellables') {
        const q = (searchParams.get('q') ?? '').toLowerCase();
        const ids = searchParams.getAll('variantId');
        return jsonResponse({
          ...pageOf(
            catalogue.filter((s) =>
              ids.length > 0
                ? ids.includes(s.variantId)
                : s.barcode === q || s.sku.toLowerCase() === q || s.name.toLowerCase().includes(q),
            ),
          ),
          totalCapped: false,
        });
      }
      if (pathname === '/api/v1/stores/current') return jsonResponse(reportingStore);
      if (pathname === '/api/v1/held-sales') return jsonResponse({ items: [] });
      if (pathname === '/api/v1/categories') return jsonResponse({ items: [] });
      if (pathname === '/api/v1/contacts') {
        const q = (searchParams.get('q') ?? '').toLowerCase();
        return page([titi, tunde].filter((c) => c.name.toLowerCase().includes(q)));
      }
      if (pathname === `/api/v1/contacts/${titi.id}`) return jsonResponse(titi);
      if (pathname === `/api/v1/contacts/${tunde.id}`) return jsonResponse(tunde);
      if (pathname === '/api/v1/sales' && init?.method === 'POST')
        return jsonResponse(completedSaleOf((JSON.parse(String(init.body)) as { id: string }).id), 201);
      throw new TypeError(`unexpected ${init?.method ?? 'GET'} ${pathname}`);
    }),
  );
}

async function renderRegister() {
  renderRegisterScreen();
  await screen.findByRole('combobox', { name: 'Find a product' });
  return userEvent.setup();
}

const search = () => screen.getByRole('combobox', { name: 'Find a product' });
const lines = () => screen.queryAllByTestId('cart-line');
const quantityOf = (name: string) => screen.getByRole('textbox', { name: `Quantity of ${name}` });
const lineOf = (name: string) => lines().find((l) => l.getAttribute('aria-label')?.startsWith(`${name},`))!;

/** What a keyboard-wedge scanner does: the characters a few ms apart, then Enter, to the focus. */
function scanBurst(code: string) {
  const target = document.activeElement ?? document.body;
  for (const key of code) fireEvent.keyDown(target, { key });
  fireEvent.keyDown(target, { key: 'Enter' });
}

/** Adds by typing in the search and Enter on the best match. */
async function addBySearch(user: ReturnType<typeof userEvent.setup>, text: string, name: string) {
  await user.keyboard(text);
  expect(await screen.findByRole('option', { name: new RegExp(name) })).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{Enter}');
  await waitFor(() => expect(lineOf(name)).toBeDefined());
}

beforeEach(() => {
  sessionStorage.clear();
  stubRegisterApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('<RegisterScreen> by keyboard', () => {
  it('opens with the focus in the search; / there is the search key, never typed', async () => {
    const user = await renderRegister();
    expect(search()).toHaveFocus();
    await user.keyboard('peak/');
    expect(search()).toHaveValue('peak');
    // `/` selected what was typed: the next keys replace it.
    await user.keyboard('tin');
    expect(search()).toHaveValue('tin');
  });

  it('3* then a search and Enter adds three; the quantity shows until it is used', async () => {
    const user = await renderRegister();
    await user.keyboard('3*');
    expect(search()).toHaveValue('');
    expect(screen.getByTestId('pending-quantity')).toHaveTextContent('3 ×');
    expect(screen.getByTestId('pending-quantity-said')).toHaveTextContent('Quantity 3 for the next item');
    await addBySearch(user, 'tin', 'Peak Milk tin');
    expect(quantityOf('Peak Milk tin')).toHaveValue('3');
    expect(screen.queryByTestId('pending-quantity')).toBeNull();
    expect(screen.getByTestId('pending-quantity-said')).toHaveTextContent('');
    expect(search()).toHaveFocus();
    // Used once: the next add is one.
    await addBySearch(user, 'PEAK-400', 'Peak Milk 400g');
    expect(quantityOf('Peak Milk 400g')).toHaveValue('1');
  });

  it('2* then a scan adds two; 1.25* a weight; a fraction of an item sold whole is refused', async () => {
    const show = vi.spyOn(toast, 'show');
    const user = await renderRegister();
    await user.keyboard('2*');
    scanBurst(tin.barcode!);
    await waitFor(() => expect(quantityOf('Peak Milk tin')).toHaveValue('2'));
    expect(search()).toHaveFocus();
    // A weighed item with its weight typed first: the search keeps the focus (nothing left to type).
    await user.keyboard('1.25*');
    scanBurst(rice.barcode!);
    await waitFor(() => expect(quantityOf('Rice (loose)')).toHaveValue('1.25'));
    expect(search()).toHaveFocus();
    await user.keyboard('1.5*');
    scanBurst(milk.barcode!);
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'error', message: 'Peak Milk 400g is sold in whole units: 1.5 was not added' }),
      ),
    );
    expect(lines()).toHaveLength(2);
    expect(screen.queryByTestId('pending-quantity')).toBeNull();
  });

  it('refuses 0*, -2* and 1.2345* with a message, and Escape forgets a quantity', async () => {
    const user = await renderRegister();
    await user.keyboard('0*');
    // Said where the box is, and at once (an alert).
    const said = 'A quantity must be above zero: type 3* then the item for three';
    expect(search()).toHaveAccessibleDescription(said);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(said);
    expect(search()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('pending-quantity')).toBeNull();
    await user.keyboard('-2*');
    expect(search()).toHaveAccessibleDescription(/A quantity must be above zero/);
    await user.keyboard('1.2345*');
    expect(search()).toHaveAccessibleDescription('A quantity has at most 3 decimals');
    await user.keyboard('4*');
    expect(search()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('pending-quantity')).toHaveTextContent('4 ×');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('pending-quantity')).toBeNull();
    await addBySearch(user, 'tin', 'Peak Milk tin');
    expect(quantityOf('Peak Milk tin')).toHaveValue('1');
  });

  it('↑ from the empty search reaches the cart; + and − change the focused line, ↑ ↓ move, Escape goes back', async () => {
    const user = await renderRegister();
    await addBySearch(user, 'tin', 'Peak Milk tin');
    await addBySearch(user, 'PEAK-400', 'Peak Milk 400g');
    await user.keyboard('{ArrowUp}');
    expect(lineOf('Peak Milk 400g')).toHaveFocus();
    await user.keyboard('++');
    expect(quantityOf('Peak Milk 400g')).toHaveValue('3');
    expect(lineOf('Peak Milk 400g')).toHaveFocus();
    await user.keyboard('-');
    expect(quantityOf('Peak Milk 400g')).toHaveValue('2');
    await user.keyboard('{ArrowUp}-');
    expect(lineOf('Peak Milk tin')).toHaveFocus();
    // One is the least: − does not go below it.
    expect(quantityOf('Peak Milk tin')).toHaveValue('1');
    await user.keyboard('{ArrowDown}');
    expect(lineOf('Peak Milk 400g')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(search()).toHaveFocus();
    // ↓ past the last line is the search too; a letter on a line is typed in the search.
    await user.keyboard('{ArrowUp}{ArrowDown}');
    expect(search()).toHaveFocus();
    await user.keyboard('{ArrowUp}r');
    expect(search()).toHaveFocus();
    expect(search()).toHaveValue('r');
  });

  it('a number on a focused line types its quantity; Enter keeps it and the search has the focus', async () => {
    const user = await renderRegister();
    await addBySearch(user, 'tin', 'Peak Milk tin');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('5');
    expect(quantityOf('Peak Milk tin')).toHaveFocus();
    expect(quantityOf('Peak Milk tin')).toHaveValue('5');
    await user.keyboard('{Enter}');
    expect(quantityOf('Peak Milk tin')).toHaveValue('5');
    expect(search()).toHaveFocus();
    // Enter on a line opens its quantity too; Escape there puts it back and returns to the line.
    await user.keyboard('{ArrowUp}{Enter}');
    expect(quantityOf('Peak Milk tin')).toHaveFocus();
    await user.keyboard('8{Escape}');
    expect(quantityOf('Peak Milk tin')).toHaveValue('5');
    expect(lineOf('Peak Milk tin')).toHaveFocus();
    // The + button with the mouse: the focus goes back to the search as well.
    await user.click(screen.getByRole('button', { name: 'One more Peak Milk tin' }));
    expect(quantityOf('Peak Milk tin')).toHaveValue('6');
    expect(search()).toHaveFocus();
  });

  it('Delete removes the focused line and focuses the next one, then the search', async () => {
    const user = await renderRegister();
    await addBySearch(user, 'tin', 'Peak Milk tin');
    await addBySearch(user, 'PEAK-400', 'Peak Milk 400g');
    await user.keyboard('{ArrowUp}{ArrowUp}{Delete}');
    expect(lines()).toHaveLength(1);
    expect(lineOf('Peak Milk 400g')).toHaveFocus();
    await user.keyboard('{Delete}');
    expect(lines()).toHaveLength(0);
    expect(search()).toHaveFocus();
  });

  it('on a touch screen an add leaves the focus alone (the on-screen keyboard stays closed)', async () => {
    const user = await renderRegister();
    await user.keyboard('tin');
    const option = await screen.findByRole('option', { name: /Peak Milk tin/ });
    search().blur();
    fireEvent.pointerDown(option, { pointerType: 'touch' });
    fireEvent.click(option);
    await waitFor(() => expect(lineOf('Peak Milk tin')).toBeDefined());
    expect(search()).not.toHaveFocus();
    // A key again: the next add puts the focus back in the search.
    await user.keyboard('{F2}PEAK-400');
    await screen.findByRole('option', { name: /Peak Milk 400g/ });
    search().blur();
    fireEvent.keyDown(document.body, { key: 'Shift' });
    fireEvent.click(screen.getByRole('option', { name: /Peak Milk 400g/ }));
    await waitFor(() => expect(lineOf('Peak Milk 400g')).toBeDefined());
    expect(search()).toHaveFocus();
  });

  it('after a paid sale the next one starts in the search', async () => {
    const user = await renderRegister();
    await addBySearch(user, 'tin', 'Peak Milk tin');
    await user.keyboard('{F9}');
    await user.click(await screen.findByRole('button', { name: 'Confirm cash' }));
    await user.click(await screen.findByRole('button', { name: 'New sale' }));
    await waitFor(() => expect(search()).toHaveFocus());
    expect(lines()).toHaveLength(0);
  });

  it('a quantity typed and not used is forgotten when the sale is paid, not carried into the next', async () => {
    const user = await renderRegister();
    await addBySearch(user, 'tin', 'Peak Milk tin');
    await user.keyboard('4*');
    expect(screen.getByTestId('pending-quantity')).toHaveTextContent('4 ×');
    await user.keyboard('{F9}');
    await user.click(await screen.findByRole('button', { name: 'Confirm cash' }));
    await user.click(await screen.findByRole('button', { name: 'New sale' }));
    await waitFor(() => expect(search()).toHaveFocus());
    expect(screen.queryByTestId('pending-quantity')).toBeNull();
    await addBySearch(user, 'PEAK-400', 'Peak Milk 400g');
    expect(quantityOf('Peak Milk 400g')).toHaveValue('1');
  });

  it('F4 finds a customer by typing, ↑ ↓ and Enter pick, and the focus goes back to the search', async () => {
    const user = await renderRegister();
    await user.keyboard('{F4}');
    const dialog = await screen.findByRole('dialog', { name: 'Customer' });
    const find = within(dialog).getByRole('combobox', { name: 'Search customers' });
    await waitFor(() => expect(find).toHaveFocus());
    await user.keyboard('mama');
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(2));
    expect(within(dialog).getByRole('option', { name: /Mama Titi/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('option', { name: /Mama Tunde/ })).toHaveAttribute('aria-selected', 'true');
    expect(find).toHaveAttribute('aria-activedescendant', within(dialog).getByRole('option', { name: /Tunde/ }).id);
    await user.keyboard('{ArrowUp}{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByTestId('cart-customer')).toHaveTextContent('Mama Tunde'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Customer' })).toBeNull());
    await waitFor(() => expect(search()).toHaveFocus());

    // Escape closes it; the search has the focus again.
    await user.keyboard('{F4}');
    await screen.findByRole('dialog', { name: 'Customer' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Customer' })).toBeNull());
    await waitFor(() => expect(search()).toHaveFocus());
  });

  it('Enter typed before the customers answer picks the first of that answer', async () => {
    const user = await renderRegister();
    await user.keyboard('{F4}');
    const dialog = await screen.findByRole('dialog', { name: 'Customer' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Search customers' })).toHaveFocus());
    await user.keyboard('tunde{Enter}');
    await waitFor(() => expect(screen.getByTestId('cart-customer')).toHaveTextContent('Mama Tunde'));
  });
});
