import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import { orders, paymentMovements } from '../../core/db/schema.js';
import { sumCents } from '../../core/db/money.js';
import { businessTodaySql } from '../business-days/index.js';
import { billCentsOf, netCentsOf } from '../orders/index.js';

/**
 * "Today" and a day's two takings, defined once for every screen that shows
 * them: the waiter's cards, the manager's overview and the reports.
 *
 * - Today is the restaurant's business day (business-days/lock.ts): its local date, in its own
 *   time zone (not the server's, not the device's), less its closing time, and the next day at
 *   once after a manager closes one. Orders and payments keep the business day they were made in.
 * - Paid today: the payments taken today less the refunds given back today (the bills settled;
 *   tips are the staff's, not takings).
 * - Ordered today: the orders placed today, voids excluded (a voided order counts nothing, a
 *   voided line leaves its order's total), at what their bills charge for them: with tax and
 *   service charge, so once all is paid, paid and ordered agree to the cent.
 *   Net, service charge and tax are its parts, summed from the orders as stored (`orderedParts`).
 */

/** The instant the restaurant's current local calendar day, week or month began. */
export const startOfLocal = (unit: 'day' | 'week' | 'month', timezone: string): SQL =>
  sql`(date_trunc(${unit}, now() at time zone ${timezone}) at time zone ${timezone})`;

/**
 * The instant a business day (a `date` expression) begins by the restaurant's clock: its
 * closing time on that local date (midnight by default). For what has no business date of its
 * own (tickets, the audit log); orders and payments are counted by theirs.
 */
export const localDateStart = (date: SQL, timezone: string, closesAtMinutes = 0): SQL =>
  sql`(((${date})::timestamp + make_interval(mins => ${closesAtMinutes}::int)) at time zone ${timezone})`;

/** The restaurant's orders that count as ordered: every order but a voided one. */
export const countedOrders = (restaurantId: string) =>
  and(eq(orders.restaurantId, restaurantId), ne(orders.status, 'cancelled'));

/** What an order counts for "ordered": its share of its bill after voids (tax and service in). */
export const orderedCents = (filter?: SQL) => sumCents(billCentsOf, filter);

/** "Ordered" split into its parts (net + service + tax = total), in cents. */
export const orderedParts = (filter?: SQL) => ({
  net: sumCents(netCentsOf, filter),
  service: sumCents(orders.serviceCents, filter),
  tax: sumCents(orders.taxCents, filter),
  total: orderedCents(filter),
});

export interface TakingsToday {
  /** Paid today, in cents of the restaurant's currency. */
  paidCents: number;
  /** Ordered today, in cents of the restaurant's currency. */
  orderedCents: number;
  /** How many orders were placed today (voided ones left out). */
  orders: number;
}

/** The restaurant's takings today (its business day), by both measures. */
export async function takingsToday(db: DbOrTx, restaurantId: string): Promise<TakingsToday> {
  const today = businessTodaySql(restaurantId);
  const [[paid], [ordered]] = await Promise.all([
    db
      // Taken today less what was given back today.
      .select({ cents: sumCents(paymentMovements.amountCents) })
      .from(paymentMovements)
      .where(
        and(
          eq(paymentMovements.restaurantId, restaurantId),
          sql`${paymentMovements.businessDate} = ${today}`,
        ),
      ),
    db
      .select({ cents: orderedCents(), n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(countedOrders(restaurantId), sql`${orders.businessDate} = ${today}`)),
  ]);
  return {
    paidCents: paid?.cents ?? 0,
    orderedCents: ordered?.cents ?? 0,
    orders: ordered?.n ?? 0,
  };
}
