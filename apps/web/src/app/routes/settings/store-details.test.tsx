import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissions, type BusinessProfile, type ActiveStore } from '@ipos/contracts';
import { toast, ToastViewport } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { BUSINESS_ID, IKEJA_ID, LEKKI_ID, reportingStore } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { StoreDetailsRoute } from './store-details';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  toast.hide();
});

const profile: BusinessProfile = {
  id: BUSINESS_ID,
  name: 'Demo Mart',
  country: 'NG',
  currency: 'NGN',
  taxId: 'TIN-123',
  phone: null,
  email: 'hello@demomart.ng',
  address: null,
  receiptHeader: null,
  receiptFooter: 'Thank you for shopping with us',
  logoVersion: null,
  currencyLocked: false,
  version: 4,
};
const locations = {
  items: [
    {
      id: LEKKI_ID,
      name: 'Demo Mart Lekki',
      alias: 'LEK',
      address: '12 Admiralty Way',
      phone: null,
      timeZone: 'Africa/Lagos',
    },
    {
      id: IKEJA_ID,
      name: 'Demo Mart Ikeja',
      alias: 'IKJ',
      address: null,
      phone: '+234 1 234',
      timeZone: 'Africa/Lagos',
    },
  ],
};
const admin: ActiveStore = { ...reportingStore, permissions: [...permissions] };
const manager: ActiveStore = { ...reportingStore, permissions: ['dashboard.view', 'settings.store'] };

function show() {
  localStorage.setItem('store-id', LEKKI_ID);
  renderRoutes(
    [
      {
        path: '/dashboard/settings/store-details',
        element: (
          <>
            <StoreDetailsRoute />
            <ToastViewport />
          </>
        ),
      },
      { path: '/dashboard/settings/store-details/location/:id', element: <h1>Location page</h1> },
    ],
    { initialEntries: ['/dashboard/settings/store-details'] },
  );
  // A file input's accept is the browser's hint, not a rule: the field checks what it is given.
  return userEvent.setup({ applyAccept: false });
}

describe('store details', () => {
  it('saves the business profile with the version read, and lists the stores linking to their settings', async () => {
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/business-profile': () => jsonResponse(profile),
      'GET /api/v1/business-profile/locations': () => jsonResponse(locations),
      'PUT /api/v1/business-profile': (body) => jsonResponse({ ...profile, ...(body as object), version: 5 }),
    });
    const user = show();
    const name = await screen.findByRole('textbox', { name: 'Business name' });
    expect(name).toHaveValue('Demo Mart');
    expect(screen.getByRole('textbox', { name: 'Receipt footer' })).toHaveValue('Thank you for shopping with us');
    expect(screen.getByText('Changeable until the first sale.')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Demo Mart Ltd');
    await user.type(screen.getByRole('textbox', { name: 'Receipt header' }), 'Open 8 am to 9 pm');
    await user.clear(screen.getByRole('textbox', { name: 'Tax id' }));
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByRole('option', { name: 'US dollar ($)', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/v1/business-profile')).toBe(true));
    expect(calls.find((c) => c.key === 'PUT /api/v1/business-profile')!.body).toEqual({
      version: 4,
      name: 'Demo Mart Ltd',
      country: 'NG',
      currency: 'USD',
      taxId: null,
      phone: null,
      email: 'hello@demomart.ng',
      address: null,
      receiptHeader: 'Open 8 am to 9 pm',
      receiptFooter: 'Thank you for shopping with us',
    });
    expect(await screen.findByText('Saved the profile of Demo Mart Ltd.')).toBeInTheDocument();

    const stores = screen.getByRole('region', { name: 'Stores' });
    expect(within(stores).getByRole('cell', { name: 'IKJ' })).toBeInTheDocument();
    await user.click(within(stores).getByRole('link', { name: 'Demo Mart Ikeja' }));
    expect(await screen.findByRole('heading', { name: 'Location page' })).toBeInTheDocument();
  });

  it('keeps the currency once the business has sold, and puts the API’s field errors in place', async () => {
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/business-profile': () => jsonResponse({ ...profile, currencyLocked: true }),
      'GET /api/v1/business-profile/locations': () => jsonResponse({ items: [] }),
      'PUT /api/v1/business-profile': () =>
        problemResponse(400, 'VALIDATION_FAILED', 'Check the fields', [
          { field: 'body.email', message: 'Enter an email address' },
        ]),
    });
    const user = show();
    expect(await screen.findByRole('combobox', { name: 'Currency' })).toBeDisabled();
    expect(screen.getByText('Fixed since the first sale: every amount recorded is in it.')).toBeInTheDocument();
    expect(await screen.findByText('No stores yet')).toBeInTheDocument();

    const name = screen.getByRole('textbox', { name: 'Business name' });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the business name')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'PUT /api/v1/business-profile')).toHaveLength(0);

    await user.type(name, 'Demo Mart');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter an email address')).toBeInTheDocument();
  });

  it('uploads a logo as soon as it is chosen, refusing what the API would refuse', async () => {
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/business-profile': () => jsonResponse(profile),
      'GET /api/v1/business-profile/locations': () => jsonResponse(locations),
      'PUT /api/v1/business-profile/logo': () => jsonResponse({ ...profile, logoVersion: 1 }),
      'GET /api/v1/business-profile/logo?v=1': () => new Response('png', { headers: { 'content-type': 'image/png' } }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:logo');
    URL.revokeObjectURL = vi.fn();
    const user = show();
    await screen.findByRole('button', { name: 'Upload a logo' });
    const input = screen.getByTestId('business-logo-input');

    await user.upload(input, new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a JPEG or PNG image');
    expect(calls.filter((c) => c.key === 'PUT /api/v1/business-profile/logo')).toHaveLength(0);

    const logo = new File(['png'], 'logo.png', { type: 'image/png' });
    await user.upload(input, logo);
    expect(await screen.findByText('The new logo is saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'PUT /api/v1/business-profile/logo')!.body).toBe(logo);
    expect(await screen.findByRole('img', { name: 'Business logo' })).toHaveAttribute('src', 'blob:logo');
    expect(screen.getByRole('button', { name: 'Remove logo' })).toBeInTheDocument();
  });

  it('adds a store from Stores: the code taken stays on its field, then it is added and listed', async () => {
    const added = {
      id: '0190a6a0-0000-7000-8000-0000000000dd',
      name: 'Victoria Island',
      alias: 'VI',
      address: null,
      phone: '+234 801 234 5678',
      timeZone: 'Africa/Lagos',
    };
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/business-profile': () => jsonResponse(profile),
      'GET /api/v1/business-profile/locations': [
        () => jsonResponse(locations),
        () => jsonResponse({ items: [...locations.items, added] }),
      ],
      'POST /api/v1/business-profile/locations': [
        () =>
          problemResponse(409, 'ALIAS_TAKEN', 'Demo Mart Lekki already uses the alias LEK', [
            { field: 'alias', message: 'Demo Mart Lekki already uses LEK; choose another' },
          ]),
        () => jsonResponse(added, 201),
      ],
    });
    const user = show();
    const stores = await screen.findByRole('region', { name: 'Stores' });
    await user.click(within(stores).getByRole('button', { name: 'Add a store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a store to Demo Mart' });
    await user.click(within(dialog).getByRole('button', { name: 'Add the store' }));
    expect(await within(dialog).findByText('Enter the store’s name')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/v1/business-profile/locations')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Store name' }), 'Victoria Island');
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'lek');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '+234 801 234 5678');
    await user.click(within(dialog).getByRole('button', { name: 'Add the store' }));
    expect(await within(dialog).findByText('Demo Mart Lekki already uses LEK; choose another')).toBeInTheDocument();

    const code = within(dialog).getByRole('textbox', { name: /^Code/ });
    await user.clear(code);
    await user.type(code, 'vi');
    await user.click(within(dialog).getByRole('button', { name: 'Add the store' }));
    expect(await screen.findByText('Added Victoria Island (VI).')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.key === 'POST /api/v1/business-profile/locations').map((c) => c.body)).toEqual([
      { name: 'Victoria Island', alias: 'LEK', address: null, phone: '+234 801 234 5678', timeZone: 'Africa/Lagos' },
      { name: 'Victoria Island', alias: 'VI', address: null, phone: '+234 801 234 5678', timeZone: 'Africa/Lagos' },
    ]);
    expect(await within(stores).findByRole('link', { name: 'Victoria Island' })).toBeInTheDocument();
  });

  it('sends a role without settings.business to its store’s settings', async () => {
    stubApi({ 'GET /api/v1/stores/current': () => jsonResponse(manager) });
    const user = show();
    expect(await screen.findByText(/Your role does not allow changing the business’s details/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Open this store’s settings' }));
    expect(await screen.findByRole('heading', { name: 'Location page' })).toBeInTheDocument();
  });
});
