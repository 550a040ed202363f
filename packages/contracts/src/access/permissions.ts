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
  'inventory.receive',
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

/**
 * Permissions that come with another one a role holds: whoever may send and cancel transfers may also
 * receive them (custom roles saved before `inventory.receive` existed keep receiving, without a data
 * migration).
 */
const impliedBy: Partial<Record<Permission, readonly Permission[]>> = {
  'inventory.transfer': ['inventory.receive'],
};

/** A role's permissions with those its permissions imply, in catalogue order. */
export function withImpliedPermissions(held: readonly Permission[]): Permission[] {
  const all = new Set<Permission>(held);
  for (const p of held) for (const implied of impliedBy[p] ?? []) all.add(implied);
  return permissions.filter((p) => all.has(p));
}

export function isPermission(value: string): value is Permission {
  return (permissions as readonly string[]).includes(value);
}
