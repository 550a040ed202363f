import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser, BusinessDetail, StaffOptions } from '@ipos/contracts';
import { toast, ToastViewport } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { BUSINESS_ID, demoMart, demoMartPlan, IKEJA_ID, LEKKI_ID } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { BusinessListRoute } from './business-list';
import { BusinessViewRoute } from './business-view';
import { UsersListRoute } from './users-list';
import { AddUserRoute } from './users-add';

afterEach(() => {
  vi.unstubAllGlobals();
  toast.hide();
});

const NEW_ID = '0190a6a0-0000-7000-8000-0000000000ee';
const ADMIN_ROLE = '0190a6a0-0000-7000-8000-000000000201';
const BASIC_ROLE = '0190a6a0-0000-7000-8000-000000000203';
const OWNER_ID = '0190a6a0-0000-7000-8000-000000000001';
const list = { items: [demoMart], total: 1, page: 1, pageSize: 25 };
const listAll = { ...list, pageSize: 100 };

const detail: BusinessDetail = {
  ...demoMart,
  staff: [
    {
      accountId: OWNER_ID,
      name: 'Ada Owner',
      email: 'owner@demo.ipos.test',
      role: 'IPOS_ADMIN',
      stores: [{ id: LEKKI_ID, name: 'Lekki', alias: 'LEK' }],
      status: 'active',
      isOwner: true,
    },
    {
      accountId: '0190a6a0-0000-7000-8000-000000000004',
      name: 'Bola Cashier',
      email: 'cashier@demo.ipos.test',
      role: 'IPOS_BASIC',
      stores: [{ id: IKEJA_ID, name: 'Ikeja', alias: 'IKJ' }],
      status: 'invited',
      isOwner: false,
    },
  ],
  plan: demoMartPlan,
};

function show(path: string) {
  renderRoutes(
    [
      { path: '/dashboard/business', element: <BusinessListRoute /> },
      { path: '/dashboard/business/view/:id', element: <BusinessViewRoute /> },
      { path: '/dashboard/users', element: <UsersListRoute /> },
      { path: '/dashboard/users/add', element: <AddUserRoute /> },
    ].map((r) => ({
      ...r,
      element: (
        <>
          {r.element}
          <ToastViewport />
        </>
      ),
    })),
    { initialEntries: [path] },
  );
  return userEvent.setup();
}

describe('/dashboard/business', () => {
  it('lists the businesses with today’s figures and creates a new one, then opens it', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/businesses?page=1&pageSize=25': () => jsonResponse(list),
      'POST /api/v1/admin/businesses': () => jsonResponse({ businessId: NEW_ID, storeId: LEKKI_ID }, 201),
      [`GET /api/v1/admin/businesses/${NEW_ID}`]: () =>
        jsonResponse({ ...detail, id: NEW_ID, name: 'Ada Kitchen', currency: 'KSD', country: 'KE' }),
    });
    const user = show('/dashboard/business');
    expect(screen.getByRole('heading', { level: 1, name: 'Businesses' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Businesses' });
    const row = within(table).getByRole('row', { name: /Demo Mart/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Demo MartNGN', 'NG', '2', '5', '3', '₦25,000.00', '2']);
    expect(within(row).getByRole('link', { name: 'Demo Mart' })).toHaveAttribute(
      'href',
      `/dashboard/business/view/${BUSINESS_ID}`,
    );

    await user.click(screen.getByRole('button', { name: 'New business' }));
    const dialog = await screen.findByRole('dialog', { name: 'New business' });
    await user.click(within(dialog).getByRole('button', { name: 'Create business' }));
    expect(await within(dialog).findByText('Enter the business name')).toBeInTheDocument();
    expect(within(dialog).getByText('Use 2 to 5 letters (A–Z), e.g. LEK')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Business name' }), 'Ada Kitchen');
    await user.click(within(dialog).getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'Kenya', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'klm');
    await user.click(within(dialog).getByRole('button', { name: 'Create business' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Ada Kitchen',
      country: 'KE',
      currency: 'KSD',
      store: { name: 'Main store', alias: 'KLM', address: null, phone: null, timeZone: 'Africa/Nairobi' },
    });
    expect(await screen.findByText('Created Ada Kitchen.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Kitchen' })).toBeInTheDocument();
  });

  it('says when the owner has no business yet', async () => {
    stubApi({
      'GET /api/v1/admin/businesses?page=1&pageSize=25': () => jsonResponse({ ...list, items: [], total: 0 }),
    });
    show('/dashboard/business');
    expect(await screen.findByText('You do not own a business yet')).toBeInTheDocument();
  });
});

describe('/dashboard/business/view/:id', () => {
  it('shows today, the stores and the staff, and adds a store (a code in use stays on its field)', async () => {
    const added = {
      id: NEW_ID,
      name: 'Victoria Island',
      alias: 'VI',
      address: null,
      phone: null,
      timeZone: 'Africa/Lagos',
    };
    const calls = stubApi({
      [`GET /api/v1/admin/businesses/${BUSINESS_ID}`]: [
        () => jsonResponse(detail),
        () =>
          jsonResponse({
            ...detail,
            storeCount: 3,
            stores: [...detail.stores, { ...demoMart.stores[1]!, ...added, staffCount: 0 }],
          }),
      ],
      [`POST /api/v1/admin/businesses/${BUSINESS_ID}/stores`]: [
        () =>
          problemResponse(409, 'ALIAS_TAKEN', 'Lekki already uses the alias LEK', [
            { field: 'alias', message: 'Lekki already uses LEK; choose another' },
          ]),
        () => jsonResponse(added, 201),
      ],
    });
    const user = show(`/dashboard/business/view/${BUSINESS_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Mart' })).toBeInTheDocument();
    const today = screen.getByRole('region', { name: 'Today' });
    expect(within(today).getByText('₦25,000.00')).toBeInTheDocument();
    expect(within(today).getByText('₦5,000.00')).toBeInTheDocument();
    const stores = screen.getByRole('region', { name: 'Stores' });
    const lekki = within(stores).getByRole('row', { name: /Lekki/ });
    expect(
      within(lekki)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Lekki12 Admiralty Way', 'LEK', 'Africa/LagosToday is 2026-03-14', '3', '₦25,000.00', '4', '2']);
    const staff = screen.getByRole('region', { name: 'Staff' });
    const bola = within(staff).getByRole('row', { name: /Bola Cashier/ });
    expect(bola).toHaveTextContent('Basic user');
    expect(bola).toHaveTextContent('Ikeja');
    expect(bola).toHaveTextContent('Invited');
    expect(within(staff).getByRole('row', { name: /Ada Owner/ })).toHaveTextContent('Owner');
    // The plan, with a meter per limit: Growth's three stores all used.
    const plan = screen.getByRole('region', { name: 'Plan' });
    expect(within(plan).getByText('Growth')).toBeInTheDocument();
    expect(within(plan).getByRole('progressbar', { name: 'Stores: 3 of 3' })).toBeInTheDocument();
    expect(within(plan).getByRole('progressbar', { name: 'Staff: 5 of 15' })).toBeInTheDocument();
    expect(within(staff).getByRole('link', { name: 'Add a user' })).toHaveAttribute(
      'href',
      `/dashboard/users/add?business=${BUSINESS_ID}`,
    );

    await user.click(within(stores).getByRole('button', { name: 'Add a store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a store to Demo Mart' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Store name' }), 'Victoria Island');
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'lek');
    await user.click(within(dialog).getByRole('button', { name: 'Add the store' }));
    expect(await within(dialog).findByText('Lekki already uses LEK; choose another')).toBeInTheDocument();
    const code = within(dialog).getByRole('textbox', { name: /^Code/ });
    await user.clear(code);
    await user.type(code, 'vi');
    await user.click(within(dialog).getByRole('button', { name: 'Add the store' }));
    expect(await screen.findByText('Added Victoria Island (VI).')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as { alias: string }).alias)).toEqual([
      'LEK',
      'VI',
    ]);
    expect(await within(stores).findByRole('row', { name: /Victoria Island/ })).toBeInTheDocument();
  });

  it('treats another owner’s business like a missing one', async () => {
    stubApi({ [`GET /api/v1/admin/businesses/${NEW_ID}`]: () => problemResponse(404, 'NOT_FOUND', 'x') });
    show(`/dashboard/business/view/${NEW_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Business not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All businesses' })).toHaveAttribute('href', '/dashboard/business');
  });
});

describe('/dashboard/business/view/:id on a phone', () => {
  // jsdom has no layout: each table's box is 300 px wide and each header cell 100 px (the details
  // column 40 px), so two columns fit beside the details buttons.
  beforeEach(() => {
    const inTable = (el: HTMLElement) => el.firstElementChild?.tagName === 'TABLE';
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return inTable(this) ? 300 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      if (!inTable(this)) return 0;
      const cells = [...this.querySelectorAll('table thead th')];
      return cells.reduce((sum, th) => sum + (th.textContent === 'Details' ? 40 : 100), 0);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps each store with its net sales and each person with their status; the rest is in details', async () => {
    stubApi({ [`GET /api/v1/admin/businesses/${BUSINESS_ID}`]: () => jsonResponse(detail) });
    const user = show(`/dashboard/business/view/${BUSINESS_ID}`);
    const stores = await screen.findByRole('table', { name: 'Stores' });
    const headings = (table: HTMLElement) => [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headings(stores)).toEqual(['Store', 'Net sales today', 'Details']);
    await user.click(within(stores).getByRole('button', { name: 'Details: Lekki' }));
    const lekki = stores.querySelector('dl[aria-label="Details: Lekki"]') as HTMLElement;
    expect(within(lekki).getByText('Code').nextElementSibling).toHaveTextContent('LEK');
    expect(within(lekki).getByText('Low stock').nextElementSibling).toHaveTextContent('2');

    const staff = screen.getByRole('table', { name: 'Staff' });
    expect(headings(staff)).toEqual(['Name', 'Status', 'Details']);
    await user.click(within(staff).getByRole('button', { name: 'Details: Bola Cashier' }));
    const bola = staff.querySelector('dl[aria-label="Details: Bola Cashier"]') as HTMLElement;
    expect(within(bola).getByText('Role').nextElementSibling).toHaveTextContent('Basic user');
    expect(within(bola).getByText('Stores').nextElementSibling).toHaveTextContent('Ikeja');
  });
});

const users: AdminUser[] = [
  {
    accountId: OWNER_ID,
    name: 'Ada Owner',
    email: 'owner@demo.ipos.test',
    phone: null,
    businessId: BUSINESS_ID,
    businessName: 'Demo Mart',
    role: { id: ADMIN_ROLE, name: 'IPOS_ADMIN', isSystem: true },
    stores: [{ id: LEKKI_ID, name: 'Lekki', alias: 'LEK' }],
    status: 'active',
    isOwner: true,
  },
  {
    accountId: '0190a6a0-0000-7000-8000-000000000004',
    name: 'Bola Cashier',
    email: 'cashier@demo.ipos.test',
    phone: null,
    businessId: BUSINESS_ID,
    businessName: 'Demo Mart',
    role: { id: BASIC_ROLE, name: 'IPOS_BASIC', isSystem: true },
    stores: [{ id: IKEJA_ID, name: 'Ikeja', alias: 'IKJ' }],
    status: 'active',
    isOwner: false,
  },
];
const roleNames = ['IPOS_ADMIN', 'IPOS_BASIC', 'IPOS_MANAGER_USER'];

describe('/dashboard/users', () => {
  it('lists everyone with business, role and stores, filtered by business, store, role and search in the URL', async () => {
    const page = (items: AdminUser[]) => () =>
      jsonResponse({ items, total: items.length, page: 1, pageSize: 25, roleNames });
    const calls = stubApi({
      'GET /api/v1/admin/businesses?page=1&pageSize=100': () => jsonResponse(listAll),
      'GET /api/v1/admin/users?page=1&pageSize=25&status=all': page(users),
      [`GET /api/v1/admin/users?page=1&pageSize=25&businessId=${BUSINESS_ID}&status=all`]: page(users),
      [`GET /api/v1/admin/users?page=1&pageSize=25&businessId=${BUSINESS_ID}&storeId=${IKEJA_ID}&status=all`]: page([
        users[1]!,
      ]),
      [`GET /api/v1/admin/users?page=1&pageSize=25&businessId=${BUSINESS_ID}&storeId=${IKEJA_ID}&role=IPOS_ADMIN&status=all`]:
        page([]),
      'GET /api/v1/admin/users?page=1&pageSize=25&search=bola&status=all': page([users[1]!]),
    });
    const user = show('/dashboard/users');
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Users' });
    const ada = within(table).getByRole('row', { name: /Ada Owner/ });
    expect(
      within(ada)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ada Ownerowner@demo.ipos.test', 'Demo Mart', 'Administrator', 'Lekki', 'ActiveOwner']);

    await user.click(screen.getByRole('combobox', { name: 'Business' }));
    await user.click(await screen.findByRole('option', { name: 'Demo Mart', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: 'Store' }));
    await user.click(await screen.findByRole('option', { name: 'Ikeja (IKJ)', hidden: true }));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    expect(screen.getByRole('row', { name: /Bola Cashier/ })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Administrator', hidden: true }));
    expect(await screen.findByText('No one matches these filters')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a user' })).toHaveAttribute(
      'href',
      `/dashboard/users/add?business=${BUSINESS_ID}`,
    );
    expect(calls.map((c) => c.key)).toContain(
      `GET /api/v1/admin/users?page=1&pageSize=25&businessId=${BUSINESS_ID}&storeId=${IKEJA_ID}&role=IPOS_ADMIN&status=all`,
    );
  });
});

describe('/dashboard/users/add', () => {
  const options: StaffOptions = {
    roles: [
      { id: ADMIN_ROLE, name: 'IPOS_ADMIN', isSystem: true, assignable: true },
      { id: BASIC_ROLE, name: 'IPOS_BASIC', isSystem: true, assignable: true },
    ],
    stores: [
      { id: LEKKI_ID, name: 'Lekki', alias: 'LEK', manageable: true },
      { id: IKEJA_ID, name: 'Ikeja', alias: 'IKJ', manageable: true },
    ],
  };

  it('invites a person into the chosen business and store with a role; sent, it says what happens next, no password', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/businesses?page=1&pageSize=100': () =>
        jsonResponse({ ...listAll, items: [demoMart, { ...demoMart, id: NEW_ID, name: 'Ada Kitchen' }], total: 2 }),
      [`GET /api/v1/admin/businesses/${BUSINESS_ID}/staff-options`]: () => jsonResponse(options),
      [`POST /api/v1/admin/businesses/${BUSINESS_ID}/users`]: [
        () =>
          problemResponse(409, 'STAFF_EXISTS', 'Chioma already works in the business', [
            { field: 'email', message: 'Already on the staff of the business' },
          ]),
        () =>
          jsonResponse(
            {
              id: NEW_ID,
              name: 'Chioma Obi',
              email: 'chioma@demo.ipos.test',
              phone: null,
              role: { id: BASIC_ROLE, name: 'IPOS_BASIC', isSystem: true },
              stores: [{ id: IKEJA_ID, name: 'Ikeja', alias: 'IKJ' }],
              status: 'pending',
              invitedAt: '2026-03-14T12:00:00Z',
              expiresAt: '2026-03-28T12:00:00Z',
              respondedAt: null,
              version: 1,
            },
            201,
          ),
      ],
    });
    const user = show('/dashboard/users/add');
    expect(screen.getByRole('heading', { level: 1, name: 'Add a user' })).toBeInTheDocument();
    expect(await screen.findByText('Choose the business first: its roles and stores come next.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Business/ }));
    await user.click(await screen.findByRole('option', { name: 'Demo Mart', hidden: true }));

    const form = await screen.findByRole('form', { name: 'New staff member' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Chioma Obi');
    await user.type(within(form).getByRole('textbox', { name: /^Email/ }), 'chioma@demo.ipos.test');
    await user.click(within(form).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Basic user', hidden: true }));
    await user.click(within(form).getByRole('checkbox', { name: 'Ikeja (IKJ)' }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText(/Already on the staff; open their page/)).toBeInTheDocument();

    await user.clear(within(form).getByRole('textbox', { name: /^Email/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Email/ }), 'chioma@demo.ipos.test');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const sent = await screen.findByTestId('invitation-sent');
    expect(sent).toHaveTextContent('Invitation sent to chioma@demo.ipos.test');
    expect(sent).toHaveTextContent('as Basic user in Ikeja');
    expect(sent).toHaveTextContent('Someone new to iPos finds their sign-in password in that email.');
    expect(sent).toHaveTextContent('until 28 Mar 2026');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts[1]!.body).toEqual({
      name: 'Chioma Obi',
      email: 'chioma@demo.ipos.test',
      roleId: BASIC_ROLE,
      storeIds: [IKEJA_ID],
    });
    expect(screen.getByRole('link', { name: 'Back to users' })).toHaveAttribute('href', '/dashboard/users');
  });
});
