import {
  addParts,
  type BillParts,
  centsToAmount,
  lineParts,
  PAYMENT_METHODS,
  type PaymentMethod,
  TRANSACTION_FEE_BPS,
  transactionFeeCents,
  ZERO_PARTS,
  type ZReportFigures,
} from '@tavola/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import { diningSessions, orderItems, orders, payments, tables } from '../../core/db/schema.js';
import { sumCents } from '../../core/db/money.js';
import { billCentsOf, ratesOf, storedParts } from '../orders/index.js';

/**
 * A day's Z report figures, in cents (issue 16, item 3), and as amounts.
 *
 * The day's bills are the dining sessions settled in it: paid (their payment recorded that day),
 * or closed by staff that day with everything on them voided. Their orders are counted as placed
 * (each line at menu prices, split by the one bill rule at the order's frozen rates), the voids
 * as what each voided quantity took off (the line as placed less the line as billed now), and the
 * bills from the orders' stored columns (what the payment charged). So `orders − voids = bills`
 * checks the stored bills against their lines, and `bills + tips = payments` checks the payments
 * against the bills, to the cent. A bill still open is listed apart (it counts on the day it is
 * settled).
 */
export interface DayCents {
  orders: BillParts & { count: number };
  voids: BillParts & { wholeOrders: number; items: number };
  bills: BillParts & { count: number };
  payments: {
    count: number;
    amount: number;
    tips: number;
    byMethod: { method: PaymentMethod; count: number; amount: number; tips: number }[];
  };
  taxRates: (BillParts & { taxRateBps: number })[];
  fee: { base: number; fee: number };
  openBills: { tableNumber: number; openedAt: Date; orders: number; total: number }[];
  /** Today only: the tables seated now, ordered or not. */
  seatedTables: number[];
}

const subtract = (a: BillParts, b: BillParts): BillParts => ({
  net: a.net - b.net,
  service: a.service - b.service,
  tax: a.tax - b.tax,
  total: a.total - b.total,
});

export async function dayCents(
  db: DbOrTx,
  restaurantId: string,
  date: string,
  today: string,
): Promise<DayCents> {
  // The sessions settled this day (paid, or closed without a payment), by the day each was
  // settled in: a later change of time zone or closing time moves nothing between days.
  const settled = sql`(
    select s.id from ${diningSessions} s
      where s.restaurant_id = ${restaurantId} and s.status = 'closed' and s.settled_on = ${date}
  )`;

  // One after another: inside a transaction they share one connection (pg queues, pg 9 refuses).
  const orderRows = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.restaurantId, restaurantId), sql`${orders.diningSessionId} in ${settled}`),
    );
  const lineRows = await db
    .select({
      orderId: orderItems.orderId,
      unitPriceCents: orderItems.unitPriceCents,
      quantity: orderItems.quantity,
      voidedQuantity: orderItems.voidedQuantity,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orderItems.orderId, orders.id))
    .where(
      and(eq(orders.restaurantId, restaurantId), sql`${orders.diningSessionId} in ${settled}`),
    );
  const paymentRows = await db
    .select({
      method: payments.method,
      count: sql<number>`count(*)::int`,
      amount: sumCents(payments.amountCents),
      tips: sumCents(payments.tipCents),
    })
    .from(payments)
    .where(and(eq(payments.restaurantId, restaurantId), eq(payments.businessDate, date)))
    .groupBy(payments.method);
  const openRows = await db
    .select({
      tableNumber: tables.number,
      openedAt: diningSessions.openedAt,
      orders: sql<number>`count(*)::int`,
      total: sumCents(billCentsOf),
    })
    .from(diningSessions)
    .innerJoin(tables, eq(diningSessions.tableId, tables.id))
    .innerJoin(orders, eq(orders.diningSessionId, diningSessions.id))
    .where(
      and(
        eq(diningSessions.restaurantId, restaurantId),
        eq(diningSessions.status, 'open'),
        sql`${orders.businessDate} <= ${date}`,
        ne(orders.status, 'cancelled'),
      ),
    )
    .groupBy(diningSessions.id, tables.number, diningSessions.openedAt)
    .orderBy(asc(tables.number), asc(diningSessions.openedAt));

  const seatedRows =
    date === today
      ? await db
          .select({ tableNumber: tables.number })
          .from(diningSessions)
          .innerJoin(tables, eq(diningSessions.tableId, tables.id))
          .where(
            and(eq(diningSessions.restaurantId, restaurantId), eq(diningSessions.status, 'open')),
          )
          .orderBy(asc(tables.number))
      : [];

  const orderById = new Map(orderRows.map((o) => [o.id, o]));
  let placed: BillParts = ZERO_PARTS;
  let voided: BillParts = ZERO_PARTS;
  let voidedItems = 0;
  for (const line of lineRows) {
    const order = orderById.get(line.orderId);
    if (!order) continue;
    const rates = ratesOf(order);
    const asPlaced = lineParts(line.unitPriceCents * line.quantity, rates);
    placed = addParts(placed, asPlaced);
    if (line.voidedQuantity > 0) {
      const billed = lineParts(line.unitPriceCents * (line.quantity - line.voidedQuantity), rates);
      voided = addParts(voided, subtract(asPlaced, billed));
      voidedItems += line.voidedQuantity;
    }
  }

  let bills: BillParts = ZERO_PARTS;
  const byRate = new Map<number, BillParts>();
  for (const order of orderRows) {
    if (order.status === 'cancelled') continue;
    const parts = storedParts(order);
    bills = addParts(bills, parts);
    byRate.set(order.taxRateBps, addParts(byRate.get(order.taxRateBps) ?? ZERO_PARTS, parts));
  }

  const byMethod = PAYMENT_METHODS.flatMap((method) => {
    const row = paymentRows.find((p) => p.method === method);
    return row ? [{ method, count: row.count, amount: row.amount, tips: row.tips }] : [];
  });
  const paid = byMethod.reduce(
    (sum, m) => ({
      count: sum.count + m.count,
      amount: sum.amount + m.amount,
      tips: sum.tips + m.tips,
    }),
    { count: 0, amount: 0, tips: 0 },
  );

  return {
    orders: { ...placed, count: orderRows.length },
    voids: {
      ...voided,
      wholeOrders: orderRows.filter((o) => o.status === 'cancelled').length,
      items: voidedItems,
    },
    bills: { ...bills, count: new Set(orderRows.map((o) => o.diningSessionId)).size },
    payments: { ...paid, byMethod },
    taxRates: [...byRate]
      .sort(([a], [b]) => a - b)
      .map(([taxRateBps, parts]) => ({ taxRateBps, ...parts })),
    fee: { base: paid.amount, fee: transactionFeeCents(paid.amount) },
    openBills: openRows,
    seatedTables: seatedRows.map((r) => r.tableNumber),
  };
}

const amounts = (p: BillParts) => ({
  net: centsToAmount(p.net),
  service: centsToAmount(p.service),
  tax: centsToAmount(p.tax),
  total: centsToAmount(p.total),
});

/** The figures as the Z report shows and keeps them (amounts in the restaurant's currency). */
export function dayFigures(c: DayCents): ZReportFigures {
  const ordersLessVoids = c.orders.total - c.voids.total;
  const paymentsTotal = c.payments.amount + c.payments.tips;
  const billsPlusTips = c.bills.total + c.payments.tips;
  return {
    orders: { count: c.orders.count, ...amounts(c.orders) },
    voids: { wholeOrders: c.voids.wholeOrders, items: c.voids.items, ...amounts(c.voids) },
    bills: { count: c.bills.count, ...amounts(c.bills) },
    payments: {
      count: c.payments.count,
      amount: centsToAmount(c.payments.amount),
      tips: centsToAmount(c.payments.tips),
      total: centsToAmount(paymentsTotal),
      byMethod: c.payments.byMethod.map((m) => ({
        method: m.method,
        count: m.count,
        amount: centsToAmount(m.amount),
        tips: centsToAmount(m.tips),
        total: centsToAmount(m.amount + m.tips),
      })),
    },
    taxRates: c.taxRates.map((r) => ({ taxRate: r.taxRateBps / 100, ...amounts(r) })),
    transactionFee: {
      rate: TRANSACTION_FEE_BPS / 100,
      base: centsToAmount(c.fee.base),
      fee: centsToAmount(c.fee.fee),
    },
    openBills: {
      count: c.openBills.length,
      total: centsToAmount(c.openBills.reduce((sum, b) => sum + b.total, 0)),
      bills: c.openBills.map((b) => ({
        tableNumber: b.tableNumber,
        openedAt: b.openedAt.toISOString(),
        orders: b.orders,
        total: centsToAmount(b.total),
      })),
    },
    reconciliation: {
      ordersLessVoids: centsToAmount(ordersLessVoids),
      bills: centsToAmount(c.bills.total),
      billsPlusTips: centsToAmount(billsPlusTips),
      payments: centsToAmount(paymentsTotal),
      balanced:
        ordersLessVoids === c.bills.total &&
        billsPlusTips === paymentsTotal &&
        c.orders.net - c.voids.net === c.bills.net &&
        c.orders.service - c.voids.service === c.bills.service &&
        c.orders.tax - c.voids.tax === c.bills.tax,
    },
  };
}
