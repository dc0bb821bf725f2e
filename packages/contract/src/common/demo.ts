import type { Role } from '../auth/roles.js';

/** Demo login accounts shown on the login pages. */
export interface DemoAccount {
  role: Role;
  username: string;
  password: string;
  description: string;
  restaurant: string;
}

export const DEMO_RESTAURANT_NAME = 'Tavola Demo Bistro';

export const DEMO_RESTAURANT_SLUG = 'demo';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'waiter',
    username: 'waiter1',
    password: 'waiter123',
    description: 'Manages tables, takes orders and serves customers',
    restaurant: DEMO_RESTAURANT_NAME,
  },
  {
    role: 'kitchen',
    username: 'kitchen1',
    password: 'kitchen123',
    description: 'Views and manages food orders',
    restaurant: DEMO_RESTAURANT_NAME,
  },
  {
    role: 'bar',
    username: 'bar1',
    password: 'bar123',
    description: 'Views and manages drink orders',
    restaurant: DEMO_RESTAURANT_NAME,
  },
  {
    role: 'manager',
    username: 'manager1',
    password: 'manager123',
    description: 'Manages operations and staff',
    restaurant: DEMO_RESTAURANT_NAME,
  },
  {
    role: 'admin',
    username: 'admin1',
    password: 'admin123',
    description: 'Full system access',
    restaurant: DEMO_RESTAURANT_NAME,
  },
  {
    role: 'team',
    username: 'team1',
    password: 'team123',
    description: 'Manages the SaaS platform',
    restaurant: 'Tavola Platform',
  },
];
