import { describe, expect, it } from 'vitest';
import {
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
    waiter: { has: ['view_tables'], lacks: ['manage_menu', 'full_access', 'manage_staff'] },
    kitchen: { has: ['view_kitchen'], lacks: ['view_tables', 'manage_menu', 'view_bar'] },
    bar: { has: ['view_bar'], lacks: ['view_tables', 'manage_menu', 'view_kitchen'] },
    manager: { has: ['manage_menu', 'view_tables', 'manage_staff'], lacks: ['full_access'] },
    admin: { has: ['full_access', 'manage_menu', 'view_tables', 'manage_staff'], lacks: [] },
    team: { has: ['manage_platform'], lacks: ['manage_menu', 'view_tables'] },
  };
  it.each(ROLES)('%s has exactly its permissions', (role) => {
    const perms = permissionsForRole(role);
    for (const p of expectations[role].has) expect(hasPermission(perms, p)).toBe(true);
    for (const p of expectations[role].lacks) expect(hasPermission(perms, p)).toBe(false);
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
