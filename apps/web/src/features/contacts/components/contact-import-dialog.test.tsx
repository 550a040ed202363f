import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactImportReport } from '@ipos/contracts';
import { jsonResponse } from '../../../test/api';
import { renderWithProviders } from '../../../test/render';
import { ContactImportDialog } from './contact-import-dialog';

vi.setConfig({ testTimeout: 20_000 });

const report = (errors: boolean): ContactImportReport => ({
  rows: [
    {
      line: 2,
      id: null,
      kind: 'vendor',
      name: 'Journey Farms',
      action: 'create',
      errors: [],
      warnings: [{ field: 'phone', message: 'Okafor Wholesale already has this phone number' }],
    },
    {
      line: 3,
      id: null,
      kind: 'vendor',
      name: 'Journey Oils',
      action: errors ? 'error' : 'create',
      errors: errors ? [{ field: 'email', message: 'Enter an email address' }] : [],
      warnings: [],
    },
  ],
  summary: { total: 2, create: errors ? 1 : 2, update: 0, unchanged: 0, errors: errors ? 1 : 0, warnings: 1 },
  committed: false,
});

describe('<ContactImportDialog />', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('previews the rows with errors and warnings; imports only a file without errors', async () => {
    // stubApi reads JSON bodies; these requests carry the file, so a small fetch of their own.
    const answers: Record<string, Response[]> = {
      'POST /api/v1/contacts/import/preview': [jsonResponse(report(true)), jsonResponse(report(false))],
      'POST /api/v1/contacts/import': [jsonResponse({ ...report(false), committed: true })],
    };
    const calls: { key: string; type: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const key = `${init?.method ?? 'GET'} ${url}`;
        calls.push({ key, type: new Headers(init?.headers).get('content-type') });
        const next = answers[key]?.shift();
        if (!next) throw new Error(`unexpected ${key}`);
        return next;
      }),
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ContactImportDialog opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['kind,name\nvendor,Journey Oils\n'], 'vendors.csv', { type: 'text/csv' }));
    const rows = await within(dialog).findAllByTestId('import-row');
    expect(rows[1]).toHaveTextContent('Error');
    expect(rows[1]).toHaveTextContent('email: Enter an email address');
    expect(rows[0]).toHaveTextContent('phone: Okafor Wholesale already has this phone number');
    expect(within(dialog).getByRole('button', { name: 'Import 1 row' })).toBeDisabled();

    await user.upload(input, new File(['fixed'], 'vendors.csv', { type: 'text/csv' }));
    await waitFor(() => expect(within(dialog).getByTestId('import-summary')).toHaveTextContent('2 new'));
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      { key: 'POST /api/v1/contacts/import/preview', type: 'text/csv' },
      { key: 'POST /api/v1/contacts/import/preview', type: 'text/csv' },
      { key: 'POST /api/v1/contacts/import', type: 'text/csv' },
    ]);
  });
});
