import type { ComponentType } from 'react';
import { createBrowserRouter, data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { toast } from '../components/toast';
import { FullPageLoader } from '../components/feedback/full-page-loader';
import { logger } from '../lib/logger';
import { storageKeys, writeStored, clearAllStored } from '../lib/storage';
import { applyStorageEffects, decideNavigation, readStoredValues, REDIRECT_QUERY } from './guards';
import type { AppDeps } from './providers';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { DASHBOARD_PATH, LANDING_PATH, findRouteMeta, routeTable, type RouteMeta } from './route-table';
import { checkSession, completeSignIn } from './session-bootstrap';
import { isTokenValid } from '../features/identity/session';

/** What every route carries for the layout (title, section); read with `useMatches()`. */
export interface RouteHandle {
  meta: RouteMeta;
}

type ScreenModule = { Component: ComponentType };

/**
 * Every screen module under app/routes, loaded on first visit so the first page only downloads what
 * it shows. A glob (not one import per route) so that the table names modules by file.
 */
const screenModules = import.meta.glob<ScreenModule>(['./routes/**/*.tsx', '!./routes/**/*.test.tsx']);

/** The screen module of each route (path under app/routes, without `.tsx`). */
export const screenFiles: Record<string, string> = {
  landing: 'landing',
  'all-components': 'all-components',
  'welcome-on-board': 'welcome-on-board',
  'timeout.enter-pin': 'timeout/enter-pin',
  'onboarding.sign-up': 'onboarding/sign-up',
  'onboarding.verify-email': 'onboarding/verify-email',
  'onboarding.create-pin': 'onboarding/create-pin',
  'onboarding.reset-pin': 'onboarding/reset-pin',
  'onboarding.new-pin': 'onboarding/new-pin',
  'onboarding.enter-pin': 'onboarding/enter-pin',
  'onboarding.forgot-password': 'onboarding/forgot-password',
  'onboarding.reset-password': 'onboarding/reset-password',
  'onboarding.update-default-password': 'onboarding/update-default-password',
  dashboard: 'dashboard/layout',
  'dashboard.dashboard': 'dashboard/dashboard-landing',
  'dashboard.business': 'dashboard/business-list',
  'dashboard.business.view/:id': 'dashboard/business-view',
  'dashboard.users': 'dashboard/users-list',
  'dashboard.users.add': 'dashboard/users-add',
  'dashboard.inventory': 'inventory/list',
  'dashboard.inventory.create': 'inventory/create',
  'dashboard.inventory.edit/:id': 'inventory/edit',
  'dashboard.inventory.view/:id': 'inventory/view',
  'dashboard.inventory.category': 'inventory/category',
  'dashboard.transactions': 'transactions/list',
  'dashboard.transactions.:id': 'transactions/view',
  'dashboard.checkout': 'checkout/checkout',
  'dashboard.contact': 'contact/list',
  'dashboard.contact.customer/:id': 'contact/customer',
  'dashboard.contact.vendor/:id': 'contact/vendor',
  'dashboard.purchase-order': 'purchase-order/list',
  'dashboard.purchase-order.create': 'purchase-order/create',
  'dashboard.purchase-order.view/:id': 'purchase-order/view',
  'dashboard.waste': 'waste/list',
  'dashboard.waste.add': 'waste/add',
  'dashboard.waste.view/:id': 'waste/view',
  'dashboard.invoice': 'invoice/list',
  'dashboard.invoice.create': 'invoice/create',
  'dashboard.invoice.view/:id': 'invoice/view',
  'dashboard.report': 'report/landing',
  'dashboard.report.sales': 'report/sales',
  'dashboard.report.tax': 'report/tax',
  'dashboard.report.waste': 'report/waste',
  'dashboard.report.customer': 'report/customer',
  'dashboard.report.purchase-order': 'report/purchase-order',
  'dashboard.report.restock': 'report/restock',
  'dashboard.report.sale-exceptions': 'report/sale-exceptions',
  'dashboard.settings-layout': 'settings/layout',
  'dashboard.settings.store-details': 'settings/store-details',
  'dashboard.settings.store-details/location/:id': 'settings/store-location',
  'dashboard.settings.alias': 'settings/alias',
  'dashboard.profile': 'profile/profile',
  'dashboard.support': 'support/support',
  'dashboard.settings.audit-trail': 'settings/audit-trail',
  'dashboard.settings.tax-management': 'settings/tax-management',
  'dashboard.settings.tax-management/create': 'settings/tax-management/create',
  'dashboard.settings.users-and-permissions': 'settings/users-and-permissions',
  'dashboard.settings.users-and-permissions/staff/create': 'settings/staff/create',
  'dashboard.settings.users-and-permissions/staff/:id': 'settings/staff/view',
  'dashboard.settings.users-and-permissions/roles': 'settings/roles',
  'dashboard.settings.roles/create': 'settings/roles/create',
  'dashboard.settings.roles/edit/:id/:name': 'settings/roles/edit',
  'dashboard.settings.plan': 'settings/plan',
  'dashboard.settings.backups': 'settings/backups',
  'not-found': 'not-found',
};

export function hasScreenModule(file: string): boolean {
  return `./routes/${file}.tsx` in screenModules;
}

function lazyScreen(file: string) {
  return async () => {
    const load = screenModules[`./routes/${file}.tsx`];
    if (!load) throw new Error(`The screen module app/routes/${file}.tsx does not exist`);
    const module = (await load()) as ScreenModule | undefined;
    // Vite resolves a failed chunk to nothing when the preload recovery (lib/preload-recovery.ts)
    // took the error and is reloading the page: keep the navigation pending until the reload.
    if (!module) return new Promise<never>(() => undefined);
    return { Component: module.Component };
  };
}

function pathOf(url: URL): string {
  return url.pathname + url.search + url.hash;
}

/**
 * The root loader runs on every navigation (see `shouldRevalidate`): it applies the guard decision
 * of the route being entered, and on dashboard routes makes sure the account's forced flows and
 * working context are in place first.
 */
export function createRootLoader({ queryClient }: Pick<AppDeps, 'queryClient'>) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const route = findRouteMeta(url.pathname);
    const target = pathOf(url);

    let stored = readStoredValues();
    if (route.access === 'auth' && stored.hasTimedOut !== 'true' && isTokenValid(stored.token, Date.now())) {
      const check = await checkSession(queryClient, target);
      if (check.kind === 'redirect') throw redirect(check.to);
      if (check.kind === 'signed-out') {
        clearAllStored();
        writeStored(storageKeys.redirectPath, target);
        throw redirect(`${LANDING_PATH}?${REDIRECT_QUERY}=${encodeURIComponent(target)}`);
      }
      stored = readStoredValues();
    }

    const decision = decideNavigation({ route, location: url, stored, now: Date.now() });
    applyStorageEffects(decision.effects);
    if (decision.notice) toast.show({ ...decision.notice, type: 'warning' });
    if (decision.redirectTo) throw redirect(decision.redirectTo);
    return null;
  };
}

export function createRoutes({ auth, queryClient }: Pick<AppDeps, 'auth' | 'queryClient'>): RouteObject[] {
  const checkAuthName = ({ params }: LoaderFunctionArgs) => {
    if (params.authName !== auth.options.name) throw data('Unknown sign-in instance', { status: 404 });
  };

  /** A failed window callback sends the person to the root (spec section 2). */
  const completeWindowSignIn = async (request: Request) => {
    let returnTo: string;
    try {
      returnTo = await auth.completeSignInRedirect(request.url);
    } catch (error) {
      logger.error('sign-in callback failed', error);
      return redirect(LANDING_PATH);
    }
    return redirect(await completeSignIn(queryClient, returnTo));
  };

  const callbackScreen = (label: string) => () => <FullPageLoader label={label} />;

  const callbackLoaders: Record<string, (args: LoaderFunctionArgs) => Promise<Response | null>> = {
    'auth.signinwin': async (args) => {
      checkAuthName(args);
      return completeWindowSignIn(args.request);
    },
    'auth.signinpop': async (args) => {
      checkAuthName(args);
      try {
        await auth.completeSignInPopup(args.request.url);
        return null;
      } catch (error) {
        logger.error('popup sign-in callback failed', error);
        return redirect(LANDING_PATH);
      }
    },
    'auth.signinsilent': async (args) => {
      checkAuthName(args);
      await auth.completeSignInSilent(args.request.url).catch((error: unknown) => {
        logger.debug('silent sign-in callback failed', error);
      });
      return null;
    },
    'auth.signoutpop': async (args) => {
      checkAuthName(args);
      await auth.completeSignOutPopup(args.request.url).catch((error: unknown) => {
        logger.error('popup sign-out callback failed', error);
      });
      return null;
    },
    // The app's own callback page: /index.html?auth-callback=1, treated like the window callback.
    'auth.app-callback': async ({ request }) =>
      new URL(request.url).searchParams.get('auth-callback') === '1'
        ? completeWindowSignIn(request)
        : redirect(LANDING_PATH),
  };

  const toRoute = (meta: RouteMeta, path: string): RouteObject => {
    const base = { id: meta.id, handle: { meta } satisfies RouteHandle };
    const child = path === '' ? { index: true as const } : { path };
    if (meta.kind === 'callback') {
      return {
        ...base,
        ...child,
        loader: callbackLoaders[meta.id],
        Component:
          meta.id === 'auth.signinsilent'
            ? () => null
            : callbackScreen(meta.id === 'auth.signoutpop' ? 'Signing you out…' : 'Signing you in…'),
      };
    }
    // /timeout and the settings root always redirect (the guard decides where).
    if (meta.kind === 'timeout' || meta.kind === 'settings-root') return { ...base, ...child, Component: () => null };
    const file = screenFiles[meta.id];
    if (!file) throw new Error(`No screen for route ${meta.id}`);
    return { ...base, ...child, lazy: lazyScreen(file) };
  };

  const dashboardPrefix = `${DASHBOARD_PATH}/`;
  const dashboardRoute = (meta: RouteMeta) =>
    toRoute(meta, meta.path === DASHBOARD_PATH ? '' : meta.path.slice(dashboardPrefix.length));
  const dashboardMetas = routeTable.filter((meta) => meta.access === 'auth');
  // The settings children share a frame (their navigation): a layout route without a path of its own.
  const isSettingsChild = (meta: RouteMeta) => meta.section === 'settings' && meta.kind !== 'settings-root';
  const dashboardChildren: RouteObject[] = [
    ...dashboardMetas.filter((meta) => !isSettingsChild(meta)).map(dashboardRoute),
    {
      id: 'dashboard.settings-layout',
      lazy: lazyScreen(screenFiles['dashboard.settings-layout']!),
      children: dashboardMetas.filter(isSettingsChild).map(dashboardRoute),
    },
  ];
  const topLevel = routeTable.filter((meta) => meta.access !== 'auth');

  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: () => <FullPageLoader />,
      loader: createRootLoader({ queryClient }),
      // Every navigation passes the guards, including moves inside /dashboard and revalidations
      // after the stored mode, role or store change.
      shouldRevalidate: () => true,
      children: [
        ...topLevel.filter((meta) => meta.kind !== 'not-found').map((meta) => toRoute(meta, meta.path)),
        {
          id: 'dashboard',
          path: DASHBOARD_PATH,
          lazy: lazyScreen(screenFiles.dashboard!),
          children: dashboardChildren,
        },
        toRoute(
          topLevel.find((meta) => meta.kind === 'not-found')!,
          '*',
        ),
      ],
    },
  ];
}

export function createAppRouter(deps: AppDeps) {
  return createBrowserRouter(createRoutes(deps));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
