import { matchRoutes } from 'react-router';
import type { Permission } from '@ipos/contracts';
import { OIDC_CALLBACK_PATHS, permissions } from '@ipos/contracts';
import { routePaths, type RouteId } from '../lib/route-paths';

/**
 * The route table of spec section 2, in one place. Each entry is a full path pattern with what the
 * guards, the titles, the inactivity timeout and the navigation need to know about it. The router
 * (router.tsx) builds its route objects from these entries, so the two cannot disagree.
 */

/** Spec section 2: public routes, the onboarding routes, and the routes under /dashboard. */
export type RouteAccess = 'public' | 'onboarding' | 'auth';

/** Spec section 6: which session mode may reach a route. */
export type RouteAudience = 'admin' | 'non-admin' | 'both';

/**
 * Routes the guard treats specially beyond access and audience: Landing, the /timeout parent and its
 * PIN screen, the settings root (redirected by role), the OIDC callbacks and the NotFound catch-all.
 */
export type RouteKind = 'landing' | 'timeout' | 'timeout-pin' | 'settings-root' | 'callback' | 'not-found';

export type SectionId =
  | 'dashboard'
  | 'business'
  | 'users'
  | 'contact'
  | 'inventory'
  | 'waste'
  | 'report'
  | 'transactions'
  | 'purchase-order'
  | 'invoice'
  | 'checkout'
  | 'settings'
  | 'profile'
  | 'support';

export interface RouteMeta {
  /** Stable name of the route (also the router's route id). */
  id: string;
  /** Full path pattern, as React Router matches it. */
  path: string;
  /** The screen title; the document title is `iPos Web Solution | <title>` (Landing: exactly this). */
  title: string;
  access: RouteAccess;
  audience: RouteAudience;
  kind?: RouteKind;
  /** The dashboard section a route belongs to (navigation highlight, section pages). */
  section?: SectionId;
  /**
   * A route open to more roles than its section: `everyone` in the section's mode. Absent: the
   * section's rule (`Section.requires`).
   */
  requires?: 'everyone';
}

const publicRoute = (id: string, path: string, title: string, kind?: RouteKind): RouteMeta => ({
  id,
  path,
  title,
  access: 'public',
  audience: 'both',
  ...(kind ? { kind } : {}),
});

const onboardingRoute = (slug: string, title: string): RouteMeta => ({
  id: `onboarding.${slug}`,
  path: `/onboarding/${slug}`,
  title,
  access: 'onboarding',
  audience: 'both',
});

/** Who may use a section, by mode (spec section 6) and, inside store mode, by the role's permissions. */
export interface Section {
  id: SectionId;
  /** The section's name: its navigation label and its page heading. */
  name: string;
  path: string;
  audience: RouteAudience;
  /**
   * In store mode, the role must hold at least one of these (the membership's permissions from
   * GET /api/v1/me); `owner` means the admin-mode sections of a business owner. Absent: everyone.
   */
  requires?: readonly Permission[] | 'owner';
  /** What the section holds, said on its page until the screens of its own issue replace it. */
  summary: string;
  /** Sections worth a link from this one's page. */
  related: readonly SectionId[];
}

export const sections: readonly Section[] = [
  {
    id: 'dashboard',
    name: 'Dashboard',
    path: routePaths['dashboard.dashboard'],
    audience: 'both',
    summary: 'An overview of your businesses or your store.',
    related: [],
  },
  {
    id: 'business',
    name: 'Businesses',
    path: routePaths['dashboard.business'],
    audience: 'admin',
    requires: 'owner',
    summary: 'The businesses you own, with their stores, currency and country.',
    related: ['users'],
  },
  {
    id: 'users',
    name: 'Users',
    path: routePaths['dashboard.users'],
    audience: 'admin',
    requires: 'owner',
    summary: 'The people who work in your businesses, and adding new ones to a store with a role.',
    related: ['business'],
  },
  {
    id: 'contact',
    name: 'Contacts',
    path: routePaths['dashboard.contact'],
    audience: 'non-admin',
    requires: ['contacts.view'],
    summary: 'Your customers and vendors: their details, purchases and balances.',
    related: ['invoice', 'purchase-order'],
  },
  {
    id: 'inventory',
    name: 'Inventory',
    path: routePaths['dashboard.inventory'],
    audience: 'non-admin',
    requires: ['inventory.view'],
    summary: 'Products and categories with their prices and stock on hand in this store.',
    related: ['purchase-order', 'waste', 'checkout'],
  },
  {
    id: 'waste',
    name: 'Waste',
    path: routePaths['dashboard.waste'],
    audience: 'non-admin',
    requires: ['waste.view'],
    summary: 'Stock written off as damaged, expired or lost, with the reason for each record.',
    related: ['inventory', 'report'],
  },
  {
    id: 'report',
    name: 'Reports',
    path: routePaths['dashboard.report'],
    audience: 'non-admin',
    requires: ['reports.view'],
    summary: 'Sales, purchase-order, waste, restock, tax and customer reports for this store.',
    related: ['transactions', 'inventory'],
  },
  {
    id: 'transactions',
    name: 'Transactions',
    path: routePaths['dashboard.transactions'],
    audience: 'non-admin',
    requires: ['transactions.view'],
    summary: 'Every sale made in this store, with its payments, and refunds.',
    related: ['checkout', 'report'],
  },
  {
    id: 'purchase-order',
    name: 'Purchase orders',
    path: routePaths['dashboard.purchase-order'],
    audience: 'non-admin',
    requires: ['purchase-orders.view'],
    summary: 'Orders to your vendors, receiving the goods into stock, and returns to the vendor.',
    related: ['inventory', 'contact'],
  },
  {
    id: 'invoice',
    name: 'Invoices',
    path: routePaths['dashboard.invoice'],
    audience: 'non-admin',
    requires: ['invoices.view'],
    summary: 'Invoices to your customers and what they have paid.',
    related: ['contact', 'transactions'],
  },
  {
    id: 'checkout',
    name: 'Checkout',
    path: routePaths['dashboard.checkout'],
    audience: 'non-admin',
    requires: ['checkout.sell'],
    summary: 'The register: scan or search products, take payment and print the receipt.',
    related: ['transactions', 'inventory'],
  },
  {
    id: 'settings',
    name: 'Settings',
    path: routePaths['dashboard.settings'],
    audience: 'non-admin',
    // Any settings permission opens the section; the catalogue is the one list of them.
    requires: permissions.filter((p) => p.startsWith('settings.')),
    summary: 'Store details and location, staff and roles, the alias, taxes, the audit trail, your plan and backups.',
    related: ['profile'],
  },
  {
    id: 'profile',
    name: 'Profile',
    path: routePaths['dashboard.profile'],
    audience: 'non-admin',
    summary: 'Your name, email, password and PIN.',
    related: ['support'],
  },
  {
    id: 'support',
    name: 'Support',
    path: routePaths['dashboard.support'],
    audience: 'non-admin',
    summary: 'Help with iPos and a way to reach the support team.',
    related: ['profile'],
  },
];

export function getSection(id: SectionId): Section {
  const section = sections.find((s) => s.id === id);
  if (!section) throw new Error(`Unknown section ${id}`);
  return section;
}

/** `dashboard.<section>.<child>` routes: auth-required, with the audience of their section. */
function dashboardRoute(section: SectionId, child: string, title: string, kind?: RouteKind): RouteMeta {
  const { audience } = getSection(section);
  const id = child ? `dashboard.${section}.${child}` : `dashboard.${section}`;
  // The path comes from the one list of paths that links are built from.
  const path: string | undefined = routePaths[id as RouteId];
  if (!path) throw new Error(`Route ${id} has no path in lib/route-paths.ts`);
  return {
    id,
    path,
    title,
    access: 'auth',
    audience,
    section,
    ...(kind ? { kind } : {}),
  };
}

const settings = (child: string, title: string) => dashboardRoute('settings', child, title);

/** Settings' root sends each role to its page, and every role reads its store's location (spec). */
const settingsForEveryone = (meta: RouteMeta): RouteMeta => ({ ...meta, requires: 'everyone' });

export const routeTable: readonly RouteMeta[] = [
  // Public routes (spec section 2).
  publicRoute('landing', '/', 'Login to iPos', 'landing'),
  publicRoute('all-components', '/all-components', 'Components'),
  publicRoute('welcome-on-board', '/welcome-on-board', 'Welcome on board'),
  publicRoute('timeout', '/timeout', 'Session timed out', 'timeout'),
  publicRoute('timeout.enter-pin', '/timeout/enter-pin', 'Enter your PIN', 'timeout-pin'),

  // Onboarding (no authentication; exempt from the inactivity timeout).
  onboardingRoute('sign-up', 'Sign up'),
  onboardingRoute('verify-email', 'Finish signing up'),
  onboardingRoute('create-pin', 'Create your PIN'),
  onboardingRoute('reset-pin', 'Reset your PIN'),
  onboardingRoute('new-pin', 'Choose a new PIN'),
  onboardingRoute('enter-pin', 'Enter your PIN'),
  onboardingRoute('forgot-password', 'Forgot password'),
  onboardingRoute('reset-password', 'Reset password'),
  onboardingRoute('update-default-password', 'Update your password'),

  // Under /dashboard (authentication required).
  dashboardRoute('dashboard', '', 'Dashboard'),
  dashboardRoute('business', '', 'Businesses'),
  dashboardRoute('business', 'view/:id', 'Business'),
  dashboardRoute('users', '', 'Users'),
  dashboardRoute('users', 'add', 'Add a user'),
  dashboardRoute('contact', '', 'Contacts'),
  dashboardRoute('contact', 'customer/:id', 'Customer'),
  dashboardRoute('contact', 'vendor/:id', 'Vendor'),
  dashboardRoute('inventory', '', 'Inventory'),
  dashboardRoute('inventory', 'create', 'Add a product'),
  dashboardRoute('inventory', 'edit/:id', 'Edit product'),
  dashboardRoute('inventory', 'view/:id', 'Product'),
  dashboardRoute('inventory', 'category', 'Categories'),
  dashboardRoute('waste', '', 'Waste'),
  dashboardRoute('waste', 'add', 'Record waste'),
  dashboardRoute('waste', 'view/:id', 'Waste record'),
  dashboardRoute('report', '', 'Reports'),
  dashboardRoute('report', 'sales', 'Sales report'),
  dashboardRoute('report', 'purchase-order', 'Purchase-order report'),
  dashboardRoute('report', 'waste', 'Waste report'),
  dashboardRoute('report', 'restock', 'Restock report'),
  dashboardRoute('report', 'tax', 'Tax report'),
  dashboardRoute('report', 'customer', 'Customer report'),
  // Beyond the spec: sales made offline that the server accepted with a difference (decision 0036).
  dashboardRoute('report', 'sale-exceptions', 'Sold offline: to review'),
  dashboardRoute('transactions', '', 'Transactions'),
  dashboardRoute('transactions', ':id', 'Transaction'),
  dashboardRoute('purchase-order', '', 'Purchase orders'),
  dashboardRoute('purchase-order', 'create', 'New purchase order'),
  dashboardRoute('purchase-order', 'view/:id', 'Purchase order'),
  dashboardRoute('invoice', '', 'Invoices'),
  dashboardRoute('invoice', 'create', 'New invoice'),
  dashboardRoute('invoice', 'view/:id', 'Invoice'),
  dashboardRoute('checkout', '', 'Checkout'),
  settingsForEveryone(dashboardRoute('settings', '', 'Settings', 'settings-root')),
  settings('store-details', 'Store details'),
  settingsForEveryone(settings('store-details/location/:id', 'Store location')),
  settings('users-and-permissions', 'Users and permissions'),
  settings('users-and-permissions/staff/:id', 'Staff member'),
  settings('users-and-permissions/staff/create', 'Add a staff member'),
  settings('users-and-permissions/roles', 'Roles'),
  settings('roles/create', 'New role'),
  settings('roles/edit/:id/:name', 'Edit role'),
  settings('alias', 'Alias'),
  settings('audit-trail', 'Audit trail'),
  settings('tax-management', 'Tax management'),
  settings('tax-management/create', 'New tax'),
  settings('plan', 'Plan'),
  settings('backups', 'Backups'),
  dashboardRoute('profile', '', 'Profile'),
  dashboardRoute('support', '', 'Support'),

  // OIDC callbacks (spec section 2); the guards leave them alone.
  publicRoute('auth.signinwin', '/auth/signinwin/:authName', 'Signing you in', 'callback'),
  publicRoute('auth.signinpop', '/auth/signinpop/:authName', 'Signing you in', 'callback'),
  publicRoute('auth.signinsilent', '/auth/signinsilent/:authName', 'Signing you in', 'callback'),
  publicRoute('auth.signoutpop', '/auth/signoutpop/:authName', 'Signing you out', 'callback'),
  // The app's own callback page: index.html?auth-callback=1.
  publicRoute('auth.app-callback', OIDC_CALLBACK_PATHS.appCallback.split('?')[0]!, 'Signing you in', 'callback'),

  // Anything else.
  publicRoute('not-found', '*', 'Page not found', 'not-found'),
];

export const LANDING_PATH = '/';
export const DASHBOARD_PATH = routePaths['dashboard.dashboard'];
export const TIMEOUT_PIN_PATH = '/timeout/enter-pin';

export function getRouteMeta(id: string): RouteMeta {
  const meta = routeTable.find((route) => route.id === id);
  if (!meta) throw new Error(`No route ${id} in the route table`);
  return meta;
}

// React Router ranks the patterns (static segments before params before the splat), so the entry it
// picks here is the one the router renders.
const matchable = routeTable.map((meta) => ({ path: meta.path, meta }));

/** The route-table entry the router shows for a pathname (NotFound for anything unknown). */
export function findRouteMeta(pathname: string): RouteMeta {
  const matches = matchRoutes(matchable, pathname);
  return matches?.[matches.length - 1]?.route.meta ?? getRouteMeta('not-found');
}

/** Spec section 2: public and onboarding routes are exempt from the inactivity timeout. */
export function isExemptPath(pathname: string): boolean {
  return findRouteMeta(pathname).access !== 'auth';
}

/** Auth-required paths; the session handling re-signs in only there (spec section 4). */
export function isProtectedPath(pathname: string): boolean {
  return findRouteMeta(pathname).access === 'auth';
}

/** Whether a mode may use a section (spec section 6); admin mode is the default. */
export function isAudienceAllowed(audience: RouteAudience, isAdmin: boolean): boolean {
  if (audience === 'both') return true;
  return audience === 'admin' ? isAdmin : !isAdmin;
}

export interface SectionAccess {
  isAdmin: boolean;
  isOwner: boolean;
  /** The active store's permissions (empty in admin mode or without a store). */
  permissions: readonly string[];
}

/**
 * The section a route belongs to when the mode may use it but the role may not: opened by URL, the
 * screen is a calm no-access page (the navigation does not offer it). The mode's own rule is the
 * guards' (they redirect), and a route open to everyone in its section's mode is never refused.
 */
export function refusedSection(meta: RouteMeta | undefined, access: SectionAccess): Section | undefined {
  if (!meta?.section || meta.requires === 'everyone') return undefined;
  const section = getSection(meta.section);
  if (!isAudienceAllowed(section.audience, access.isAdmin) || canUseSection(section, access)) return undefined;
  return section;
}

/** Whether the navigation offers a section: the mode allows it and, where it asks, the role does too. */
export function canUseSection(section: Section, access: SectionAccess): boolean {
  if (!isAudienceAllowed(section.audience, access.isAdmin)) return false;
  if (!section.requires) return true;
  if (section.requires === 'owner') return access.isOwner;
  return section.requires.some((permission) => access.permissions.includes(permission));
}
