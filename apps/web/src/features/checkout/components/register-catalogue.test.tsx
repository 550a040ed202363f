import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SellableChangesPage } from '@ipos/contracts';
import { toast } from '../../../components/toast';
import { jsonResponse } from '../../../test/api';
import { LEKKI_ID, reportingStore } from '../../../test/fixtures';
import { storageKeys, writeStored } from '../../../lib/storage';
import { catalogueSnapshot, forgetLiveCatalogue } from '../catalogue/catalogue';
import { catalogueItem } from '../catalogue/catalogue-test-rows';
import { renderRegisterScreen } from '../test/render-register';

const DRINKS = '0190a6a0-0000-7000-8000-0000000000c1';
const peak = catalogueItem({
  name: 'Peak Milk 400g',
  sku: 'PEAK-400',
  barcodes: ['6001234567890'],
  priceMinor: 45_000,
});
/** Added on the server after the download: not on the device yet. */
const fresh = catalogueItem({ name: 'Fresh Zobo', sku: 'ZOBO-1', barcodes: ['6009999900001'], priceMinor: 5_000 });
const malt = catalogueItem({ name: 'Malt crate', sku: 'MALT-CRATE', categoryId: DRINKS, priceMinor: 80_000 });

/** The API: the catalogue's full download, then nothing else ever answers (the server is gone). */
function stubApi() {
  const asked: string[] = [];
  let serverUp = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname } = new URL(url, 'http://localhost');
      asked.push(pathname);
      if (!serverUp) throw new TypeError('Failed to fetch');
      if (pathname === '/api/v1/sellables/changes')
        return jsonResponse({ items: [peak, malt], nextCursor: 'c1', complete: true } satisfies SellableChangesPage);
      if (pathname === '/api/v1/sellables')
        return jsonResponse({ items: [fresh], total: 1, page: 1, pageSize: 5, totalCapped: false });
      if (pathname === '/api/v1/stores/current') return jsonResponse(reportingStore);
      if (pathname === '/api/v1/held-sales') return jsonResponse({ items: [] });
      if (pathname === '/api/v1/categories')
        return jsonResponse({
          items: [
            { id: DRINKS, parentId: null, name: 'Drinks', position: 0, isArchived: false, version: 1, children: [] },
          ],
        });
      throw new TypeError(`unexpected ${pathname}`);
    }),
  );
  return {
    asked,
    serverGone: () => {
      serverUp = false;
    },
  };
}

beforeEach(() => {
  forgetLiveCatalogue();
  writeStored(storageKeys.storeId, LEKKI_ID);
});
afterEach(() => {
  forgetLiveCatalogue();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderRegister() {
  return renderRegisterScreen();
}

/** What a keyboard-wedge scanner does: the characters a few ms apart, then Enter. */
function scanBurst(code: string) {
  for (const key of code) fireEvent.keyDown(document.body, { key });
  fireEvent.keyDown(document.body, { key: 'Enter' });
}

const lines = () => screen.queryAllByTestId('cart-line');

describe('<RegisterScreen> on the catalogue on the device', () => {
  it('finds, scans and shows tiles from the device once downloaded, with the server gone', async () => {
    const api = stubApi();
    renderRegister();
    const search = await screen.findByRole('combobox', { name: 'Find a product' });
    await waitFor(() => expect(catalogueSnapshot(LEKKI_ID).ready).toBe(true));
    await screen.findByRole('button', { name: 'Drinks' });
    api.serverGone();
    const askedBefore = api.asked.length;

    const user = userEvent.setup();
    await user.click(search);
    await user.keyboard('peak');
    const options = await screen.findAllByRole('option');
    // The list answers without a request.
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('Peak Milk 400g')]);
    await user.keyboard('{Enter}');
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toHaveTextContent('Peak Milk 400g');

    // A scanner burst: found on the device; a code it does not hold is not found, quietly.
    scanBurst('6001234567890');
    await waitFor(() => expect(lines()[0]).toHaveAttribute('aria-label', 'Peak Milk 400g, 2'));

    // A tile shows its products from the device.
    await user.click(screen.getByRole('button', { name: 'Drinks' }));
    await user.click(await screen.findByRole('button', { name: /Malt crate/ }));
    expect(lines()).toHaveLength(2);
    expect(api.asked.slice(askedBefore).filter((p) => p.startsWith('/api/v1/sellables'))).toEqual([]);
    const shown = vi.spyOn(toast, 'show');
    scanBurst('6009999900001');
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: 'No product with barcode 6009999900001' })),
    );
    expect(lines()).toHaveLength(2);
  });

  it('a scan while the device’s copy is still being read (a reload with the server gone) waits for it', async () => {
    const api = stubApi();
    const first = renderRegister();
    await waitFor(() => expect(catalogueSnapshot(LEKKI_ID).ready).toBe(true));
    first.unmount();
    // The reload: nothing in memory, the copy on the device, the server gone.
    forgetLiveCatalogue();
    api.serverGone();
    const shown = vi.spyOn(toast, 'show');
    renderRegister();
    await screen.findByRole('combobox', { name: 'Find a product' });
    expect(catalogueSnapshot(LEKKI_ID).ready).toBe(false);
    scanBurst('6001234567890');
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(lines()[0]).toHaveTextContent('Peak Milk 400g');
    expect(shown).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'error' }));
  });

  it('asks the server for a code the device does not hold yet, while online', async () => {
    stubApi();
    renderRegister();
    await screen.findByRole('combobox', { name: 'Find a product' });
    await waitFor(() => expect(catalogueSnapshot(LEKKI_ID).ready).toBe(true));
    scanBurst('6009999900001');
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(lines()[0]).toHaveTextContent('Fresh Zobo');
  });
});
