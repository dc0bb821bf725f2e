import { describe, expect, it } from 'vitest';
import { canOpenScreen, SCREEN_FALLBACK, type GuardedScreen } from '../index.js';
import { permissionsForRole, ROLES, type Role } from '../index.js';

// Which roles open which screen with their default permissions.
const ALLOWED: Record<GuardedScreen, Role[]> = {
  waiter: ['waiter', 'manager', 'admin'],
  kitchen: ['kitchen', 'manager', 'admin'],
  bar: ['bar', 'manager', 'admin'],
  station: ['kitchen', 'bar', 'manager', 'admin'],
  expo: ['kitchen', 'manager', 'admin'],
  manager: ['manager', 'admin'],
  admin: ['admin'],
  team: ['team'],
};

describe('screen access table', () => {
  for (const [screen, allowed] of Object.entries(ALLOWED) as [GuardedScreen, Role[]][]) {
    it.each(ROLES)(`${screen} screen for %s`, (role) => {
      const user = { role, permissions: permissionsForRole(role) };
      expect(canOpenScreen(screen, user)).toBe(allowed.includes(role));
    });
  }

  it('lets any user with view_tables open the waiter screen', () => {
    expect(canOpenScreen('waiter', { role: 'kitchen', permissions: ['view_tables'] })).toBe(true);
  });

  it('lets any user with manage_menu open the manager screen', () => {
    expect(canOpenScreen('manager', { role: 'waiter', permissions: ['manage_menu'] })).toBe(true);
  });

  it('lets full_access open the admin screen whatever the role', () => {
    expect(canOpenScreen('admin', { role: 'manager', permissions: ['full_access'] })).toBe(true);
  });

  it('never lets a non-team user open the team screen, even with full_access', () => {
    expect(canOpenScreen('team', { role: 'admin', permissions: ['full_access'] })).toBe(false);
  });

  it('refuses everything without a user', () => {
    for (const screen of Object.keys(ALLOWED) as GuardedScreen[]) {
      expect(canOpenScreen(screen, null)).toBe(false);
    }
  });

  it('sends refused visitors to /login, or /team/login for the team screen', () => {
    expect(SCREEN_FALLBACK.team).toBe('/team/login');
    expect(SCREEN_FALLBACK.admin).toBe('/login');
    expect(SCREEN_FALLBACK.waiter).toBe('/login');
  });
});
