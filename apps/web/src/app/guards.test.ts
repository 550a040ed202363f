import { describe, expect, it } from 'vitest';
import { fakeAccessToken } from '../test/tokens';
import { decideNavigation, resolveIsAdmin, settingsLandingPath, type GuardDecision, type StoredValues } from './guards';
import { findRouteMeta } from './route-table';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const validToken = () => fakeAccessToken(Math.floor((NOW - Date.now()) / 1000) + 600);
const expiredToken = () => fakeAccessToken(Math.floor((NOW - Date.now()) / 1000) - 1);

const LEKKI = '0190a6a0-0000-7000-8000-0000000000aa';

const nothingStored: StoredValues = {
  token: null,
  userRole: null,
  storeId: null,
  isAdmin: null,
  hasTimedOut: null,
  redirectPath: null,
};

function decide(path: string, stored: Partial<StoredValues> = {}): GuardDecision {
  const url = new URL(path, 'http://localhost');
  return decideNavigation({
    route: findRouteMeta(url.pathname),
    location: { pathname: url.pathname, search: url.search, hash: url.hash },
    stored: { ...nothingStored, ...stored },
    now: NOW,
  });
}

const signedIn = (extra: Partial<StoredValues> = {}): Partial<StoredValues> => ({ token: validToken(), ...extra });
const staff = (extra: Partial<StoredValues> = {}) =>
  signedIn({ isAdmin: 'false', userRole: 'IPOS_MANAGER_USER', storeId: LEKKI, ...extra });

describe('guards: anonymous visitors (spec section 4)', () => {
  it.each([
    ['absent', null],
    ['malformed', 'not-a-jwt'],
    ['expired', 'expired'],
  ])('a token that is %s on an auth route: storage cleared, path stored, Landing with redirect', (_, kind) => {
    const token = kind === 'expired' ? expiredToken() : kind;
    const decision = decide('/dashboard/inventory?tab=2', { token, hasTimedOut: null, userRole: 'IPOS_BASIC' });
    expect(decision.redirectTo).toBe('/?redirect=%2Fdashboard%2Finventory%3Ftab%3D2');
    expect(decision.effects).toEqual([
      { type: 'clear-all' },
      { type: 'set', key: 'redirectPath', value: '/dashboard/inventory?tab=2' },
    ]);
  });

  it.each(['/dashboard', '/dashboard/business/view/42', '/dashboard/settings', '/dashboard/settings/plan'])(
    '%s requires a token',
    (path) => {
      expect(decide(path).redirectTo).toBe(`/?redirect=${encodeURIComponent(path)}`);
    },
  );

  it.each([
    '/all-components',
    '/welcome-on-board',
    '/onboarding/sign-up',
    '/onboarding/create-pin',
    '/onboarding/update-default-password?redirect=%2Fdashboard',
    '/auth/signinwin/main?code=c',
    '/index.html?auth-callback=1',
    '/no/such/page',
  ])('%s is open without a token and changes nothing', (path) => {
    expect(decide(path, { redirectPath: '/dashboard/waste', hasTimedOut: 'true' })).toEqual({ effects: [] });
  });

  it('shows Landing to a visitor without a token; a flag of an earlier session is not kept', () => {
    expect(decide('/', { isAdmin: 'false' })).toEqual({ effects: [{ type: 'remove', key: 'isAdmin' }] });
  });

  it('forgets a path remembered while the last session was ending, once Landing says it signed out', () => {
    expect(decide('/?signedOut=1', { redirectPath: '/dashboard/settings/users-and-permissions' })).toEqual({
      effects: [
        { type: 'remove', key: 'isAdmin' },
        { type: 'remove', key: 'redirectPath' },
      ],
    });
  });

  it('stores the isAdmin flag given on Landing for the coming sign-in', () => {
    expect(decide('/?isAdmin=false')).toEqual({ effects: [{ type: 'set', key: 'isAdmin', value: 'false' }] });
  });

  it('clears all storage on Landing when the stored token is expired', () => {
    expect(decide('/', { token: expiredToken(), storeId: LEKKI }).effects[0]).toEqual({ type: 'clear-all' });
  });
});

describe('guards: logged in on Landing (spec section 4)', () => {
  it('goes to the redirect query first', () => {
    expect(decide('/?redirect=%2Fdashboard%2Fwaste', signedIn({ redirectPath: '/dashboard/report' }))).toEqual({
      effects: [{ type: 'remove', key: 'redirectPath' }],
      redirectTo: '/dashboard/waste',
    });
  });

  it('then to the stored redirect path, consuming it', () => {
    expect(decide('/', signedIn({ redirectPath: '/dashboard/report' }))).toEqual({
      effects: [{ type: 'remove', key: 'redirectPath' }],
      redirectTo: '/dashboard/report',
    });
  });

  it('else to DashboardLanding', () => {
    expect(decide('/', signedIn()).redirectTo).toBe('/dashboard');
  });

  it('never follows a redirect to another site', () => {
    expect(decide('/?redirect=%2F%2Fevil.example', signedIn()).redirectTo).toBe('/dashboard');
    expect(decide('/?redirect=https%3A%2F%2Fevil.example', signedIn()).redirectTo).toBe('/dashboard');
  });
});

describe('guards: stored redirect path (spec section 4)', () => {
  it('is consumed and followed when it differs from the current route', () => {
    expect(decide('/dashboard', staff({ redirectPath: '/dashboard/inventory/view/7' }))).toEqual({
      effects: [{ type: 'remove', key: 'redirectPath' }],
      redirectTo: '/dashboard/inventory/view/7',
    });
  });

  it('is consumed without a redirect once reached', () => {
    expect(decide('/dashboard/inventory', staff({ redirectPath: '/dashboard/inventory' }))).toEqual({
      effects: [{ type: 'remove', key: 'redirectPath' }],
    });
  });

  it('is left alone on onboarding routes, where the forced flows read it', () => {
    expect(decide('/onboarding/create-pin', staff({ redirectPath: '/dashboard/waste' }))).toEqual({ effects: [] });
  });
});

describe('guards: timed out (spec section 4)', () => {
  it.each(['/dashboard', '/dashboard/checkout', '/dashboard/settings/plan?x=1'])(
    'with a valid token, %s goes to TimeoutEnterPin and is stored as the redirect path',
    (path) => {
      expect(decide(path, staff({ hasTimedOut: 'true' }))).toEqual({
        effects: [{ type: 'set', key: 'redirectPath', value: path }],
        redirectTo: `/timeout/enter-pin?redirect=${encodeURIComponent(path)}`,
      });
    },
  );

  it('with a valid token, TimeoutEnterPin itself is shown', () => {
    expect(decide('/timeout/enter-pin?redirect=%2Fdashboard', staff({ hasTimedOut: 'true' }))).toEqual({
      effects: [],
    });
  });

  it('with a valid token, public and onboarding routes are exempt', () => {
    expect(decide('/all-components', staff({ hasTimedOut: 'true' }))).toEqual({ effects: [] });
    expect(decide('/onboarding/reset-pin', staff({ hasTimedOut: 'true' }))).toEqual({ effects: [] });
  });

  it('/timeout shows its enter-pin child, keeping the query', () => {
    expect(decide('/timeout?redirect=%2Fdashboard%2Fwaste', staff({ hasTimedOut: 'true' })).redirectTo).toBe(
      '/timeout/enter-pin?redirect=%2Fdashboard%2Fwaste',
    );
  });

  it.each(['/timeout/enter-pin?redirect=%2Fdashboard', '/timeout'])(
    'without a token, %s: hasTimedOut cleared, redirect path removed, Landing',
    (path) => {
      expect(decide(path, { hasTimedOut: 'true', redirectPath: '/dashboard/inventory' })).toEqual({
        effects: [
          { type: 'remove', key: 'hasTimedOut' },
          { type: 'remove', key: 'redirectPath' },
        ],
        redirectTo: '/',
      });
    },
  );

  it('with an expired token on the PIN screen, every stored value goes too (spec section 5)', () => {
    expect(decide('/timeout/enter-pin', { token: expiredToken(), hasTimedOut: 'true' })).toEqual({
      effects: [{ type: 'clear-all' }, { type: 'remove', key: 'hasTimedOut' }, { type: 'remove', key: 'redirectPath' }],
      redirectTo: '/',
    });
  });

  it('without a token on an auth route: hasTimedOut cleared with everything, the path kept, Landing', () => {
    expect(decide('/dashboard/waste', { token: expiredToken(), hasTimedOut: 'true', redirectPath: '/x' })).toEqual({
      effects: [{ type: 'clear-all' }, { type: 'set', key: 'redirectPath', value: '/dashboard/waste' }],
      redirectTo: '/?redirect=%2Fdashboard%2Fwaste',
    });
  });

  it('on Landing without a token, the timed-out state ends there', () => {
    expect(decide('/', { hasTimedOut: 'true', redirectPath: '/dashboard' })).toEqual({
      effects: [
        { type: 'remove', key: 'hasTimedOut' },
        { type: 'remove', key: 'redirectPath' },
      ],
    });
  });
});

const adminSections = ['business', 'business/view/1', 'users', 'users/add'];
const storeSections = [
  'contact',
  'contact/customer/1',
  'contact/vendor/1',
  'inventory',
  'inventory/create',
  'inventory/edit/1',
  'inventory/view/1',
  'inventory/category',
  'waste',
  'waste/add',
  'waste/view/1',
  'report',
  'report/sales',
  'report/purchase-order',
  'report/waste',
  'report/restock',
  'report/tax',
  'report/customer',
  'transactions',
  'transactions/1',
  'purchase-order',
  'purchase-order/create',
  'purchase-order/view/1',
  'invoice',
  'invoice/create',
  'invoice/view/1',
  'checkout',
  'settings',
  'settings/store-details',
  'settings/alias',
  'profile',
  'support',
];

describe('guards: modes (spec section 6)', () => {
  it.each(storeSections)('admin mode (stored) blocks /dashboard/%s', (path) => {
    const decision = decide(`/dashboard/${path}`, signedIn({ isAdmin: 'true', userRole: 'IPOS_ADMIN' }));
    expect(decision.redirectTo).toBe('/dashboard');
    expect(decision.notice?.title).toMatch(/not available in admin mode$/);
  });

  it.each(storeSections.slice(0, 3))('admin mode by default (no flag) blocks /dashboard/%s', (path) => {
    expect(decide(`/dashboard/${path}`, signedIn()).redirectTo).toBe('/dashboard');
  });

  it.each(adminSections)('admin mode opens /dashboard/%s', (path) => {
    expect(decide(`/dashboard/${path}`, signedIn({ isAdmin: 'true' }))).toEqual({ effects: [] });
    expect(decide(`/dashboard/${path}`, signedIn())).toEqual({ effects: [] });
  });

  it.each(adminSections)('store mode blocks /dashboard/%s', (path) => {
    const decision = decide(`/dashboard/${path}`, staff());
    expect(decision.redirectTo).toBe('/dashboard');
    expect(decision.notice?.title).toMatch(/only available in admin mode$/);
  });

  it.each(storeSections.filter((p) => p !== 'settings'))('store mode opens /dashboard/%s', (path) => {
    expect(decide(`/dashboard/${path}`, staff())).toEqual({ effects: [] });
  });

  it('DashboardLanding is open in both modes', () => {
    expect(decide('/dashboard', staff())).toEqual({ effects: [] });
    expect(decide('/dashboard', signedIn({ isAdmin: 'true' }))).toEqual({ effects: [] });
  });

  it('names the blocked section in the notice', () => {
    expect(decide('/dashboard/inventory/view/3', signedIn()).notice).toEqual({
      title: 'Inventory is not available in admin mode',
      message: 'Choose one of your stores to work in it.',
    });
    expect(decide('/dashboard/business', staff()).notice?.title).toBe('Businesses is only available in admin mode');
  });

  it('the query string wins over storage, and is stored', () => {
    expect(decide('/dashboard/inventory?isAdmin=false', signedIn({ isAdmin: 'true' }))).toEqual({
      effects: [{ type: 'set', key: 'isAdmin', value: 'false' }],
    });
    const decision = decide('/dashboard/inventory?isAdmin=true', staff());
    expect(decision.redirectTo).toBe('/dashboard');
    expect(decision.effects).toEqual([{ type: 'set', key: 'isAdmin', value: 'true' }]);
  });

  it('resolves the mode: query, then storage, then admin', () => {
    expect(resolveIsAdmin('?isAdmin=false', { isAdmin: 'true' })).toBe(false);
    expect(resolveIsAdmin('', { isAdmin: 'false' })).toBe(false);
    expect(resolveIsAdmin('', { isAdmin: null })).toBe(true);
    expect(resolveIsAdmin('?isAdmin=maybe', { isAdmin: 'junk' })).toBe(true);
  });
});

describe('guards: settings (spec section 6)', () => {
  it('sends IPOS_ADMIN to store-details', () => {
    expect(decide('/dashboard/settings', staff({ userRole: 'IPOS_ADMIN' })).redirectTo).toBe(
      '/dashboard/settings/store-details',
    );
  });

  it.each(['IPOS_MANAGER_USER', 'IPOS_BASIC', 'Night shift', null])('sends %s to the store location page', (role) => {
    expect(decide('/dashboard/settings', staff({ userRole: role })).redirectTo).toBe(
      `/dashboard/settings/store-details/location/${LEKKI}`,
    );
  });

  it('sends a non-admin role without a store back to the dashboard, saying why', () => {
    const decision = decide('/dashboard/settings', staff({ storeId: null }));
    expect(decision.redirectTo).toBe('/dashboard');
    expect(decision.notice?.title).toBe('Settings need a store');
  });

  it('reads the role and store id as stored at the time of the visit', () => {
    expect(settingsLandingPath('IPOS_ADMIN', null)).toBe('/dashboard/settings/store-details');
    expect(settingsLandingPath('IPOS_BASIC', 'a b')).toBe('/dashboard/settings/store-details/location/a%20b');
    expect(settingsLandingPath('IPOS_BASIC', null)).toBeNull();
  });

  it('is blocked in admin mode before any redirect', () => {
    expect(decide('/dashboard/settings', signedIn({ userRole: 'IPOS_ADMIN' })).redirectTo).toBe('/dashboard');
  });

  it('leaves the settings children alone', () => {
    expect(decide(`/dashboard/settings/store-details/location/${LEKKI}`, staff())).toEqual({ effects: [] });
  });
});

describe('guards: token validity depends on now', () => {
  it('a token valid at one moment is not a moment after its exp', () => {
    const token = validToken();
    const url = new URL('http://localhost/dashboard');
    const input = {
      route: findRouteMeta('/dashboard'),
      location: url,
      stored: { ...nothingStored, token, isAdmin: 'true' },
    };
    expect(decideNavigation({ ...input, now: NOW }).redirectTo).toBeUndefined();
    expect(decideNavigation({ ...input, now: NOW + 601_000 }).redirectTo).toBe('/?redirect=%2Fdashboard');
  });
});

describe('guards: a session held offline (decision 0036)', () => {
  const held = (extra: Partial<StoredValues> = {}) =>
    staff({ token: expiredToken(), sessionHeldOffline: 'true', ...extra });

  it('keeps the person in the app with the token that ran out, the register included', () => {
    expect(decide('/dashboard/checkout', held())).toEqual({ effects: [] });
    expect(decide('/dashboard/inventory', held()).redirectTo).toBeUndefined();
  });

  it('still locks with the PIN after inactivity, and shows the PIN screen', () => {
    expect(decide('/dashboard/checkout', held({ hasTimedOut: 'true' }))).toEqual({
      effects: [{ type: 'set', key: 'redirectPath', value: '/dashboard/checkout' }],
      redirectTo: '/timeout/enter-pin?redirect=%2Fdashboard%2Fcheckout',
    });
    expect(decide('/timeout/enter-pin?redirect=%2Fdashboard', held({ hasTimedOut: 'true' }))).toEqual({ effects: [] });
  });

  it("is not held without the marker, nor with a token that is not one: the spec's rules", () => {
    expect(decide('/dashboard/checkout', held({ sessionHeldOffline: null })).redirectTo).toBe(
      '/?redirect=%2Fdashboard%2Fcheckout',
    );
    expect(decide('/dashboard/checkout', held({ token: 'not-a-jwt' })).redirectTo).toBe(
      '/?redirect=%2Fdashboard%2Fcheckout',
    );
    expect(decide('/dashboard/checkout', held({ token: null })).redirectTo).toBe('/?redirect=%2Fdashboard%2Fcheckout');
  });
});
