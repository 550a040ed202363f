import { describe, expect, it } from 'vitest';
import { ownerPermissions, permissions, withImpliedPermissions } from './permissions.js';
import { systemRolePermissions } from './roles.js';

describe('system roles', () => {
  it('grant only store permissions from the catalogue, never an owner permission', () => {
    for (const [role, granted] of Object.entries(systemRolePermissions)) {
      for (const p of granted) {
        expect(permissions, role).toContain(p);
        expect(ownerPermissions as readonly string[], role).not.toContain(p);
      }
    }
  });

  it('nest: basic ⊂ manager ⊂ admin', () => {
    const manager = new Set(systemRolePermissions.IPOS_MANAGER_USER);
    const admin = new Set(systemRolePermissions.IPOS_ADMIN);
    expect(systemRolePermissions.IPOS_BASIC.every((p) => manager.has(p))).toBe(true);
    expect([...manager].every((p) => admin.has(p))).toBe(true);
    expect(manager.has('staff.pin-reset')).toBe(true);
    expect(systemRolePermissions.IPOS_BASIC).not.toContain('staff.pin-reset');
    expect(systemRolePermissions.IPOS_BASIC).not.toContain('checkout.discount');
  });

  it('show costs and stock value to managers and administrators, not to a cashier', () => {
    expect(systemRolePermissions.IPOS_ADMIN).toContain('inventory.costs');
    expect(systemRolePermissions.IPOS_MANAGER_USER).toContain('inventory.costs');
    expect(systemRolePermissions.IPOS_BASIC).toContain('inventory.view');
    expect(systemRolePermissions.IPOS_BASIC).not.toContain('inventory.costs');
  });
});

describe('a cashier runs their own till and receives transfers', () => {
  it('gives IPOS_BASIC selling and receiving, not registers, transfers or cash moves', () => {
    expect(systemRolePermissions.IPOS_BASIC).toContain('checkout.sell');
    expect(systemRolePermissions.IPOS_BASIC).toContain('inventory.receive');
    expect(systemRolePermissions.IPOS_BASIC).not.toContain('checkout.register');
    expect(systemRolePermissions.IPOS_BASIC).not.toContain('inventory.transfer');
    for (const role of ['IPOS_ADMIN', 'IPOS_MANAGER_USER'] as const) {
      expect(systemRolePermissions[role]).toContain('inventory.receive');
      expect(systemRolePermissions[role]).toContain('checkout.register');
    }
  });

  it('lets a role that transfers receive too, and adds nothing else', () => {
    expect(withImpliedPermissions(['inventory.view', 'inventory.transfer'])).toEqual([
      'inventory.view',
      'inventory.transfer',
      'inventory.receive',
    ]);
    expect(withImpliedPermissions(['checkout.register', 'inventory.view'])).toEqual([
      'inventory.view',
      'checkout.register',
    ]);
  });
});
