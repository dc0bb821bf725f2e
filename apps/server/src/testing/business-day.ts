// Test support (no production code imports it): a business day played through the API.
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { orderItems, restaurants, tables } from '../core/db/schema.js';
import { placeGuestOrder } from './fixtures.js';
import type { TestApp } from './harness.js';

/**
 * A fixed-offset zone where it is about noon now, so a test's "today" never crosses midnight
 * while it runs (Etc/GMT-3 is UTC+3: the sign is POSIX's, inverted).
 */
export function noonZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  return `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/**
 * The business day the database gives an instant (its own rule, closed days counted), for a test
 * that moves an order or a payment in time: a change keeps the business day it was made in.
 */
export const businessDateAt = (restaurantId: string, when: Date) =>
  sql<string>`business_date_at(${restaurantId}::uuid, ${when.toISOString()}::timestamptz, ${when.toISOString()}::timestamptz)`;

/** Puts a test restaurant in a zone where it is about noon, so a test runs inside one business day. */
export async function atNoon(t: TestApp, restaurantId = t.restaurantId) {
  await t.database.db
    .update(restaurants)
    .set({ timezone: noonZone() })
    .where(eq(restaurants.id, restaurantId));
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function setCharges(
  t: TestApp,
  charges: { taxRateBps: number; serviceChargeBps: number; pricesIncludeTax: boolean },
  restaurantId = t.restaurantId,
) {
  await t.database.db.update(restaurants).set(charges).where(eq(restaurants.id, restaurantId));
}

export async function placeOrder(
  t: TestApp,
  token: string,
  lines: readonly (readonly [string, number])[],
) {
  const res = await placeGuestOrder(t, token, lines);
  expect(res.status, res.res.body).toBe(201);
  return res.data;
}

export async function voidOrder(
  t: TestApp,
  manager: string,
  orderId: string,
  reason = 'Wrong table',
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/void`,
    headers: auth(manager),
    payload: { reason },
  });
}

export async function pay(
  t: TestApp,
  staff: string,
  sessionId: string,
  body: { method: 'cash' | 'card'; tip?: number; amount?: number },
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/payments`,
    headers: auth(staff),
    payload: body,
  });
}

export async function tableId(t: TestApp, token: string) {
  const [row] = await t.database.db.select().from(tables).where(eq(tables.qrToken, token));
  return row!.id;
}

export interface SeededDay {
  /** The orders by letter (A–G), as placed. */
  orders: Record<string, { orderId: string; sessionId: string; order_number: number }>;
  /** The open bill's table token. */
  openTable: string;
}

/**
 * A day with everything a Z report counts: at 10% tax added and a 12.5%
 * service charge, table 1 pays by card with a tip after a line void, table 2 pays cash with a tip
 * after a whole-order void; then at 22% tax included and no service charge, table 3 pays by card;
 * table 4's bill stays open; table 5 is closed by the manager with its order voided.
 */
export async function seedDay(t: TestApp, manager: string): Promise<SeededDay> {
  await setCharges(t, { taxRateBps: 1000, serviceChargeBps: 1250, pricesIncludeTax: false });
  const A = await placeOrder(t, 'QR-T1', [
    ['Espresso', 2],
    ['Classic Burger', 1],
  ]);
  const [espressoLine] = await t.database.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, A.orderId), eq(orderItems.name, 'Espresso')));
  const lineVoid = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${A.orderId}/items/${espressoLine!.id}/void`,
    headers: auth(manager),
    payload: { quantity: 1, reason: 'Spilled' },
  });
  expect(lineVoid.statusCode, lineVoid.body).toBe(200);
  const B = await placeOrder(t, 'QR-T1', [['Margherita Pizza', 1]]);
  const paidCard = await pay(t, manager, A.sessionId, { method: 'card', tip: 2 });
  expect(paidCard.statusCode, paidCard.body).toBe(201);

  const C = await placeOrder(t, 'QR-T2', [['Craft Beer', 3]]);
  expect((await voidOrder(t, manager, C.orderId)).statusCode).toBe(200);
  const D = await placeOrder(t, 'QR-T2', [['Espresso', 1]]);
  const paidCash = await pay(t, manager, D.sessionId, { method: 'cash', amount: 50, tip: 0.5 });
  expect(paidCash.statusCode, paidCash.body).toBe(201);

  await setCharges(t, { taxRateBps: 2200, serviceChargeBps: 0, pricesIncludeTax: true });
  const E = await placeOrder(t, 'QR-T3', [['Margherita Pizza', 2]]);
  expect((await pay(t, manager, E.sessionId, { method: 'card' })).statusCode).toBe(201);

  const F = await placeOrder(t, 'QR-T4', [['Classic Burger', 1]]);

  const G = await placeOrder(t, 'QR-T5', [['Espresso', 1]]);
  const closed = await t.app.inject({
    method: 'POST',
    url: `/api/tables/${await tableId(t, 'QR-T5')}/close`,
    headers: auth(manager),
    payload: { unpaid: 'void', reason: 'Walked out' },
  });
  expect(closed.statusCode, closed.body).toBe(200);
  return { orders: { A, B, C, D, E, F, G }, openTable: 'QR-T4' };
}
