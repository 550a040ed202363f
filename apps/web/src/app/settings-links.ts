import type { Permission } from '@ipos/contracts';
import { pathTo } from '../lib/route-paths';

const SETTINGS = pathTo('dashboard.settings');

export const storeDetailsPath = pathTo('dashboard.settings.store-details');

/** Settings › Backups (the owner's dashboard warning links here). */
export const backupsPath = pathTo('dashboard.settings.backups');

/** A store's location settings: every role's settings landing but IPOS_ADMIN's (spec section 6). */
export const storeLocationPath = (storeId: string) =>
  pathTo('dashboard.settings.store-details/location/:id', { id: storeId });

export interface SettingsLink {
  label: string;
  to: string;
  /** Paths under it that belong to the same link (a role's page under Roles…). */
  prefixes: string[];
}

/**
 * The settings children a person may open in the active store, in the spec's order, each with the
 * permission its screen and endpoints need (the store location is readable by everyone working there).
 */
export function settingsLinks(storeId: string, permissions: readonly string[]): SettingsLink[] {
  const has = (p: Permission) => permissions.includes(p);
  const links: (SettingsLink & { allowed: boolean })[] = [
    { label: 'Store details', to: storeDetailsPath, prefixes: [], allowed: has('settings.business') },
    {
      label: has('settings.business') ? 'This store' : 'Store location',
      to: storeLocationPath(storeId),
      prefixes: [`${storeDetailsPath}/location/`],
      allowed: true,
    },
    {
      label: 'Users and permissions',
      to: pathTo('dashboard.settings.users-and-permissions'),
      prefixes: [`${SETTINGS}/users-and-permissions/staff`],
      allowed: has('settings.staff'),
    },
    {
      label: 'Roles',
      to: pathTo('dashboard.settings.users-and-permissions/roles'),
      prefixes: [`${SETTINGS}/roles/`],
      allowed: has('settings.roles'),
    },
    { label: 'Alias', to: pathTo('dashboard.settings.alias'), prefixes: [], allowed: has('settings.alias') },
    {
      label: 'Tax management',
      to: pathTo('dashboard.settings.tax-management'),
      prefixes: [`${SETTINGS}/tax-management/`],
      allowed: has('settings.tax'),
    },
    {
      label: 'Audit trail',
      to: pathTo('dashboard.settings.audit-trail'),
      prefixes: [],
      allowed: has('settings.audit'),
    },
    { label: 'Plan', to: pathTo('dashboard.settings.plan'), prefixes: [], allowed: has('settings.plan') },
    // The installation's backups: the owner's, who administers the business (IPOS_ADMIN).
    { label: 'Backups', to: backupsPath, prefixes: [], allowed: has('settings.business') },
  ];
  return links.filter((l) => l.allowed).map(({ allowed: _, ...link }) => link);
}

/** The link a path belongs to (exact, or under one of its prefixes). */
export function currentSettingsLink(links: readonly SettingsLink[], pathname: string): SettingsLink | undefined {
  return (
    links.find((l) => l.to === pathname) ?? links.find((l) => l.prefixes.some((prefix) => pathname.startsWith(prefix)))
  );
}
