import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissions, type BusinessProfile, type ActiveStore, type Me, type Membership } from '@ipos/contracts';
import { createRoutes, hasScreenModule, screenFiles } from './router';
import { isProtectedPath } from './guards';
import { routeTable } from './route-table';
import { toast } from '../components/toast';
import { fakeAuth, renderRoutes, testQueryClient } from '../test/render';
import { jsonResponse as json } from '../test/api';
import {
  BUSINESS_ID as BUSINESS,
  demoAdminDashboard,
  demoMart,
  demoMartPlan,
  IKEJA_ID as IKEJA,
  LEKKI_ID as LEKKI,
  testMe,
} from '../test/fixtures';
import { storeFakeToken } from '../test/tokens';
import type { AuthClient } from '../features/identity/auth-client';

const membership = (storeId: string, storeName: string, storeAlias: string, roleName: string): Membership => ({
  storeId,
  storeName,
  storeAlias,
  businessId: BUSINESS,
  businessName: 'Demo Mart',
  currency: 'NGN',
  roleName,
  permissions:
    roleName === 'IPOS_BASIC'
      ? ['dashboard.view', 'inventory.view', 'checkout.sell']
      : ['dashboard.view', 'inventory.view', 'reports.view', 'settings.store'],
});

const manager: Me = testMe({ memberships: [membership(LEKKI, 'Lekki', 'LEK', 'IPOS_MANAGER_USER')] });

const owner: Me = {
  ...manager,
  account: { id: '0190a6a0-0000-7000-8000-000000000002', email: 'owner@demo.ipos.test', name: 'Ada Owner' },
  isOwner: true,
  businesses: [{ id: BUSINESS, name: 'Demo Mart' }],
  memberships: [membership(LEKKI, 'Lekki', 'LEK', 'IPOS_ADMIN'), membership(IKEJA, 'Ikeja', 'IKJ', 'IPOS_ADMIN')],
};

const activeStore = (m: Membership): ActiveStore => ({
  id: m.storeId,
  name: m.storeName,
  alias: m.storeAlias,
  timeZone: 'Africa/Lagos',
  address: null,
  allowNegativeStock: false,
  wasteApprovalThresholdMinor: 500_000,
  business: { id: BUSINESS, name: 'Demo Mart', currency: 'NGN', logoVersion: null },
  roleName: m.roleName,
  permissions: m.permissions,
});

const demoProfile: BusinessProfile = {
  id: BUSINESS,
  name: 'Demo Mart',
  country: 'NG',
  currency: 'NGN',
  taxId: null,
  phone: null,
  email: null,
  address: null,
  receiptHeader: null,
  receiptFooter: null,
  logoVersion: null,
  currencyLocked: true,
  version: 1,
};

/** A fake API: answers by path, the store from the x-store-id header. */
function fakeApi(me: Me, overrides: Record<string, () => Response> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const override = overrides[url.pathname];
    if (override) return override();
    if (url.pathname === '/api/v1/me') return json(me);
    if (url.pathname === '/api/v1/admin/businesses')
      return json({ items: [demoMart], total: 1, page: 1, pageSize: 25 });
    if (url.pathname === '/api/v1/admin/dashboard') return json(demoAdminDashboard);
    if (url.pathname === '/api/v1/stores/current') {
      const storeId = new Headers(init?.headers).get('x-store-id');
      const m = me.memberships.find((x) => x.storeId === storeId);
      return m ? json(activeStore(m)) : json({ type: 't', title: 'Not found', status: 404, code: 'NOT_FOUND' }, 404);
    }
    return json({ type: 't', title: 'Not found', status: 404, code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(path: string, auth: AuthClient = fakeAuth()) {
  const queryClient = testQueryClient();
  return renderRoutes(createRoutes({ auth, queryClient }), { initialEntries: [path], auth, queryClient });
}

function signInAs(values: { isAdmin?: string; role?: string; storeId?: string } = {}) {
  storeFakeToken();
  if (values.isAdmin) localStorage.setItem('isAdmin', values.isAdmin);
  if (values.role) localStorage.setItem('user-role', values.role);
  if (values.storeId) localStorage.setItem('store-id', values.storeId);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.hide();
});

describe('route table wiring', () => {
  it('has a screen module for every screen the router names', () => {
    const missing = Object.values(screenFiles).filter((file) => !hasScreenModule(file));
    expect(missing).toEqual([]);
  });

  it('builds a route for every entry of the table', () => {
    const ids = new Set<string>();
    const walk = (routes: ReturnType<typeof createRoutes>) =>
      routes.forEach((r) => {
        if (r.id) ids.add(r.id);
        if (r.children) walk(r.children);
      });
    walk(createRoutes({ auth: fakeAuth(), queryClient: testQueryClient() }));
    for (const meta of routeTable) expect(ids.has(meta.id), meta.id).toBe(true);
  });

  it('knows which paths are protected', () => {
    expect(isProtectedPath('/dashboard')).toBe(true);
    expect(isProtectedPath('/dashboard/inventory')).toBe(true);
    expect(isProtectedPath('/dashboards')).toBe(false);
    expect(isProtectedPath('/')).toBe(false);
  });
});

describe('guards in the router', () => {
  it('sends an anonymous visitor to Landing, remembering the path and clearing storage', async () => {
    localStorage.setItem('hasTimedOut', 'true');
    localStorage.setItem('user-role', 'IPOS_BASIC');
    const { router } = renderAt('/dashboard/inventory?x=1');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard%2Finventory%3Fx%3D1');
    expect(localStorage.getItem('redirectPath')).toBe('/dashboard/inventory?x=1');
    expect(localStorage.getItem('hasTimedOut')).toBeNull();
    expect(localStorage.getItem('user-role')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Login to iPos'));
  });

  it('treats an expired token as logged out and clears all storage', async () => {
    storeFakeToken(-5);
    localStorage.setItem('store-id', LEKKI);
    const { router } = renderAt('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('store-id')).toBeNull();
  });

  it('sends a timed-out session with a valid token to the PIN screen', async () => {
    signInAs({ isAdmin: 'false', role: 'IPOS_MANAGER_USER', storeId: LEKKI });
    localStorage.setItem('hasTimedOut', 'true');
    fakeApi(manager);
    const { router } = renderAt('/dashboard/waste');
    await waitFor(() => expect(router.state.location.pathname).toBe('/timeout/enter-pin'));
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard%2Fwaste');
    expect(localStorage.getItem('redirectPath')).toBe('/dashboard/waste');
  });

  it('blocks a store section in admin mode, saying so, and lands on the admin dashboard', async () => {
    signInAs({ isAdmin: 'true', role: 'IPOS_ADMIN', storeId: LEKKI });
    fakeApi(owner);
    const showToast = vi.spyOn(toast, 'show');
    const { router } = renderAt('/dashboard/inventory');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'warning', title: 'Inventory is not available in admin mode' }),
    );
    expect(await screen.findByTestId('business-count')).toHaveTextContent('1');
  });

  it('blocks the business section in store mode', async () => {
    signInAs({ isAdmin: 'false', role: 'IPOS_MANAGER_USER', storeId: LEKKI });
    fakeApi(manager);
    const { router } = renderAt('/dashboard/business');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByTestId('store-name')).toHaveTextContent('Lekki');
  });

  it('redirects settings by role', async () => {
    signInAs({ isAdmin: 'false', role: 'IPOS_MANAGER_USER', storeId: LEKKI });
    fakeApi(manager);
    const { router } = renderAt('/dashboard/settings');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/settings/store-details/location/${LEKKI}`),
    );
    // The store's location settings (their own loading and failure states are the screen's tests).
    expect(await screen.findByRole('heading', { level: 1, name: 'Store settings' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('iPos Web Solution | Store location'));
    // Settings' own navigation: only the children this role may open, the current one marked.
    const nav = screen.getAllByRole('navigation', { name: 'Settings' })[0]!;
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Store location']);
    expect(within(nav).getByRole('link', { name: 'Store location' })).toHaveAttribute('aria-current', 'page');
  });

  it('gives an administrator every settings child in one navigation', async () => {
    signInAs({ isAdmin: 'false', role: 'IPOS_ADMIN', storeId: LEKKI });
    const admin = { ...activeStore(owner.memberships[0]!), permissions: [...permissions] };
    fakeApi(owner, {
      '/api/v1/stores/current': () => json(admin),
      '/api/v1/business-profile': () => json(demoProfile),
      '/api/v1/business-profile/locations': () => json({ items: [] }),
    });
    const { router } = renderAt('/dashboard/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/settings/store-details'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Store details' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Settings' })[0]!;
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Store details',
      'This store',
      'Users and permissions',
      'Roles',
      'Alias',
      'Tax management',
      'Audit trail',
      'Plan',
      'Backups',
    ]);
    await userEvent.click(within(nav).getByRole('link', { name: 'Alias' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/settings/alias'));
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Alias' })).toHaveAttribute('aria-current', 'page'),
    );
  });

  it('sends an account that must replace its default password there first, keeping the target', async () => {
    signInAs({ isAdmin: 'false', role: 'IPOS_BASIC', storeId: LEKKI });
    fakeApi({ ...manager, mustChangePassword: true, hasPin: false });
    const { router } = renderAt('/dashboard/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/update-default-password'));
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard%2Fcheckout');
  });

  it('sends an account without a PIN to create one', async () => {
    signInAs({ isAdmin: 'false', role: 'IPOS_BASIC', storeId: LEKKI });
    fakeApi({ ...manager, hasPin: false });
    const { router } = renderAt('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/create-pin'));
  });

  it('stores the working context when it is missing (e.g. after a popup sign-in)', async () => {
    signInAs();
    fakeApi(manager);
    renderAt('/dashboard');
    expect(await screen.findByTestId('store-name')).toHaveTextContent('Lekki');
    expect(localStorage.getItem('isAdmin')).toBe('false');
    expect(localStorage.getItem('user-role')).toBe('IPOS_MANAGER_USER');
    expect(localStorage.getItem('store-id')).toBe(LEKKI);
  });

  it('treats a token the API refuses as logged out', async () => {
    signInAs({ isAdmin: 'false', role: 'IPOS_BASIC', storeId: LEKKI });
    fakeApi(manager, {
      '/api/v1/me': () => json({ type: 't', title: 'Unauthenticated', status: 401, code: 'UNAUTHENTICATED' }, 401),
    });
    const { router } = renderAt('/dashboard/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('redirectPath')).toBe('/dashboard/checkout');
  });
});

describe('dashboard frame', () => {
  it('shows a manager their store, role-filtered navigation and titles', async () => {
    signInAs({ isAdmin: 'false', role: 'IPOS_MANAGER_USER', storeId: LEKKI });
    fakeApi(manager);
    renderAt('/dashboard');
    expect(await screen.findByTestId('store-name')).toHaveTextContent('Lekki');
    expect(screen.getByTestId('store-alias')).toHaveTextContent('LEK');
    expect(screen.getByTestId('store-role')).toHaveTextContent('Manager');
    await waitFor(() => expect(document.title).toBe('iPos Web Solution | Dashboard'));

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual(['Dashboard', 'Inventory', 'Reports', 'Settings', 'Profile', 'Support']);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('current-context')).toHaveTextContent('Lekki (LEK)');
    expect(screen.getByTestId('signed-in-person')).toHaveTextContent('Chidi Manager');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
  });

  it('tells a cashier who opens Reports or Settings by URL they have no access, calmly and with who to ask', async () => {
    signInAs({ isAdmin: 'false', role: 'IPOS_BASIC', storeId: LEKKI });
    fakeApi(testMe({ memberships: [membership(LEKKI, 'Lekki', 'LEK', 'IPOS_BASIC')] }));
    const { router } = renderAt('/dashboard/report/sales');
    expect(await screen.findByRole('heading', { level: 1, name: "You don't have access to Reports" })).toBeVisible();
    expect(screen.getByTestId('no-access')).toHaveTextContent(
      'Ask an administrator of Demo Mart to give your role this permission.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/report/sales');

    await router.navigate('/dashboard/settings/audit-trail');
    expect(await screen.findByRole('heading', { level: 1, name: "You don't have access to Settings" })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('lets every role into Settings itself and its store location page, which each role reads', async () => {
    signInAs({ isAdmin: 'false', role: 'IPOS_BASIC', storeId: LEKKI });
    fakeApi(testMe({ memberships: [membership(LEKKI, 'Lekki', 'LEK', 'IPOS_BASIC')] }));
    const { router } = renderAt('/dashboard/settings');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/settings/store-details/location/${LEKKI}`),
    );
    expect(await screen.findAllByRole('navigation', { name: 'Settings' })).not.toHaveLength(0);
    expect(screen.queryByTestId('no-access')).not.toBeInTheDocument();
  });

  it('shows an owner in admin mode their businesses and the admin sections only', async () => {
    signInAs({ isAdmin: 'true', role: 'IPOS_ADMIN', storeId: LEKKI });
    fakeApi(owner);
    renderAt('/dashboard');
    expect(await screen.findByTestId('store-count')).toHaveTextContent('2');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Businesses', 'Users']);
    expect(screen.getByTestId('signed-in-person')).toHaveTextContent('Owner');
  });

  it('lets an owner switch from admin mode to a store', async () => {
    signInAs({ isAdmin: 'true', role: 'IPOS_ADMIN', storeId: LEKKI });
    fakeApi(owner);
    renderAt('/dashboard');
    // The admin dashboard first, then the switcher's menu.
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /Admin mode: switch store or mode/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Ikeja \(IKJ\)/ }));
    expect(await screen.findByTestId('store-name')).toHaveTextContent('Ikeja');
    expect(localStorage.getItem('isAdmin')).toBe('false');
    expect(localStorage.getItem('store-id')).toBe(IKEJA);
    expect(localStorage.getItem('user-role')).toBe('IPOS_ADMIN');
  });

  it('warns an owner on either dashboard when backups are late, linking to Settings › Backups', async () => {
    const late = {
      database: 'pglite',
      enabled: true,
      managedBy: 'owner',
      since: '2026-11-20T08:00:00.000Z',
      busy: false,
      stale: true,
      backups: [
        {
          file: 'ipos-backup-20261124T020000Z.tar.gz',
          takenAt: '2026-11-24T02:00:00.000Z',
          reason: 'daily',
          bytes: 42_000_000,
          appVersion: '1.4.0',
          schemaVersion: '0021_register_favourites',
        },
      ],
    };
    signInAs({ isAdmin: 'true', role: 'IPOS_ADMIN', storeId: LEKKI });
    fakeApi(owner, {
      '/api/v1/admin/backups': () => json(late),
      '/api/v1/stores/current': () => json({ ...activeStore(owner.memberships[0]!), permissions: [...permissions] }),
    });
    renderAt('/dashboard');
    const warning = await screen.findByTestId('backup-warning');
    expect(warning).toHaveTextContent('The newest backup was taken 24 Nov 2026');
    expect(warning).toHaveTextContent('more than 48 hours ago');
    // Settings are a store's: from admin mode the link opens them in one of the owner's stores.
    await userEvent.click(within(warning).getByRole('button', { name: 'Open Settings › Backups in Lekki' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Backups' })).toBeInTheDocument();
    expect(localStorage.getItem('isAdmin')).toBe('false');
    expect(localStorage.getItem('store-id')).toBe(LEKKI);
    // In the store, the store dashboard warns too, with a plain link.
    await userEvent.click(screen.getAllByRole('link', { name: 'Dashboard' })[0]!);
    const inStore = await screen.findByTestId('backup-warning');
    expect(within(inStore).getByRole('link', { name: 'Open Settings › Backups' })).toHaveAttribute(
      'href',
      '/dashboard/settings/backups',
    );
  });

  it('asks nobody but an owner about backups', async () => {
    signInAs({ isAdmin: 'false', role: 'IPOS_MANAGER_USER', storeId: LEKKI });
    const managerFetch = fakeApi(manager);
    renderAt('/dashboard');
    expect(await screen.findByTestId('store-name')).toHaveTextContent('Lekki');
    expect(managerFetch.mock.calls.some(([url]) => String(url).includes('/admin/backups'))).toBe(false);
  });

  it('warns no owner while backups are on time', async () => {
    signInAs({ isAdmin: 'true', role: 'IPOS_ADMIN', storeId: LEKKI });
    const ownerFetch = fakeApi(owner, {
      '/api/v1/admin/backups': () =>
        json({
          database: 'pglite',
          enabled: true,
          managedBy: 'owner',
          since: null,
          busy: false,
          stale: false,
          backups: [],
        }),
    });
    renderAt('/dashboard');
    expect(await screen.findByTestId('store-count')).toHaveTextContent('2');
    await waitFor(() =>
      expect(ownerFetch.mock.calls.some(([url]) => String(url).includes('/admin/backups'))).toBe(true),
    );
    expect(screen.queryByTestId('backup-warning')).not.toBeInTheDocument();
  });

  it('shows someone without a store the invitation waiting for them; accepting starts them in its store', async () => {
    signInAs({ isAdmin: 'false' });
    const invitationId = '0190a6a0-0000-7000-8000-000000000501';
    let hasJoined = false;
    fakeApi(manager, {
      '/api/v1/me': () => json(hasJoined ? manager : testMe({ memberships: [] })),
      '/api/v1/me/invitations': () =>
        json({
          items: hasJoined
            ? []
            : [
                {
                  id: invitationId,
                  businessName: 'Demo Mart',
                  roleName: 'IPOS_MANAGER_USER',
                  stores: [{ name: 'Lekki', alias: 'LEK' }],
                  invitedByName: 'Ada Owner',
                  invitedAt: '2026-03-14T12:00:00Z',
                  expiresAt: '2026-03-28T12:00:00Z',
                },
              ],
        }),
      [`/api/v1/me/invitations/${invitationId}/accept`]: () => {
        hasJoined = true;
        return json({ businessId: BUSINESS, storeIds: [LEKKI] });
      },
    });
    renderAt('/dashboard');
    await waitFor(() =>
      expect(screen.getByTestId('no-store')).toHaveTextContent('Accept an invitation above to start working.'),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the invitation from Demo Mart' }));
    expect(await screen.findByTestId('store-name')).toHaveTextContent('Lekki');
    expect(localStorage.getItem('store-id')).toBe(LEKKI);
    expect(localStorage.getItem('user-role')).toBe('IPOS_MANAGER_USER');
    expect(screen.getByTestId('current-context')).toHaveTextContent('Lekki (LEK)');
    expect(screen.queryByTestId('my-invitations')).not.toBeInTheDocument();
  });

  it('lists the owner’s businesses and one business', async () => {
    signInAs({ isAdmin: 'true', role: 'IPOS_ADMIN' });
    fakeApi(owner, {
      [`/api/v1/admin/businesses/${BUSINESS}`]: () => json({ ...demoMart, staff: [], plan: demoMartPlan }),
    });
    renderAt('/dashboard/business');
    await userEvent.click(await screen.findByRole('link', { name: 'Demo Mart' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Mart' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'IKJ' })).toBeInTheDocument();
  });
});

describe('NotFound and callbacks', () => {
  it('shows NotFound for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('iPos Web Solution | Page not found'));
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows NotFound for a callback of an unknown auth instance', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/auth/signinwin/other?code=x');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('iPos Web Solution | Page not found'));
  });

  it('completes the window callback, stores the working context and goes to the return path', async () => {
    const completeSignInRedirect = vi.fn(async () => {
      storeFakeToken();
      return '/dashboard/report';
    });
    fakeApi(manager);
    const { router } = renderAt('/auth/signinwin/main?code=c&state=s', fakeAuth({ completeSignInRedirect }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/report'));
    expect(completeSignInRedirect).toHaveBeenCalledWith('http://localhost/auth/signinwin/main?code=c&state=s');
    expect(localStorage.getItem('isAdmin')).toBe('false');
    expect(localStorage.getItem('user-role')).toBe('IPOS_MANAGER_USER');
    expect(localStorage.getItem('store-id')).toBe(LEKKI);
  });

  it('puts an owner in admin mode after sign-in, unless the return path says otherwise', async () => {
    const completeSignInRedirect = vi.fn(async () => {
      storeFakeToken();
      return '/dashboard/inventory?isAdmin=false';
    });
    fakeApi(owner);
    const { router } = renderAt('/auth/signinwin/main?code=c&state=s', fakeAuth({ completeSignInRedirect }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/inventory'));
    expect(localStorage.getItem('isAdmin')).toBe('false');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inventory' })).toBeInTheDocument();
  });

  it('sends a new hire from the callback to replace the default password', async () => {
    const completeSignInRedirect = vi.fn(async () => {
      storeFakeToken();
      return '/dashboard';
    });
    fakeApi({ ...manager, mustChangePassword: true, hasPin: false });
    const { router } = renderAt('/auth/signinwin/main?code=c&state=s', fakeAuth({ completeSignInRedirect }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/update-default-password'));
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard');
  });

  it('treats /index.html?auth-callback=1 as the window callback', async () => {
    const completeSignInRedirect = vi.fn(async () => '/');
    fakeApi(manager);
    const { router } = renderAt('/index.html?auth-callback=1&code=c&state=s', fakeAuth({ completeSignInRedirect }));
    await waitFor(() => expect(completeSignInRedirect).toHaveBeenCalled());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes to the root when the window callback fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const completeSignInRedirect = vi.fn(async () => {
      throw new Error('No matching state found in storage');
    });
    const { router } = renderAt('/auth/signinwin/main?code=c&state=s', fakeAuth({ completeSignInRedirect }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('hands popup and silent responses to the library', async () => {
    const completeSignInPopup = vi.fn(async () => undefined);
    const completeSignInSilent = vi.fn(async () => undefined);
    const completeSignOutPopup = vi.fn(async () => undefined);
    const auth = fakeAuth({ completeSignInPopup, completeSignInSilent, completeSignOutPopup });
    renderAt('/auth/signinpop/main?code=c', auth);
    await waitFor(() =>
      expect(completeSignInPopup).toHaveBeenCalledWith('http://localhost/auth/signinpop/main?code=c'),
    );
    renderAt('/auth/signinsilent/main?code=c', auth);
    await waitFor(() => expect(completeSignInSilent).toHaveBeenCalled());
    renderAt('/auth/signoutpop/main?state=s', auth);
    await waitFor(() => expect(completeSignOutPopup).toHaveBeenCalled());
  });
});
