/** Staff roles and the permission rules that the server enforces and the web mirrors. */
export const ROLES = ['waiter', 'kitchen', 'bar', 'manager', 'admin', 'team'] as const;

export type Role = (typeof ROLES)[number];

/** Roles that belong to a restaurant; `team` runs the platform and has none. */
export const RESTAURANT_ROLES = ['waiter', 'kitchen', 'bar', 'manager', 'admin'] as const;

export type RestaurantRole = (typeof RESTAURANT_ROLES)[number];

export const PERMISSIONS = [
  'full_access',
  'view_tables',
  'manage_tables',
  'manage_orders',
  'view_kitchen',
  'view_bar',
  'manage_tickets',
  'manage_menu',
  'manage_staff',
  'view_reports',
  'manage_settings',
  'void_orders',
  'close_day',
  'manage_platform',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/**
 * The platform's own permissions, held by the Tavola team and never implied by a restaurant
 * role: a restaurant admin's `full_access` stops at its restaurant.
 */
export const PLATFORM_PERMISSIONS: readonly Permission[] = ['manage_platform'];

/**
 * The permissions each role is granted. `full_access` implies every restaurant permission, never
 * a platform one.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  waiter: ['view_tables', 'manage_orders'],
  kitchen: ['view_kitchen', 'manage_tickets'],
  bar: ['view_bar', 'manage_tickets'],
  manager: [
    'view_tables',
    'manage_tables',
    'manage_orders',
    'view_kitchen',
    'view_bar',
    'manage_tickets',
    'manage_menu',
    'manage_staff',
    'view_reports',
    'manage_settings',
    'void_orders',
    'close_day',
  ],
  admin: ['full_access'],
  team: ['manage_platform'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Spec §3: an unknown or missing role is treated as the default role, waiter. */
export function normalizeRole(value: unknown): Role {
  return isRole(value) ? value : 'waiter';
}

export function permissionsForRole(role: Role): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

/**
 * Spec §6: `full_access` grants every permission of the restaurant; otherwise (and always for
 * the platform's permissions) the permission must be listed.
 */
export function hasPermission(
  permissions: readonly string[] | undefined,
  permission: Permission,
): boolean {
  if (!permissions) return false;
  if (permissions.includes(permission)) return true;
  return permissions.includes('full_access') && !PLATFORM_PERMISSIONS.includes(permission);
}

/** Where each role lands after signing in (spec §2). */
export const ROLE_HOME: Record<Role, string> = {
  waiter: '/waiter',
  kitchen: '/kitchen',
  bar: '/bar',
  manager: '/manager',
  admin: '/admin',
  team: '/team',
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  waiter: 'Manages tables, takes orders and serves customers',
  kitchen: 'Views and manages food orders',
  bar: 'Views and manages drink orders',
  manager: 'Manages operations and staff',
  admin: 'Full system access',
  team: 'Manages the SaaS platform',
};

export const ROLE_LABELS: Record<Role, string> = {
  waiter: 'Waiter',
  kitchen: 'Kitchen',
  bar: 'Bar',
  manager: 'Manager',
  admin: 'Administrator',
  team: 'Platform Team',
};

/** Which roles a user may create and manage: managers their staff, admins also managers. */
export function manageableRoles(role: Role): Role[] {
  if (role === 'admin') return ['waiter', 'kitchen', 'bar', 'manager'];
  if (role === 'manager') return ['waiter', 'kitchen', 'bar'];
  return [];
}
