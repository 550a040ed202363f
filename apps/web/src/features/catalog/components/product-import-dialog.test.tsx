import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportReport } from '@ipos/contracts';
import { jsonResponse } from '../../../test/api';
import { renderWithProviders } from '../../../test/render';
import { ProductImportDialog } from './product-import-dialog';

vi.setConfig({ testTimeout: 20_000 });

const limit =
  'Products: the Free plan allows 250 active products; the business has 249 and this would add 2. An administrator can choose a larger plan in Settings → Plan to raise the limit';
const report: ImportReport = {
  rows: [
    { line: 2, sku: 'IMP-1', name: 'Imported 1', action: 'create', errors: [] },
    { line: 3, sku: 'IMP-2', name: 'Imported 2', action: 'create', errors: [] },
  ],
  summary: { total: 2, create: 2, update: 0, unchanged: 0, errors: 0 },
  committed: false,
  planLimit: limit,
};

describe('<ProductImportDialog />', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says before importing that the file would pass the plan’s product limit, and offers no import', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const key = `${init?.method ?? 'GET'} ${url}`;
        calls.push(key);
        if (key !== 'POST /api/v1/products/import/preview') throw new Error(`unexpected ${key}`);
        return jsonResponse(report);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ProductImportDialog opened onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['sku,name\nIMP-1,Imported 1\n'], 'products.csv', { type: 'text/csv' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This file would pass the plan’s product limit');
    expect(alert).toHaveTextContent(limit);
    expect(within(dialog).getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
    expect(calls).toEqual(['POST /api/v1/products/import/preview']);
  });
});
