import {
  addParts,
  type BillParts,
  centsToAmount,
  lineParts,
  ORDER_TYPES,
  type OrderType,
  PAYMENT_METHODS,
  type PaymentMethod,
  type RateParts,
  refundParts,
  TRANSACTION_FEE_BPS,
  transactionFeeCents,
  ZERO_PARTS,
  type ZReportFigures,
} from '@tavola/contract';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import {
  diningSessions,
  discounts,
  orderItems,
  orders,
  paymentMovements,
  paymentRefunds,
  payments,
  tables,
} from '../../core/db/schema.js';
import { sumCents } from '../../core/db/money.js';
import { billCentsOf, ratesOf, storedParts } from '../orders/index.js';

/**
 * A day's Z report figures, in cents, and as amounts.
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
  /** What discounts and comps took off what the voids left (each line's parts without and with them). */
  discounts: BillParts & {
    count: number;
    comps: number;
    /** At menu prices. */
    amount: number;
    byReason: DiscountGroup[];
    byUser: DiscountGroup[];
    byTaxRate: (BillParts & { taxRateBps: number })[];
  };
  bills: BillParts & { count: number };
  payments: Takings;
  /**
   * Money given back this day from payments taken on any day (positive amounts): its own line,
   * so the bills settled this day still reconcile with the payments taken for them. Its bill part
   * split by tax rate as the sale was (`refundParts`), so the journal takes back tax as charged.
   */
  refunds: Takings & { taxRates: RateParts[] };
  taxRates: (BillParts & { taxRateBps: number })[];
  fee: { base: number; fee: number };
  /** The settled bills' orders by order type (voids left out): they add up to `bills`. */
  byOrderType: (BillParts & { orderType: OrderType; count: number })[];
  openBills: {
    tableNumber: number | null;
    orderType: OrderType;
    tabName: string | null;
    openedAt: Date;
    orders: number;
    total: number;
  }[];
  /** Today only: the tables seated now, ordered or not. */
  seatedTables: number[];
}

interface DiscountGroup {
  key: string | null;
  name: string;
  count: number;
  amount: number;
  total: number;
}

/** Discounts grouped by `keyOf`, the largest total first. */
function groupDiscounts<R extends { discountCents: number; totalCents: number }>(
  rows: readonly R[],
  keyOf: (row: R) => { key: string | null; name: string },
): DiscountGroup[] {
  const groups = new Map<string, DiscountGroup>();
  for (const row of rows) {
    const { key, name } = keyOf(row);
    const id = `${key ?? ''}\u0000${name}`;
    const seen = groups.get(id) ?? { key, name, count: 0, amount: 0, total: 0 };
    seen.count += 1;
    seen.amount += row.discountCents;
    seen.total += row.totalCents;
    groups.set(id, seen);
  }
  return [...groups.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

interface Takings {
  count: number;
  amount: number;
  tips: number;
  byMethod: { method: PaymentMethod; count: number; amount: number; tips: number }[];
}

const totalOf = (rows: { count: number; amount: number; tips: number }[]) =>
  rows.reduce(
    (sum, m) => ({
      count: sum.count + m.count,
      amount: sum.amount + m.amount,
      tips: sum.tips + m.tips,
    }),
    { count: 0, amount: 0, tips: 0 },
  );

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
  const typeRows = await db
    .select({ id: diningSessions.id, orderType: diningSessions.orderType })
    .from(diningSessions)
    .where(sql`${diningSessions.id} in ${settled}`);
  const typeOf = new Map(typeRows.map((r) => [r.id, r.orderType]));
  const lineRows = await db
    .select({
      orderId: orderItems.orderId,
      unitPriceCents: orderItems.unitPriceCents,
      quantity: orderItems.quantity,
      voidedQuantity: orderItems.voidedQuantity,
      discountCents: orderItems.discountCents,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orderItems.orderId, orders.id))
    .where(
      and(eq(orders.restaurantId, restaurantId), sql`${orders.diningSessionId} in ${settled}`),
    );
  // The discounts and comps still given on those bills, with what each took off.
  const discountRows = await db
    .select({
      kind: discounts.kind,
      reason: discounts.reason,
      appliedBy: discounts.appliedBy,
      appliedByName: discounts.appliedByName,
      discountCents: discounts.discountCents,
      totalCents: discounts.totalCents,
    })
    .from(discounts)
    .where(
      and(
        eq(discounts.restaurantId, restaurantId),
        isNull(discounts.removedAt),
        sql`${discounts.diningSessionId} in ${settled}`,
        sql`${discounts.discountCents} > 0`,
      ),
    )
    .orderBy(asc(discounts.createdAt), asc(discounts.id));
  // The money that moved this day: payments captured in, refunds (negative) out.
  const movementRows = await db
    .select({
      kind: paymentMovements.kind,
      method: paymentMovements.method,
      count: sql<number>`count(*)::int`,
      amount: sumCents(paymentMovements.amountCents),
      tips: sumCents(paymentMovements.tipCents),
    })
    .from(paymentMovements)
    .where(
      and(eq(paymentMovements.restaurantId, restaurantId), eq(paymentMovements.businessDate, date)),
    )
    .groupBy(paymentMovements.kind, paymentMovements.method);
  const paymentRows = movementRows.filter((r) => r.kind === 'capture');
  // Refunds as the positive amounts given back.
  const refundRows = movementRows
    .filter((r) => r.kind === 'refund')
    .map((r) => ({ ...r, amount: -r.amount, tips: -r.tips }));
  const refundRates = await refundsByRate(db, restaurantId, date);
  const openRows = await db
    .select({
      tableNumber: tables.number,
      orderType: diningSessions.orderType,
      tabName: diningSessions.tabName,
      openedAt: diningSessions.openedAt,
      orders: sql<number>`count(*)::int`,
      total: sumCents(billCentsOf),
    })
    .from(diningSessions)
    // A tab has no table: its bill is listed by its name.
    .leftJoin(tables, eq(diningSessions.tableId, tables.id))
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
    .orderBy(sql`${tables.number} asc nulls last`, asc(diningSessions.openedAt));

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
  let discounted: BillParts = ZERO_PARTS;
  const discountedByRate = new Map<number, BillParts>();
  let voidedItems = 0;
  for (const line of lineRows) {
    const order = orderById.get(line.orderId);
    if (!order) continue;
    const rates = ratesOf(order);
    const asPlaced = lineParts(line.unitPriceCents * line.quantity, rates);
    placed = addParts(placed, asPlaced);
    const billedCents = line.unitPriceCents * (line.quantity - line.voidedQuantity);
    const billed = lineParts(billedCents, rates);
    if (line.voidedQuantity > 0) {
      voided = addParts(voided, subtract(asPlaced, billed));
      voidedItems += line.voidedQuantity;
    }
    if (line.discountCents > 0) {
      const off = subtract(billed, lineParts(billedCents - line.discountCents, rates));
      discounted = addParts(discounted, off);
      const rate = order.taxRateBps;
      discountedByRate.set(rate, addParts(discountedByRate.get(rate) ?? ZERO_PARTS, off));
    }
  }

  let bills: BillParts = ZERO_PARTS;
  const byRate = new Map<number, BillParts>();
  const byType = new Map<OrderType, BillParts & { count: number }>();
  for (const order of orderRows) {
    if (order.status === 'cancelled') continue;
    const parts = storedParts(order);
    bills = addParts(bills, parts);
    byRate.set(order.taxRateBps, addParts(byRate.get(order.taxRateBps) ?? ZERO_PARTS, parts));
    const type = typeOf.get(order.diningSessionId) ?? 'dine_in';
    const seen = byType.get(type) ?? { ...ZERO_PARTS, count: 0 };
    byType.set(type, { ...addParts(seen, parts), count: seen.count + 1 });
  }

  const byMethod = PAYMENT_METHODS.flatMap((method) => {
    const row = paymentRows.find((p) => p.method === method);
    return row ? [{ method, count: row.count, amount: row.amount, tips: row.tips }] : [];
  });
  const paid = totalOf(byMethod);
  const refundsByMethod = PAYMENT_METHODS.flatMap((method) => {
    const row = refundRows.find((p) => p.method === method);
    return row ? [{ method, count: row.count, amount: row.amount, tips: row.tips }] : [];
  });

  return {
    orders: { ...placed, count: orderRows.length },
    voids: {
      ...voided,
      wholeOrders: orderRows.filter((o) => o.status === 'cancelled').length,
      items: voidedItems,
    },
    discounts: {
      ...discounted,
      count: discountRows.length,
      comps: discountRows.filter((d) => d.kind === 'comp').length,
      amount: discountRows.reduce((sum, d) => sum + d.discountCents, 0),
      byReason: groupDiscounts(discountRows, (d) => ({ key: d.reason, name: d.reason })),
      byUser: groupDiscounts(discountRows, (d) => ({
        key: d.appliedBy,
        name: d.appliedByName ?? 'Unknown',
      })),
      byTaxRate: [...discountedByRate]
        .sort(([a], [b]) => a - b)
        .map(([taxRateBps, parts]) => ({ taxRateBps, ...parts })),
    },
    bills: { ...bills, count: new Set(orderRows.map((o) => o.diningSessionId)).size },
    byOrderType: ORDER_TYPES.flatMap((orderType) => {
      const row = byType.get(orderType);
      return row ? [{ orderType, ...row }] : [];
    }),
    payments: { ...paid, byMethod },
    refunds: { ...totalOf(refundsByMethod), byMethod: refundsByMethod, taxRates: refundRates },
    taxRates: [...byRate]
      .sort(([a], [b]) => a - b)
      .map(([taxRateBps, parts]) => ({ taxRateBps, ...parts })),
    fee: { base: paid.amount, fee: transactionFeeCents(paid.amount) },
    openBills: openRows,
    seatedTables: seatedRows.map((r) => r.tableNumber),
  };
}

/**
 * The bill parts of the refunds given back on `date`, by tax rate: each refund split against its
 * bill (its dining session's orders, voided ones left out) after the bill's earlier refunds, by
 * the contract's one rule, then added up. Rates with nothing given back are left out.
 */
async function refundsByRate(db: DbOrTx, restaurantId: string, date: string): Promise<RateParts[]> {
  const bills = db
    .selectDistinct({ id: payments.diningSessionId })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(
      and(eq(paymentRefunds.restaurantId, restaurantId), eq(paymentRefunds.businessDate, date)),
    );
  // Every refund of those bills, in the order they were given (the split depends on it).
  const refundRows = await db
    .select({
      sessionId: payments.diningSessionId,
      amountCents: paymentRefunds.amountCents,
      businessDate: paymentRefunds.businessDate,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(inArray(payments.diningSessionId, bills))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  if (refundRows.length === 0) return [];
  const orderRows = await db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.diningSessionId, [...new Set(refundRows.map((r) => r.sessionId))]),
        ne(orders.status, 'cancelled'),
      ),
    );

  const billOf = new Map<string, Map<number, BillParts>>();
  for (const order of orderRows) {
    const rates = billOf.get(order.diningSessionId) ?? new Map<number, BillParts>();
    rates.set(
      order.taxRateBps,
      addParts(rates.get(order.taxRateBps) ?? ZERO_PARTS, storedParts(order)),
    );
    billOf.set(order.diningSessionId, rates);
  }
  const earlier = new Map<string, number[]>();
  const given = new Map<number, BillParts>();
  for (const refund of refundRows) {
    const bill = [...(billOf.get(refund.sessionId) ?? [])].map(([taxRateBps, parts]) => ({
      taxRateBps,
      ...parts,
    }));
    const before = earlier.get(refund.sessionId) ?? [];
    if (refund.businessDate === date) {
      for (const { taxRateBps, ...parts } of refundParts(bill, before, refund.amountCents)) {
        given.set(taxRateBps, addParts(given.get(taxRateBps) ?? ZERO_PARTS, parts));
      }
    }
    earlier.set(refund.sessionId, [...before, refund.amountCents]);
  }
  return [...given]
    .filter(([, parts]) => parts.total !== 0)
    .sort(([a], [b]) => a - b)
    .map(([taxRateBps, parts]) => ({ taxRateBps, ...parts }));
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
  const ordersLessVoidsAndDiscounts = ordersLessVoids - c.discounts.total;
  const d = c.discounts;
  const paymentsTotal = c.payments.amount + c.payments.tips;
  const billsPlusTips = c.bills.total + c.payments.tips;
  return {
    orders: { count: c.orders.count, ...amounts(c.orders) },
    voids: { wholeOrders: c.voids.wholeOrders, items: c.voids.items, ...amounts(c.voids) },
    discounts: {
      count: d.count,
      comps: d.comps,
      amount: centsToAmount(d.amount),
      ...amounts(d),
      byReason: d.byReason.map((g) => ({
        reason: g.name,
        count: g.count,
        amount: centsToAmount(g.amount),
        total: centsToAmount(g.total),
      })),
      byUser: d.byUser.map((g) => ({
        userId: g.key,
        name: g.name,
        count: g.count,
        amount: centsToAmount(g.amount),
        total: centsToAmount(g.total),
      })),
      byTaxRate: d.byTaxRate.map((r) => ({ taxRate: r.taxRateBps / 100, ...amounts(r) })),
    },
    bills: { count: c.bills.count, ...amounts(c.bills) },
    byOrderType: c.byOrderType.map((t) => ({
      orderType: t.orderType,
      count: t.count,
      ...amounts(t),
    })),
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
    refunds: {
      count: c.refunds.count,
      amount: centsToAmount(c.refunds.amount),
      tips: centsToAmount(c.refunds.tips),
      total: centsToAmount(c.refunds.amount + c.refunds.tips),
      byMethod: c.refunds.byMethod.map((m) => ({
        method: m.method,
        count: m.count,
        amount: centsToAmount(m.amount),
        tips: centsToAmount(m.tips),
        total: centsToAmount(m.amount + m.tips),
      })),
      taxRates: c.refunds.taxRates.map((r) => ({ taxRate: r.taxRateBps / 100, ...amounts(r) })),
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
        orderType: b.orderType,
        tabName: b.tabName,
        openedAt: b.openedAt.toISOString(),
        orders: b.orders,
        total: centsToAmount(b.total),
      })),
    },
    reconciliation: {
      ordersLessVoids: centsToAmount(ordersLessVoids),
      discounts: centsToAmount(d.total),
      ordersLessVoidsAndDiscounts: centsToAmount(ordersLessVoidsAndDiscounts),
      bills: centsToAmount(c.bills.total),
      billsPlusTips: centsToAmount(billsPlusTips),
      payments: centsToAmount(paymentsTotal),
      balanced:
        ordersLessVoidsAndDiscounts === c.bills.total &&
        billsPlusTips === paymentsTotal &&
        c.orders.net - c.voids.net - d.net === c.bills.net &&
        c.orders.service - c.voids.service - d.service === c.bills.service &&
        c.orders.tax - c.voids.tax - d.tax === c.bills.tax &&
        // Each discount's own figure (by reason, by who gave it) adds up to the lines'.
        d.byReason.reduce((sum, g) => sum + g.total, 0) === d.total &&
        d.byUser.reduce((sum, g) => sum + g.total, 0) === d.total,
    },
  };
}
