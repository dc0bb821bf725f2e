import { randomBytes } from 'node:crypto';
import {
  ordersRoutes,
  type PlanId,
  type RESTAURANT_STATUSES,
  type RestaurantRole,
} from '@tavola/contract';

type RestaurantStatus = (typeof RESTAURANT_STATUSES)[number];
import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../core/auth/password.js';
import { writeBuiltInStations } from '../core/db/built-in-stations.js';
import { menuItems, restaurants, users } from '../core/db/schema.js';
import { client, type CallResult } from './client.js';
import { loginAs, type TestApp } from './harness.js';

/** The demo restaurant's accounts (seeded by every test app), by role. */
export const DEMO_ACCOUNTS = {
  waiter: { username: 'waiter1', password: 'waiter123' },
  kitchen: { username: 'kitchen1', password: 'kitchen123' },
  bar: { username: 'bar1', password: 'bar123' },
  manager: { username: 'manager1', password: 'manager123' },
  admin: { username: 'admin1', password: 'admin123' },
  team: { username: 'team1', password: 'team123' },
} as const;
export type DemoRole = keyof typeof DEMO_ACCOUNTS;

/** Signs in as the demo restaurant's account of a role; resolves to its bearer token. */
export async function signInAs(t: TestApp, role: DemoRole): Promise<string> {
  const { username, password } = DEMO_ACCOUNTS[role];
  return (await loginAs(t.app, username, password)).token;
}

export interface OtherRestaurant {
  id: string;
  /** A signed-in token for each staff role asked for. */
  tokens: Partial<Record<RestaurantRole, string>>;
  /** The usernames of that staff, by role. */
  usernames: Partial<Record<RestaurantRole, string>>;
}

/**
 * A second restaurant beside the demo one, with signed-in staff of the given roles: what every
 * isolation check needs (its staff must never see or touch the demo restaurant's data).
 */
export async function createOtherRestaurant(
  t: TestApp,
  options: {
    name?: string;
    roles?: readonly RestaurantRole[];
    status?: RestaurantStatus;
    plan?: PlanId;
    timezone?: string;
  } = {},
): Promise<OtherRestaurant> {
  const suffix = randomBytes(4).toString('hex');
  const name = options.name ?? 'Elsewhere';
  const [row] = await t.database.db
    .insert(restaurants)
    .values({
      name,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${suffix}`,
      status: options.status ?? 'active',
      ...(options.plan ? { plan: options.plan } : {}),
      ...(options.timezone ? { timezone: options.timezone } : {}),
    })
    .returning({ id: restaurants.id });
  if (!row) throw new Error('restaurant insert returned nothing');
  await writeBuiltInStations(t.database.db, row.id);
  const password = `pass-${suffix}`;
  const passwordHash = await hashPassword(password);
  const tokens: OtherRestaurant['tokens'] = {};
  const usernames: OtherRestaurant['usernames'] = {};
  for (const role of options.roles ?? ['manager']) {
    const username = `${role}-${suffix}`;
    await t.database.db.insert(users).values({
      restaurantId: row.id,
      username,
      passwordHash,
      role,
      name: `${name} ${role}`,
    });
    usernames[role] = username;
    tokens[role] = (await loginAs(t.app, username, password)).token;
  }
  return { id: row.id, tokens, usernames };
}

/** A menu item of a restaurant (the demo one by default), by its name. */
export async function menuItemByName(t: TestApp, name: string, restaurantId = t.restaurantId) {
  const [item] = await t.database.db
    .select()
    .from(menuItems)
    .where(
      and(
        eq(menuItems.restaurantId, restaurantId),
        eq(menuItems.name, name),
        isNull(menuItems.deletedAt),
      ),
    );
  if (!item) throw new Error(`no menu item named ${name}`);
  return item;
}

/**
 * A guest's order at a table, by item names and quantities, through the public API (as a phone
 * sends it, with its own Idempotency-Key unless one is given).
 */
export async function guestOrder(
  t: TestApp,
  tableToken: string,
  lines: readonly (readonly [name: string, quantity: number])[],
  options: { idempotencyKey?: string; notes?: string } = {},
): Promise<LightMyRequestResponse> {
  return (await placeGuestOrder(t, tableToken, lines, options)).res;
}

/** `guestOrder`, answered as the typed client answers: the status, and the order typed. */
export async function placeGuestOrder(
  t: TestApp,
  tableToken: string,
  lines: readonly (readonly [name: string, quantity: number])[],
  options: { idempotencyKey?: string; notes?: string } = {},
): Promise<CallResult<typeof ordersRoutes.placeOrder>> {
  const items = [];
  for (const [name, quantity] of lines) {
    const item = await menuItemByName(t, name);
    items.push({
      menuItemId: item.id,
      quantity,
      ...(options.notes ? { notes: options.notes } : {}),
    });
  }
  return client(t.app).call(ordersRoutes.placeOrder, {
    headers: {
      'idempotency-key': options.idempotencyKey ?? `test-${randomBytes(8).toString('hex')}`,
    },
    body: { token: tableToken, items, currency: 'eur' },
  });
}
