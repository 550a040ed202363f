import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActiveStore, StoreSettings } from '@ipos/contracts';
import { toast, ToastViewport } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { LEKKI_ID, reportingStore } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { StoreLocationRoute } from './store-location';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  toast.hide();
});

const settings: StoreSettings = {
  id: LEKKI_ID,
  name: 'Demo Mart Lekki',
  alias: 'LEK',
  address: '12 Admiralty Way',
  phone: null,
  timeZone: 'Africa/Lagos',
  allowNegativeStock: false,
  wasteApprovalThresholdMinor: 500_000,
  version: 3,
};
const SETTINGS = `/api/v1/stores/${LEKKI_ID}/settings`;
const manager: ActiveStore = { ...reportingStore, permissions: ['dashboard.view', 'settings.store'] };
const cashier: ActiveStore = { ...reportingStore, permissions: ['dashboard.view', 'checkout.sell'] };

function show() {
  localStorage.setItem('store-id', LEKKI_ID);
  renderRoutes(
    [
      {
        path: '/dashboard/settings/store-details/location/:id',
        element: (
          <>
            <StoreLocationRoute />
            <ToastViewport />
          </>
        ),
      },
    ],
    { initialEntries: [`/dashboard/settings/store-details/location/${LEKKI_ID}`] },
  );
  return userEvent.setup();
}

describe('store location settings', () => {
  it('shows the store’s settings and saves the changes with the version read; a new zone is announced', async () => {
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(manager),
      [`GET ${SETTINGS}`]: () => jsonResponse(settings),
      [`PATCH ${SETTINGS}`]: (body) =>
        jsonResponse({ ...settings, ...(body as object), version: 4, address: '14 Admiralty Way' }),
    });
    const user = show();
    expect(await screen.findByRole('heading', { name: 'Demo Mart Lekki' })).toBeInTheDocument();
    const address = screen.getByRole('textbox', { name: 'Address' });
    expect(address).toHaveValue('12 Admiralty Way');
    expect(screen.getByRole('textbox', { name: 'Waste approval threshold' })).toHaveValue('5000.00');

    await user.clear(address);
    await user.type(address, '14 Admiralty Way');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+234 801 234 5678');
    await user.click(screen.getByRole('switch', { name: /Allow stock to go below zero/ }));
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await user.click(await screen.findByRole('option', { name: 'Africa/Nairobi', hidden: true }));
    expect(screen.getByText(/Reports will count every past sale on its day in Africa\/Nairobi/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((c) => c.key === `PATCH ${SETTINGS}`)).toBe(true));
    expect(calls.find((c) => c.key === `PATCH ${SETTINGS}`)!.body).toEqual({
      version: 3,
      name: 'Demo Mart Lekki',
      address: '14 Admiralty Way',
      phone: '+234 801 234 5678',
      timeZone: 'Africa/Nairobi',
      allowNegativeStock: true,
      wasteApprovalThresholdMinor: 500_000,
    });
    expect(await screen.findByText('Saved Demo Mart Lekki.')).toBeInTheDocument();
  });

  it('checks the fields before sending, and says when someone else saved first', async () => {
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(manager),
      [`GET ${SETTINGS}`]: () => jsonResponse(settings),
      [`PATCH ${SETTINGS}`]: () =>
        problemResponse(
          409,
          'VERSION_CONFLICT',
          'Someone changed this store since you loaded it; reload and try again',
        ),
    });
    const user = show();
    const name = await screen.findByRole('textbox', { name: 'Store name' });
    await user.clear(name);
    const threshold = screen.getByRole('textbox', { name: 'Waste approval threshold' });
    await user.clear(threshold);
    await user.type(threshold, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the store’s name')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === `PATCH ${SETTINGS}`)).toHaveLength(0);

    await user.type(name, 'Lekki');
    await user.clear(threshold);
    await user.type(threshold, '7500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed this meanwhile');
    expect(calls.filter((c) => c.key === `PATCH ${SETTINGS}`)).toHaveLength(1);
  });

  it('shows the settings without a way to change them to a role without settings.store', async () => {
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(cashier),
      [`GET ${SETTINGS}`]: () => jsonResponse(settings),
    });
    show();
    expect(await screen.findByRole('heading', { name: 'Demo Mart Lekki' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Address' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText(/a manager changes them/)).toBeInTheDocument();
  });

  it('says when the settings cannot be read, with a retry', async () => {
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(manager),
      [`GET ${SETTINGS}`]: [
        () => problemResponse(403, 'FORBIDDEN', 'Your role does not allow this (settings.store)'),
        () => jsonResponse(settings),
      ],
    });
    const user = show();
    expect(await screen.findByText('This store’s settings could not be read')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Store settings' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Demo Mart Lekki' })).toBeInTheDocument();
  });
});
