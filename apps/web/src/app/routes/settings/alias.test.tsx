import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActiveStore, StoreAlias } from '@ipos/contracts';
import { toast, ToastViewport } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { LEKKI_ID, reportingStore } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { AliasRoute } from './alias';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  toast.hide();
});

const manager: ActiveStore = { ...reportingStore, permissions: ['dashboard.view', 'settings.alias'] };
const alias: StoreAlias = { id: LEKKI_ID, name: 'Lekki', alias: 'LEK', displayName: 'Demo Mart Lekki', version: 5 };
const ALIAS = `/api/v1/stores/${LEKKI_ID}/alias`;

function show() {
  localStorage.setItem('store-id', LEKKI_ID);
  renderRoutes(
    [
      {
        path: '/dashboard/settings/alias',
        element: (
          <>
            <AliasRoute />
            <ToastViewport />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/settings/alias'] },
  );
  return userEvent.setup();
}

describe('store alias', () => {
  it('changes the alias and display name, showing what the next numbers look like; a taken alias shows on its field', async () => {
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(manager),
      [`GET ${ALIAS}`]: () => jsonResponse(alias),
      [`PUT ${ALIAS}`]: [
        () =>
          problemResponse(409, 'ALIAS_TAKEN', 'Ikeja already uses the alias IKJ', [
            { field: 'alias', message: 'Ikeja already uses IKJ; choose another' },
          ]),
        () => jsonResponse({ ...alias, alias: 'LKK', displayName: 'Demo Mart, Lekki', version: 6 }),
      ],
    });
    const user = show();
    const code = await screen.findByRole('textbox', { name: 'Alias' });
    expect(code).toHaveValue('LEK');
    expect(screen.getByTestId('alias-example')).toHaveTextContent('Numbers look like LEK-S000001.');
    await user.clear(code);
    await user.type(code, 'ikj');
    expect(screen.getByTestId('alias-example')).toHaveTextContent(
      'The next numbers will look like IKJ-S000001; earlier ones keep LEK.',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ikeja already uses IKJ; choose another')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, 'lkk');
    const display = screen.getByRole('textbox', { name: 'Display name' });
    await user.clear(display);
    await user.type(display, 'Demo Mart, Lekki');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: Lekki is now LKK.')).toBeInTheDocument();
    const puts = calls.filter((c) => c.key === `PUT ${ALIAS}`);
    expect(puts.map((c) => c.body)).toEqual([
      { version: 5, alias: 'IKJ', displayName: 'Demo Mart Lekki' },
      { version: 5, alias: 'LKK', displayName: 'Demo Mart, Lekki' },
    ]);
  });

  it('refuses a code that is not 2 to 5 letters before sending', async () => {
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(manager),
      [`GET ${ALIAS}`]: () => jsonResponse(alias),
    });
    const user = show();
    const code = await screen.findByRole('textbox', { name: 'Alias' });
    await user.clear(code);
    await user.type(code, 'L1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use 2 to 5 letters (A–Z), e.g. LEK')).toBeInTheDocument();
    await waitFor(() => expect(calls.every((c) => c.method === 'GET')).toBe(true));
  });

  it('tells a role without settings.alias that a manager changes it, asking nothing', async () => {
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse({ ...manager, permissions: ['dashboard.view'] }),
    });
    show();
    expect(await screen.findByText(/a manager does/)).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['GET /api/v1/stores/current']);
  });
});
