import { describe, expect, it } from 'vitest';
import { storePermissions } from '../access/permissions.js';
import { createRoleBodySchema, permissionGroups } from './roles.js';

describe('role permissions', () => {
  it('describes every store permission exactly once, in some area', () => {
    const described = permissionGroups.flatMap((g) => g.permissions.map((p) => p.key));
    expect([...described].sort()).toEqual([...storePermissions].sort());
    expect(new Set(described).size).toBe(described.length);
  });

  it('keeps a role’s permissions in catalogue order, without repeats, and refuses system-like names', () => {
    const parsed = createRoleBodySchema.parse({
      name: ' Night shift ',
      permissions: ['checkout.sell', 'dashboard.view', 'checkout.sell'],
    });
    expect(parsed).toEqual({ name: 'Night shift', permissions: ['dashboard.view', 'checkout.sell'] });
    expect(createRoleBodySchema.safeParse({ name: 'ipos_boss', permissions: ['dashboard.view'] }).success).toBe(false);
    expect(createRoleBodySchema.safeParse({ name: 'Owner', permissions: ['businesses.manage'] }).success).toBe(false);
    expect(createRoleBodySchema.safeParse({ name: 'Empty', permissions: [] }).success).toBe(false);
  });
});
