import type { Permission } from '@ipos/contracts';

type Viewer = { permissions: readonly Permission[] };

/**
 * Cost prices, and what stock is worth at cost, are for roles holding inventory.costs (IPOS_ADMIN
 * and IPOS_MANAGER_USER by default; not IPOS_BASIC): for anyone else every such figure is null in
 * answers and left out of files. The one place that asks.
 */
export function seesCosts(scope: Viewer): boolean {
  return scope.permissions.includes('inventory.costs');
}

/** `minor` for a role that sees costs, else null. */
export function costOrNull(scope: Viewer, minor: number): number | null {
  return seesCosts(scope) ? minor : null;
}
