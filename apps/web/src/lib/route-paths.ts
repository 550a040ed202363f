import { generatePath } from 'react-router';

/**
 * The path pattern of every route under /dashboard, by its route id (`dashboard.<section>.<child>`).
 * The route table (app/route-table.ts) takes its paths from here, so a link built with `pathTo` is
 * always a route the router has; screens never write a "/dashboard/…" path themselves.
 */
export const routePaths = {
  'dashboard.dashboard': '/dashboard',
  'dashboard.business': '/dashboard/business',
  'dashboard.business.view/:id': '/dashboard/business/view/:id',
  'dashboard.users': '/dashboard/users',
  'dashboard.users.add': '/dashboard/users/add',
  'dashboard.contact': '/dashboard/contact',
  'dashboard.contact.customer/:id': '/dashboard/contact/customer/:id',
  'dashboard.contact.vendor/:id': '/dashboard/contact/vendor/:id',
  'dashboard.inventory': '/dashboard/inventory',
  'dashboard.inventory.create': '/dashboard/inventory/create',
  'dashboard.inventory.edit/:id': '/dashboard/inventory/edit/:id',
  'dashboard.inventory.view/:id': '/dashboard/inventory/view/:id',
  'dashboard.inventory.category': '/dashboard/inventory/category',
  'dashboard.waste': '/dashboard/waste',
  'dashboard.waste.add': '/dashboard/waste/add',
  'dashboard.waste.view/:id': '/dashboard/waste/view/:id',
  'dashboard.report': '/dashboard/report',
  'dashboard.report.sales': '/dashboard/report/sales',
  'dashboard.report.purchase-order': '/dashboard/report/purchase-order',
  'dashboard.report.waste': '/dashboard/report/waste',
  'dashboard.report.restock': '/dashboard/report/restock',
  'dashboard.report.tax': '/dashboard/report/tax',
  'dashboard.report.customer': '/dashboard/report/customer',
  'dashboard.report.sale-exceptions': '/dashboard/report/sale-exceptions',
  'dashboard.transactions': '/dashboard/transactions',
  'dashboard.transactions.:id': '/dashboard/transactions/:id',
  'dashboard.purchase-order': '/dashboard/purchase-order',
  'dashboard.purchase-order.create': '/dashboard/purchase-order/create',
  'dashboard.purchase-order.view/:id': '/dashboard/purchase-order/view/:id',
  'dashboard.invoice': '/dashboard/invoice',
  'dashboard.invoice.create': '/dashboard/invoice/create',
  'dashboard.invoice.view/:id': '/dashboard/invoice/view/:id',
  'dashboard.checkout': '/dashboard/checkout',
  'dashboard.settings': '/dashboard/settings',
  'dashboard.settings.store-details': '/dashboard/settings/store-details',
  'dashboard.settings.store-details/location/:id': '/dashboard/settings/store-details/location/:id',
  'dashboard.settings.users-and-permissions': '/dashboard/settings/users-and-permissions',
  'dashboard.settings.users-and-permissions/staff/:id': '/dashboard/settings/users-and-permissions/staff/:id',
  'dashboard.settings.users-and-permissions/staff/create': '/dashboard/settings/users-and-permissions/staff/create',
  'dashboard.settings.users-and-permissions/roles': '/dashboard/settings/users-and-permissions/roles',
  'dashboard.settings.roles/create': '/dashboard/settings/roles/create',
  'dashboard.settings.roles/edit/:id/:name': '/dashboard/settings/roles/edit/:id/:name',
  'dashboard.settings.alias': '/dashboard/settings/alias',
  'dashboard.settings.audit-trail': '/dashboard/settings/audit-trail',
  'dashboard.settings.tax-management': '/dashboard/settings/tax-management',
  'dashboard.settings.tax-management/create': '/dashboard/settings/tax-management/create',
  'dashboard.settings.plan': '/dashboard/settings/plan',
  'dashboard.settings.backups': '/dashboard/settings/backups',
  'dashboard.profile': '/dashboard/profile',
  'dashboard.support': '/dashboard/support',
} as const;

export type RouteId = keyof typeof routePaths;
type PatternOf<Id extends RouteId> = (typeof routePaths)[Id];
type ParamsOf<Id extends RouteId> = Parameters<typeof generatePath<PatternOf<Id>>>[1];

/**
 * The path of a route with its parameters filled in (encoded), and an optional query:
 * `pathTo('dashboard.inventory.view/:id', { id })`, `pathTo('dashboard.invoice.create', {}, { customerId })`.
 */
export function pathTo<Id extends RouteId>(
  id: Id,
  ...[params, query]: Record<string, never> extends NonNullable<ParamsOf<Id>>
    ? [params?: ParamsOf<Id>, query?: Record<string, string>]
    : [params: ParamsOf<Id>, query?: Record<string, string>]
): string {
  const path = generatePath(routePaths[id] as string, (params ?? {}) as Record<string, string>);
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}
