import { hasPermission, type Role } from './roles.js';

/** The minimum a route guard needs to know about the signed-in user. */
export interface GuardUser {
  role: Role;
  permissions: readonly string[];
}

export type GuardedScreen =
  'waiter' | 'kitchen' | 'bar' | 'station' | 'expo' | 'manager' | 'admin' | 'team';

/** The access table: who may open each staff screen. */
export const SCREEN_ACCESS: Record<GuardedScreen, (user: GuardUser) => boolean> = {
  waiter: (u) => u.role === 'waiter' || hasPermission(u.permissions, 'view_tables'),
  kitchen: (u) => u.role === 'kitchen' || u.role === 'admin' || u.role === 'manager',
  bar: (u) => u.role === 'bar' || u.role === 'admin' || u.role === 'manager',
  // An added station's display (/station/:slug): kitchen or bar staff, by the station's kind
  // (the server refuses the other's tickets), a manager or an admin.
  station: (u) => ['kitchen', 'bar', 'manager', 'admin'].includes(u.role),
  // The expeditor's display (/expo): whoever runs the pass, a manager or an admin.
  expo: (u) => ['kitchen', 'manager', 'admin'].includes(u.role),
  manager: (u) => u.role === 'manager' || hasPermission(u.permissions, 'manage_menu'),
  admin: (u) => u.role === 'admin' || hasPermission(u.permissions, 'full_access'),
  team: (u) => u.role === 'team',
};

/** Where a refused visitor is sent. */
export const SCREEN_FALLBACK: Record<GuardedScreen, string> = {
  waiter: '/login',
  kitchen: '/login',
  bar: '/login',
  station: '/login',
  expo: '/login',
  manager: '/login',
  admin: '/login',
  team: '/team/login',
};

export function canOpenScreen(screen: GuardedScreen, user: GuardUser | null | undefined): boolean {
  return user != null && SCREEN_ACCESS[screen](user);
}
