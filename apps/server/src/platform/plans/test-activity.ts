import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { diningSessions, orders, payments, tables } from '../../core/db/schema.js';

/**
 * Orders and payments of a restaurant at chosen times, written straight to the database (as
 * history is): the fixtures the billing and analytics tests compute their figures from.
 */
export async function addActivity(
  db: Db,
  restaurantId: string,
  activity: {
    orders?: readonly { at: Date; cents: number; cancelled?: boolean }[];
    payments?: readonly { at: Date; cents: number; tipCents?: number }[];
    currency?: 'eur' | 'usd';
  },
): Promise<void> {
  const currency = activity.currency ?? 'eur';
  const [table] = await db
    .insert(tables)
    .values({
      restaurantId,
      // Far from any number a test creates; removed at once so it counts as no table in use.
      number: 9000 + Math.floor(Math.random() * 900_000),
      qrToken: `ACT-${randomBytes(6).toString('hex')}`,
      archivedAt: new Date(),
    })
    .returning();
  const [session] = await db
    .insert(diningSessions)
    .values({ restaurantId, tableId: table!.id, status: 'closed', paymentStatus: 'paid' })
    .returning();
  const [max] = await db
    .select({ n: sql<number>`coalesce(max(${orders.orderNumber}), 0)::int` })
    .from(orders)
    .where(sql`${orders.restaurantId} = ${restaurantId}`);
  let number = Number(max?.n ?? 0);
  for (const o of activity.orders ?? []) {
    await db.insert(orders).values({
      restaurantId,
      diningSessionId: session!.id,
      tableId: table!.id,
      orderNumber: ++number,
      status: o.cancelled ? 'cancelled' : 'paid',
      totalCents: o.cents,
      baseCurrency: currency,
      currency,
      exchangeRate: 1.08,
      displayTotalCents: o.cents,
      createdAt: o.at,
    });
  }
  for (const p of activity.payments ?? []) {
    await db.insert(payments).values({
      restaurantId,
      diningSessionId: session!.id,
      tableId: table!.id,
      method: 'card',
      amountCents: p.cents,
      tipCents: p.tipCents ?? 0,
      currency,
      createdAt: p.at,
    });
  }
}
