import { CAPTURED_STATUSES, centsToAmount, type DayPayments } from '@tavola/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import {
  paymentRefunds,
  payments,
  receipts,
  restaurants,
  tables,
  users,
} from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import { businessToday } from '../business-days/index.js';

/**
 * The payments captured in a business day (today's by default), in the order they were taken,
 * each with its refunds (whichever day they were given back) and what is left to give back: the
 * list a manager refunds from. A day that has not begun is refused, as its Z report is.
 */
export async function dayPayments(
  db: DbOrTx,
  restaurantId: string,
  date?: string,
): Promise<DayPayments> {
  const [restaurant] = await db
    .select({ currency: restaurants.currency, timezone: restaurants.timezone })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!restaurant) throw refuse('RESTAURANT_NOT_FOUND');
  const today = await businessToday(db, restaurantId);
  const day = date ?? today;
  if (day > today) throw refuse('DAY_NOT_BEGUN', { date: day });

  const rows = await db
    .select({
      id: payments.id,
      tableNumber: tables.number,
      receiptNumber: receipts.number,
      method: payments.method,
      status: payments.status,
      capturedAt: payments.capturedAt,
      createdAt: payments.createdAt,
      amountCents: payments.amountCents,
      tipCents: payments.tipCents,
    })
    .from(payments)
    .innerJoin(tables, eq(tables.id, payments.tableId))
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(
      and(
        eq(payments.restaurantId, restaurantId),
        eq(payments.businessDate, day),
        inArray(payments.status, CAPTURED_STATUSES),
      ),
    )
    .orderBy(asc(payments.capturedAt), asc(payments.id));
  const refundRows = rows.length
    ? await db
        .select({
          id: paymentRefunds.id,
          paymentId: paymentRefunds.paymentId,
          amountCents: paymentRefunds.amountCents,
          tipCents: paymentRefunds.tipCents,
          reason: paymentRefunds.reason,
          businessDate: paymentRefunds.businessDate,
          at: paymentRefunds.createdAt,
          by: users.name,
        })
        .from(paymentRefunds)
        .leftJoin(users, eq(users.id, paymentRefunds.recordedBy))
        .where(
          inArray(
            paymentRefunds.paymentId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))
    : [];

  return {
    date: day,
    today,
    currency: restaurant.currency,
    timezone: restaurant.timezone,
    payments: rows.map((p) => {
      const own = refundRows.filter((r) => r.paymentId === p.id);
      const given = (key: 'amountCents' | 'tipCents') => own.reduce((s, r) => s + r[key], 0);
      return {
        id: p.id,
        tableNumber: p.tableNumber,
        receiptNumber: p.receiptNumber,
        method: p.method,
        status: p.status,
        capturedAt: (p.capturedAt ?? p.createdAt).toISOString(),
        amount: centsToAmount(p.amountCents),
        tip: centsToAmount(p.tipCents),
        refundable: {
          amount: centsToAmount(p.amountCents - given('amountCents')),
          tip: centsToAmount(p.tipCents - given('tipCents')),
        },
        refunds: own.map((r) => ({
          id: r.id,
          amount: centsToAmount(r.amountCents),
          tip: centsToAmount(r.tipCents),
          reason: r.reason,
          businessDate: r.businessDate,
          at: r.at.toISOString(),
          by: r.by,
        })),
      };
    }),
  };
}
