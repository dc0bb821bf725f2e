import { describe, expect, it } from 'vitest';
import {
  effectivePermissions,
  GRANTABLE_PERMISSIONS,
  hasPermission,
  normalizeRole,
  permissionsForRole,
  ROLE_HOME,
  ROLES,
  type Permission,
  type Role,
} from '../index.js';

describe('hasPermission', () => {
  it.each<[string[], Permission, boolean]>([
    [['view_tables'], 'view_tables', true],
    [['view_tables'], 'manage_menu', false],
    [['full_access'], 'manage_menu', true],
    [['full_access'], 'view_tables', true],
    // A restaurant admin's full access never reaches the platform.
    [['full_access'], 'manage_platform', false],
    [['manage_platform'], 'manage_platform', true],
    [[], 'view_tables', false],
  ])('%j has %s: %s', (perms, perm, expected) => {
    expect(hasPermission(perms, perm)).toBe(expected);
  });

  it('is false for a missing permission list', () => {
    expect(hasPermission(undefined, 'view_tables')).toBe(false);
  });
});

describe('role permissions', () => {
  const expectations: Record<Role, { has: Permission[]; lacks: Permission[] }> = {
    waiter: {
      has: ['view_tables', 'enter_orders'],
      lacks: ['manage_menu', 'full_access', 'manage_staff', 'open_items', 'comp_items'],
    },
    kitchen: {
      has: ['view_kitchen'],
      lacks: ['view_tables', 'manage_menu', 'view_bar', 'enter_orders'],
    },
    bar: {
      has: ['view_bar'],
      lacks: ['view_tables', 'manage_menu', 'view_kitchen', 'enter_orders'],
    },
    manager: {
      has: [
        'manage_menu',
        'view_tables',
        'manage_staff',
        'enter_orders',
        'apply_discounts',
        'comp_items',
        'open_items',
      ],
      lacks: ['full_access'],
    },
    admin: { has: ['full_access', 'manage_menu', 'view_tables', 'manage_staff'], lacks: [] },
    team: { has: ['manage_platform'], lacks: ['manage_menu', 'view_tables'] },
  };
  it.each(ROLES)('%s has exactly its permissions', (role) => {
    const perms = permissionsForRole(role);
    for (const p of expectations[role].has) expect(hasPermission(perms, p)).toBe(true);
    for (const p of expectations[role].lacks) expect(hasPermission(perms, p)).toBe(false);
  });

  it("adds a member of staff's grants to their role's permissions, never a platform one", () => {
    expect(effectivePermissions('waiter', ['open_items'])).toEqual(
      expect.arrayContaining(['view_tables', 'enter_orders', 'open_items']),
    );
    expect(hasPermission(effectivePermissions('bar', ['enter_orders']), 'enter_orders')).toBe(true);
    expect(hasPermission(effectivePermissions('bar'), 'enter_orders')).toBe(false);
    expect(effectivePermissions('manager', ['manage_platform', 'nonsense'])).not.toContain(
      'manage_platform',
    );
    expect(effectivePermissions('team', ['manage_platform'])).toContain('manage_platform');
    // Everything a manager may grant, a manager holds.
    for (const p of GRANTABLE_PERMISSIONS) {
      expect(hasPermission(permissionsForRole('manager'), p)).toBe(true);
      expect(hasPermission(permissionsForRole('admin'), p)).toBe(true);
    }
  });

  it('gives each role its own landing page', () => {
    expect(ROLE_HOME).toEqual({
      waiter: '/waiter',
      kitchen: '/kitchen',
      bar: '/bar',
      manager: '/manager',
      admin: '/admin',
      team: '/team',
    });
  });

  it('treats an unknown role as waiter', () => {
    expect(normalizeRole('chef')).toBe('waiter');
    expect(normalizeRole(undefined)).toBe('waiter');
    expect(normalizeRole('bar')).toBe('bar');
  });
});
