import { billedQuantity, CAPTURED_STATUSES, planPayment, type PayableLine } from '@tavola/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import { sumCents } from '../../core/db/money.js';
import { paymentAllocations, payments } from '../../core/db/schema.js';
import type { UnitOfWork } from '../../core/events/unit-of-work.js';
import { billRows, priceBill, storedAllocations } from '../orders/index.js';

/** A line of a bill as a payment sees it, with what the guest's page names it by. */
export interface BillLine extends PayableLine {
  orderId: string;
  orderNumber: number;
  name: string;
}

/**
 * A bill's lines still billed, each with its parts (its discounts, tax and service charge, by
 * the contract's rule at its order's frozen rates) and what captured payments laid on it.
 */
export async function payableLines(db: DbOrTx, sessionId: string): Promise<BillLine[]> {
  const rows = await billRows(db, sessionId);
  const priced = priceBill(rows, storedAllocations(rows));
  const paid = await db
    .select({ lineId: paymentAllocations.orderItemId, cents: sumCents(paymentAllocations.cents) })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(
      and(eq(payments.diningSessionId, sessionId), inArray(payments.status, CAPTURED_STATUSES)),
    )
    .groupBy(paymentAllocations.orderItemId);
  const paidBy = new Map(paid.map((p) => [p.lineId, p.cents]));
  const out: BillLine[] = [];
  for (const order of rows.orders) {
    if (order.status === 'cancelled') continue;
    const lines = rows.lines.filter((l) => l.orderId === order.id && billedQuantity(l) > 0);
    for (const l of lines) {
      out.push({
        id: l.id,
        orderId: order.id,
        orderNumber: order.orderNumber,
        name: l.name,
        quantity: billedQuantity(l),
        parts: priced.lines.get(l.id)!.parts[order.baseCurrency],
        paidCents: paidBy.get(l.id) ?? 0,
      });
    }
  }
  return out;
}

/** Lays a payment on the bill's lines (what the plan took of each). */
export async function writeAllocations(
  uow: UnitOfWork,
  paymentId: string,
  lines: readonly { lineId: string; cents: number }[],
) {
  const rows = lines.filter((l) => l.cents > 0);
  if (rows.length === 0) return;
  await uow.tx.insert(paymentAllocations).values(
    rows.map((l) => ({
      restaurantId: uow.restaurantId,
      paymentId,
      orderItemId: l.lineId,
      cents: l.cents,
    })),
  );
}

/**
 * A waiter's payment of what is due laid on every line's rest, so the guests' itemised bill
 * reads each line as paid whoever paid it. The caller holds the session's lock and has just
 * taken the payment (it has no allocations yet).
 */
export async function allocateRest(uow: UnitOfWork, sessionId: string, paymentId: string) {
  const lines = await payableLines(uow.tx, sessionId);
  const plan = planPayment(lines, { kind: 'all' });
  if (plan.ok) await writeAllocations(uow, paymentId, plan.lines);
}
