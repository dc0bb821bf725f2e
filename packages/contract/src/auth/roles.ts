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
  'enter_orders',
  'apply_discounts',
  'comp_items',
  'open_items',
  'fire_courses',
  'manage_platform',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/**
 * The point of sale's permissions a manager may grant to (or take back from) one member of staff
 * beyond their role's: ringing up orders, discounts, comps and open-priced lines. What a user may
 * do is their role's permissions plus their grants (`effectivePermissions`).
 */
export const GRANTABLE_PERMISSIONS = [
  'enter_orders',
  'apply_discounts',
  'comp_items',
  'open_items',
] as const satisfies readonly Permission[];

export type GrantablePermission = (typeof GRANTABLE_PERMISSIONS)[number];

export function isGrantablePermission(value: unknown): value is GrantablePermission {
  return typeof value === 'string' && (GRANTABLE_PERMISSIONS as readonly string[]).includes(value);
}

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
  waiter: ['view_tables', 'manage_orders', 'enter_orders', 'fire_courses'],
  // The expo is a cook at the pass: firing a held course is theirs as much as the waiter's.
  kitchen: ['view_kitchen', 'manage_tickets', 'fire_courses'],
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
    'enter_orders',
    'apply_discounts',
    'comp_items',
    'open_items',
    'fire_courses',
  ],
  admin: ['full_access'],
  team: ['manage_platform'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** An unknown or missing role is treated as the default role, waiter. */
export function normalizeRole(value: unknown): Role {
  return isRole(value) ? value : 'waiter';
}

export function permissionsForRole(role: Role): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

/**
 * What a user may do: their role's permissions and those granted to them individually. A platform
 * permission among a restaurant account's grants is never honoured (the platform team's is), and
 * an unknown name is dropped.
 */
export function effectivePermissions(role: Role, granted: readonly string[] = []): Permission[] {
  const extra = granted.filter(
    (p): p is Permission =>
      (PERMISSIONS as readonly string[]).includes(p) &&
      (role === 'team' || !PLATFORM_PERMISSIONS.includes(p as Permission)),
  );
  return [...new Set<Permission>([...ROLE_PERMISSIONS[role], ...extra])];
}

/**
 * `full_access` grants every permission of the restaurant; otherwise (and always for
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

/** Where each role lands after signing in. */
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
