import { describe, expect, it } from 'vitest';
import { systemRolePermissions } from '@ipos/contracts';
import {
  canUseSection,
  findRouteMeta,
  getSection,
  isExemptPath,
  isProtectedPath,
  routeTable,
  sections,
  type RouteAudience,
} from './route-table';

/** Every path of spec section 2, with its audience. */
const dashboardSpec: Record<string, RouteAudience> = {
  '': 'both',
  business: 'admin',
  'business/view/1': 'admin',
  users: 'admin',
  'users/add': 'admin',
  contact: 'non-admin',
  'contact/customer/1': 'non-admin',
  'contact/vendor/1': 'non-admin',
  inventory: 'non-admin',
  'inventory/create': 'non-admin',
  'inventory/edit/1': 'non-admin',
  'inventory/view/1': 'non-admin',
  'inventory/category': 'non-admin',
  waste: 'non-admin',
  'waste/add': 'non-admin',
  'waste/view/1': 'non-admin',
  report: 'non-admin',
  'report/sales': 'non-admin',
  'report/purchase-order': 'non-admin',
  'report/waste': 'non-admin',
  'report/restock': 'non-admin',
  'report/tax': 'non-admin',
  'report/customer': 'non-admin',
  transactions: 'non-admin',
  'transactions/1': 'non-admin',
  'purchase-order': 'non-admin',
  'purchase-order/create': 'non-admin',
  'purchase-order/view/1': 'non-admin',
  invoice: 'non-admin',
  'invoice/create': 'non-admin',
  'invoice/view/1': 'non-admin',
  checkout: 'non-admin',
  settings: 'non-admin',
  'settings/store-details': 'non-admin',
  'settings/store-details/location/1': 'non-admin',
  'settings/users-and-permissions': 'non-admin',
  'settings/users-and-permissions/staff/1': 'non-admin',
  'settings/users-and-permissions/staff/create': 'non-admin',
  'settings/users-and-permissions/roles': 'non-admin',
  'settings/roles/create': 'non-admin',
  'settings/roles/edit/1/Night%20shift': 'non-admin',
  'settings/alias': 'non-admin',
  'settings/audit-trail': 'non-admin',
  'settings/tax-management': 'non-admin',
  'settings/tax-management/create': 'non-admin',
  'settings/plan': 'non-admin',
  'settings/backups': 'non-admin',
  profile: 'non-admin',
  support: 'non-admin',
};

describe('route table (spec section 2)', () => {
  it.each(Object.entries(dashboardSpec))('/dashboard/%s requires authentication, audience %s', (child, audience) => {
    const meta = findRouteMeta(child ? `/dashboard/${child}` : '/dashboard');
    expect(meta.kind).not.toBe('not-found');
    expect(meta.access).toBe('auth');
    expect(meta.audience).toBe(audience);
  });

  it.each([
    ['/', 'landing'],
    ['/all-components', 'all-components'],
    ['/welcome-on-board', 'welcome-on-board'],
    ['/timeout', 'timeout'],
    ['/timeout/enter-pin', 'timeout.enter-pin'],
  ])('%s is public', (path, id) => {
    const meta = findRouteMeta(path);
    expect(meta.id).toBe(id);
    expect(meta.access).toBe('public');
  });

  it.each([
    'sign-up',
    'verify-email',
    'create-pin',
    'reset-pin',
    'new-pin',
    'enter-pin',
    'forgot-password',
    'reset-password',
    'update-default-password',
  ])('/onboarding/%s is an onboarding route', (slug) => {
    const meta = findRouteMeta(`/onboarding/${slug}`);
    expect(meta.id).toBe(`onboarding.${slug}`);
    expect(meta.access).toBe('onboarding');
  });

  it.each([
    ['/auth/signinwin/main', 'auth.signinwin'],
    ['/auth/signinpop/main', 'auth.signinpop'],
    ['/auth/signinsilent/main', 'auth.signinsilent'],
    ['/auth/signoutpop/main', 'auth.signoutpop'],
    ['/index.html', 'auth.app-callback'],
  ])('%s is an auth callback', (path, id) => {
    const meta = findRouteMeta(path);
    expect(meta.id).toBe(id);
    expect(meta.kind).toBe('callback');
  });

  it.each(['/no/such/page', '/dashboards', '/onboarding', '/dashboard/inventory/unknown/x', '/timeout/other'])(
    '%s is NotFound',
    (path) => {
      expect(findRouteMeta(path).kind).toBe('not-found');
    },
  );

  it('puts the review of sales made offline under Reports, for reports.view like its API', () => {
    expect(findRouteMeta('/dashboard/report/sale-exceptions')).toMatchObject({
      id: 'dashboard.report.sale-exceptions',
      access: 'auth',
      audience: 'non-admin',
      section: 'report',
    });
    expect(getSection('report').requires).toEqual(['reports.view']);
  });

  it('prefers static segments over parameters', () => {
    expect(findRouteMeta('/dashboard/settings/users-and-permissions/staff/create').title).toBe('Add a staff member');
    expect(findRouteMeta('/dashboard/settings/users-and-permissions/staff/9').title).toBe('Staff member');
  });

  it('gives every route a title, Landing exactly "Login to iPos"', () => {
    for (const meta of routeTable) expect(meta.title.length, meta.id).toBeGreaterThan(0);
    expect(findRouteMeta('/').title).toBe('Login to iPos');
  });

  it('has unique ids and paths', () => {
    expect(new Set(routeTable.map((m) => m.id)).size).toBe(routeTable.length);
    expect(new Set(routeTable.map((m) => m.path)).size).toBe(routeTable.length);
  });

  it('exempts public and onboarding routes from the inactivity timeout (spec section 2)', () => {
    for (const path of ['/', '/all-components', '/welcome-on-board', '/timeout/enter-pin', '/onboarding/sign-up']) {
      expect(isExemptPath(path), path).toBe(true);
      expect(isProtectedPath(path), path).toBe(false);
    }
    for (const path of ['/dashboard', '/dashboard/checkout', '/dashboard/settings/plan']) {
      expect(isExemptPath(path), path).toBe(false);
      expect(isProtectedPath(path), path).toBe(true);
    }
    expect(isProtectedPath('/dashboards')).toBe(false);
  });
});

describe('sections', () => {
  const store = (role: keyof typeof systemRolePermissions) => ({
    isAdmin: false,
    isOwner: false,
    permissions: systemRolePermissions[role],
  });
  const visible = (access: Parameters<typeof canUseSection>[1]) =>
    sections.filter((s) => canUseSection(s, access)).map((s) => s.id);

  it('admin mode offers an owner the dashboard, businesses and users', () => {
    expect(visible({ isAdmin: true, isOwner: true, permissions: [] })).toEqual(['dashboard', 'business', 'users']);
  });

  it('admin mode offers someone who owns nothing only the dashboard', () => {
    expect(visible({ isAdmin: true, isOwner: false, permissions: [] })).toEqual(['dashboard']);
  });

  it('store mode offers IPOS_ADMIN every store section', () => {
    expect(visible(store('IPOS_ADMIN'))).toEqual(sections.filter((s) => s.audience !== 'admin').map((s) => s.id));
  });

  it('store mode offers IPOS_BASIC what its permissions open', () => {
    expect(visible(store('IPOS_BASIC'))).toEqual([
      'dashboard',
      'contact',
      'inventory',
      'waste',
      'transactions',
      'invoice',
      'checkout',
      'profile',
      'support',
    ]);
  });

  it('opens settings for any settings permission', () => {
    expect(canUseSection(getSection('settings'), { ...store('IPOS_BASIC'), permissions: ['settings.audit'] })).toBe(
      true,
    );
  });
});
