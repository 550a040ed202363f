/**
 * The fixed permission catalogue. Endpoints declare one of these; roles are sets of them.
 * The server enforces; the web only hides what a role cannot do.
 */
export const permissions = [
  // admin mode (business owners)
  'businesses.manage',
  'users.manage',
  // store mode
  'dashboard.view',
  'contacts.view',
  'contacts.manage',
  'inventory.view',
  'inventory.costs',
  'inventory.manage',
  'inventory.adjust',
  'inventory.count',
  'inventory.transfer',
  'waste.view',
  'waste.record',
  'waste.approve',
  'reports.view',
  'transactions.view',
  'transactions.refund',
  'transactions.void',
  'purchase-orders.view',
  'purchase-orders.manage',
  'purchase-orders.receive',
  'invoices.view',
  'invoices.manage',
  'checkout.sell',
  'checkout.discount',
  'checkout.register',
  'settings.business',
  'settings.store',
  'settings.alias',
  'settings.staff',
  'settings.roles',
  'settings.tax',
  'settings.audit',
  'settings.plan',
  'staff.pin-reset',
] as const;

export type Permission = (typeof permissions)[number];

/** Permissions that only a business owner holds, in admin mode; never granted through a store role. */
export const ownerPermissions = ['businesses.manage', 'users.manage'] as const satisfies readonly Permission[];

/** The permissions a store role may hold (the owner's own are never granted through a role). */
export const storePermissions = permissions.filter(
  (p) => !(ownerPermissions as readonly string[]).includes(p),
) as Exclude<Permission, (typeof ownerPermissions)[number]>[];
export type StorePermission = (typeof storePermissions)[number];

export function isPermission(value: string): value is Permission {
  return (permissions as readonly string[]).includes(value);
}
