import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import type { Permission, RegisterFavourites, RegisterSellable, SellableChangesPage } from '@ipos/contracts';
import { jsonResponse, problemResponse } from '../../../test/api';
import { LEKKI_ID, reportingStore } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/render';
import { storageKeys, writeStored } from '../../../lib/storage';
import { closeQuerySnapshotDb, loadQuerySnapshot, persistQueries } from '../../../lib/query-persistence';
import { catalogueSnapshot, forgetLiveCatalogue } from '../catalogue/catalogue';
import { catalogueItem } from '../catalogue/catalogue-test-rows';
import { renderRegisterScreen } from '../test/render-register';

const DRINKS = '0190a6a0-0000-7000-8000-0000000000c1';
const peak = catalogueItem({ name: 'Peak Milk 400g', sku: 'PEAK-400', priceMinor: 45_000 });
const malt = catalogueItem({ name: 'Malt crate', sku: 'MALT-CRATE', categoryId: DRINKS, priceMinor: 80_000 });
const rice = catalogueItem({ name: 'Rice 5kg', sku: 'RICE-5', priceMinor: 900_000 });

/** A sellable as the favourites answer carries it (the server's price then, no barcodes list). */
const listed = ({ barcodes: _b, categoryId: _c, archived: _a, ...s }: typeof peak, priceMinor = s.priceMinor) =>
  ({ ...s, priceMinor }) satisfies RegisterSellable;

/** The API: the catalogue's download, the store with these permissions, and the favourites (kept here). */
function stubApi(favourites: RegisterFavourites, permissions: Permission[] = ['checkout.sell']) {
  const state = { favourites, serverUp: true, saved: [] as unknown[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname } = new URL(url, 'http://localhost');
      const method = init?.method ?? 'GET';
      if (!state.serverUp) throw new TypeError('Failed to fetch');
      if (pathname === '/api/v1/sellables/changes')
        return jsonResponse({
          items: [peak, malt, rice],
          nextCursor: 'c1',
          complete: true,
        } satisfies SellableChangesPage);
      if (pathname === '/api/v1/stores/current') return jsonResponse({ ...reportingStore, permissions });
      if (pathname === '/api/v1/held-sales') return jsonResponse({ items: [] });
      if (pathname === '/api/v1/categories')
        return jsonResponse({
          items: [
            { id: DRINKS, parentId: null, name: 'Drinks', position: 0, isArchived: false, version: 1, children: [] },
          ],
        });
      if (pathname === '/api/v1/register-favourites' && method === 'GET') return jsonResponse(state.favourites);
      if (pathname === '/api/v1/register-favourites' && method === 'PUT') {
        const body = JSON.parse(String(init!.body)) as { version: number; variantIds: string[] };
        state.saved.push(body);
        if (body.version !== state.favourites.version) return problemResponse(409, 'VERSION_CONFLICT');
        const all = [peak, malt, rice];
        state.favourites = {
          kind: 'favourites',
          items: body.variantIds.map((id) => listed(all.find((s) => s.variantId === id)!)),
          version: body.version + 1,
        };
        return jsonResponse(state.favourites);
      }
      throw new TypeError(`unexpected ${method} ${pathname}`);
    }),
  );
  return state;
}

beforeEach(() => {
  forgetLiveCatalogue();
  writeStored(storageKeys.storeId, LEKKI_ID);
});
afterEach(async () => {
  forgetLiveCatalogue();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await closeQuerySnapshotDb();
});

function renderRegister(queryClient: QueryClient = testQueryClient()) {
  return renderRegisterScreen({ queryClient });
}

const lines = () => screen.queryAllByTestId('cart-line');
const tileNames = async (group: string) =>
  within(await screen.findByRole('group', { name: group }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('<RegisterScreen> first screen', () => {
  it('opens on the pinned favourites, in their order, priced from the device; a tap adds one', async () => {
    stubApi({ kind: 'favourites', items: [listed(rice), listed(peak, 40_000)], version: 3 });
    renderRegister();
    // While they load, a spinner says so by name.
    expect(await screen.findByRole('status', { name: 'Loading the favourites' })).toBeInTheDocument();
    const first = await screen.findByRole('button', { name: 'Favourites' });
    expect(first).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'All' })).not.toBeInTheDocument();
    expect(await tileNames('Favourites')).toEqual([
      expect.stringContaining('Rice 5kg'),
      expect.stringContaining('Peak Milk 400g'),
    ]);
    // Once the catalogue is on the device, a tile shows its price now, not the one the list was read with.
    await waitFor(() => expect(catalogueSnapshot(LEKKI_ID).ready).toBe(true));
    await waitFor(async () => expect((await tileNames('Favourites'))[1]).toContain('450.00'));
    // A cashier cannot change them.
    expect(screen.queryByRole('button', { name: 'Edit favourites' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Peak Milk 400g/ }));
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toHaveTextContent('Peak Milk 400g');
    // A category still shows its products, and the favourites are one tap away.
    await user.click(screen.getByRole('button', { name: 'Drinks' }));
    expect(await tileNames('Drinks')).toEqual([expect.stringContaining('Malt crate')]);
    await user.click(screen.getByRole('button', { name: 'Favourites' }));
    expect(await tileNames('Favourites')).toHaveLength(2);
  });

  it('opens on the best sellers while nothing is pinned, and says so', async () => {
    stubApi({ kind: 'best-sellers', items: [listed(malt)], version: 0 });
    renderRegister();
    expect(await screen.findByRole('button', { name: 'Best sellers' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('What sold most here in the last 30 days.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('group', { name: 'Best sellers' })).getByRole('button'));
    expect(lines()[0]).toHaveTextContent('Malt crate');
  });

  it('opens on the favourites kept on the device when the server is gone', async () => {
    const api = stubApi({ kind: 'favourites', items: [listed(malt), listed(rice)], version: 1 });
    const keep = {
      isKept: (key: readonly unknown[]) => key[0] === 'register-favourites',
      accountKey: () => 'issuer#ada',
      debounceMs: 0,
    };
    const online = testQueryClient();
    const stop = await persistQueries(online, { ...keep, isOnline: () => true });
    const first = renderRegister(online);
    await tileNames('Favourites');
    await waitFor(() => expect(catalogueSnapshot(LEKKI_ID).ready).toBe(true));
    await expect.poll(async () => (await loadQuerySnapshot('issuer#ada')).length).toBe(1);
    stop();
    first.unmount();

    // The next start: nothing in memory, the network gone.
    forgetLiveCatalogue();
    api.serverUp = false;
    const offline = testQueryClient();
    await persistQueries(offline, { ...keep, isOnline: () => false });
    renderRegister(offline);
    expect(await tileNames('Favourites')).toEqual([
      expect.stringContaining('Malt crate'),
      expect.stringContaining('Rice 5kg'),
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Rice 5kg/ }));
    expect(lines()[0]).toHaveTextContent('Rice 5kg');
  });

  it('says so calmly when the favourites were never read on the device and the server is gone', async () => {
    const api = stubApi({ kind: 'favourites', items: [listed(malt)], version: 1 });
    api.serverUp = false;
    renderRegister();
    expect(
      await screen.findByText(
        'The favourites show once the server has been reached: choose a category, search or scan.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('The favourites could not be loaded')).not.toBeInTheDocument();
  });

  it('lets a manager (settings.store) pin, order and unpin favourites, starting from the best sellers', async () => {
    const api = stubApi({ kind: 'best-sellers', items: [listed(malt), listed(rice)], version: 0 }, [
      'checkout.sell',
      'settings.store',
    ]);
    renderRegister();
    await waitFor(() => expect(catalogueSnapshot(LEKKI_ID).ready).toBe(true));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit favourites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register favourites' });
    expect(within(dialog).getByRole('button', { name: 'Save favourites' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Start from the best sellers' }));
    await user.click(within(dialog).getByRole('button', { name: 'Unpin Malt crate' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Pin an item' }), 'peak');
    await user.click(await within(dialog).findByRole('button', { name: 'Pin Peak Milk 400g' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move up: Peak Milk 400g' }));
    const pinned = within(within(dialog).getByRole('list', { name: 'Pinned favourites' })).getAllByRole('listitem');
    expect(pinned.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Peak Milk 400g'),
      expect.stringContaining('Rice 5kg'),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Save favourites' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.saved).toEqual([{ version: 0, variantIds: [peak.variantId, rice.variantId] }]);
    expect(screen.getByRole('button', { name: 'Favourites' })).toHaveAttribute('aria-pressed', 'true');
    expect(await tileNames('Favourites')).toEqual([
      expect.stringContaining('Peak Milk 400g'),
      expect.stringContaining('Rice 5kg'),
    ]);
  });

  it('says why a save was refused and keeps the dialog open', async () => {
    const api = stubApi({ kind: 'favourites', items: [listed(rice)], version: 2 }, ['checkout.sell', 'settings.store']);
    renderRegister();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit favourites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register favourites' });
    // Someone else saved meanwhile.
    api.favourites = { ...api.favourites, version: 3 };
    await user.click(within(dialog).getByRole('button', { name: 'Unpin Rice 5kg' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save favourites' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The favourites were not saved');
    expect(api.saved).toEqual([{ version: 2, variantIds: [] }]);
  });
});
