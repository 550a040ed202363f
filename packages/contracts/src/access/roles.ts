import { storePermissions, type Permission } from './permissions.js';

/** The spec's role strings (section 3). */
export const systemRoleNames = ['IPOS_ADMIN', 'IPOS_MANAGER_USER', 'IPOS_BASIC'] as const;
export type SystemRoleName = (typeof systemRoleNames)[number];

/** Default permission sets of the system roles. Custom roles pick any subset of the store permissions. */
export const systemRolePermissions: Record<SystemRoleName, readonly Permission[]> = {
  IPOS_ADMIN: storePermissions,
  IPOS_MANAGER_USER: storePermissions.filter(
    (p) => !['settings.business', 'settings.roles', 'settings.plan'].includes(p),
  ),
  IPOS_BASIC: [
    'dashboard.view',
    'contacts.view',
    'inventory.view',
    'inventory.receive',
    'waste.view',
    'waste.record',
    'transactions.view',
    'invoices.view',
    'checkout.sell',
  ],
};

export function isSystemRoleName(value: string): value is SystemRoleName {
  return (systemRoleNames as readonly string[]).includes(value);
}

/** Roles that may reset another staff member's PIN or approve what a basic role cannot. */
export function isManagerRole(role: string): boolean {
  return role === 'IPOS_ADMIN' || role === 'IPOS_MANAGER_USER';
}
