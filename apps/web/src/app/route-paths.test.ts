import { describe, expect, it } from 'vitest';
import { pathTo, routePaths } from '../lib/route-paths';
import { routeTable } from './route-table';

describe('routePaths', () => {
  it('are exactly the route table’s /dashboard routes, path for path', () => {
    const dashboard = routeTable.filter((r) => r.path.startsWith('/dashboard'));
    expect(Object.fromEntries(dashboard.map((r) => [r.id, r.path]))).toEqual(routePaths);
  });
});

describe('pathTo', () => {
  it('fills the parameters (encoded) and adds the query', () => {
    expect(pathTo('dashboard.inventory')).toBe('/dashboard/inventory');
    expect(pathTo('dashboard.inventory.view/:id', { id: 'abc' })).toBe('/dashboard/inventory/view/abc');
    expect(pathTo('dashboard.settings.roles/edit/:id/:name', { id: 'r1', name: 'Shift lead/2' })).toBe(
      '/dashboard/settings/roles/edit/r1/Shift%20lead%2F2',
    );
    expect(pathTo('dashboard.invoice.create', {}, { customerId: 'c 1' })).toBe(
      '/dashboard/invoice/create?customerId=c+1',
    );
  });
});
