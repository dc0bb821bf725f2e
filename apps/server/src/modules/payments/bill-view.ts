import {
  CAPTURED_STATUSES,
  centsToAmount,
  paidUnits,
  type Currency,
  type StaffBill,
} from '@tavola/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import { diningSessions, payments, tables } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import { payableLines } from './allocations.js';
import { billOf, capturedCents } from './service.js';

type Session = Pick<typeof diningSessions.$inferSelect, 'id' | 'status' | 'paymentStatus'>;

/**
 * One bill, itemised: each line with what is paid of it and what remains, and the payments so
 * far (no names, no card numbers). The guests' page and the waiter's pay dialog read the same.
 */
export async function billView(
  db: DbOrTx,
  session: Session,
  currency: Currency,
): Promise<Omit<StaffBill, 'tableNumber'>> {
  const lines = await payableLines(db, session.id);
  const bill = await billOf(db, session.id);
  const captured = await capturedCents(db, session.id);
  const paidRows = await db
    .select({
      id: payments.id,
      splitKind: payments.splitKind,
      splitParts: payments.splitParts,
      method: payments.method,
      provider: payments.provider,
      amountCents: payments.amountCents,
      tipCents: payments.tipCents,
      at: payments.capturedAt,
    })
    .from(payments)
    .where(
      and(eq(payments.diningSessionId, session.id), inArray(payments.status, CAPTURED_STATUSES)),
    )
    .orderBy(asc(payments.capturedAt), asc(payments.id));
  const equal = new Map<number, number>();
  for (const p of paidRows) {
    if (p.splitKind === 'equal' && p.splitParts) {
      equal.set(p.splitParts, (equal.get(p.splitParts) ?? 0) + 1);
    }
  }
  const open = session.status === 'open';
  const paid = session.paymentStatus === 'paid' && !open;
  return {
    sessionId: session.id,
    currency,
    status: open ? 'open' : paid ? 'paid' : 'none',
    total: centsToAmount(bill.cents),
    paid: centsToAmount(captured),
    remaining: centsToAmount(open ? Math.max(0, bill.cents - captured) : 0),
    lines: lines.map((l) => ({
      lineId: l.id,
      orderId: l.orderId,
      orderNumber: l.orderNumber,
      name: l.name,
      quantity: l.quantity,
      paidQuantity: paidUnits(l),
      total: centsToAmount(l.parts.total),
      tax: centsToAmount(l.parts.tax),
      service: centsToAmount(l.parts.service),
      paid: centsToAmount(Math.min(l.paidCents, l.parts.total)),
      remaining: centsToAmount(Math.max(0, l.parts.total - l.paidCents)),
    })),
    payments: paidRows.map((p) => ({
      id: p.id,
      split: p.splitKind ?? 'staff',
      method: p.method,
      provider: p.provider,
      amount: centsToAmount(p.amountCents),
      tip: centsToAmount(p.tipCents),
      at: (p.at ?? new Date()).toISOString(),
    })),
    equalParts: [...equal].map(([parts, n]) => ({ parts, paid: n })),
  };
}

/** A bill of the restaurant as its staff take payment for it: a table's check or a tab. */
export async function staffBill(
  db: DbOrTx,
  restaurantId: string,
  sessionId: string,
  currency: Currency,
): Promise<StaffBill> {
  const [row] = await db
    .select({ session: diningSessions, tableNumber: tables.number })
    .from(diningSessions)
    .leftJoin(tables, eq(tables.id, diningSessions.tableId))
    .where(and(eq(diningSessions.id, sessionId), eq(diningSessions.restaurantId, restaurantId)));
  if (!row) throw refuse('DINING_SESSION_NOT_FOUND');
  return { ...(await billView(db, row.session, currency)), tableNumber: row.tableNumber };
}
