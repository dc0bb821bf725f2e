import type { OrderStatus } from '@tavola/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.js';
import { orders } from '../../core/db/schema.js';

/**
 * The one place an order's status is written. Which status an order is in follows from its
 * tickets (the contract's `orderStatusFromTickets`), from a void that takes every line away
 * (cancelled), and from its bill being paid; this writes the status with the moment it was
 * first reached (ready, served, paid), plus any other columns the change sets.
 */
export async function setOrderStatus(
  tx: Tx,
  order: { id: string; status: OrderStatus },
  next: OrderStatus,
  also: Partial<typeof orders.$inferInsert> = {},
): Promise<void> {
  const now = new Date();
  await tx
    .update(orders)
    .set({
      ...also,
      status: next,
      updatedAt: now,
      ...(next === 'ready' && order.status !== 'ready' ? { readyAt: now } : {}),
      ...(next === 'served' && order.status !== 'served' ? { servedAt: now } : {}),
    })
    .where(eq(orders.id, order.id));
}

/** A dining session's bill is paid: every order on it that was not voided is paid. */
export async function markSessionOrdersPaid(tx: Tx, diningSessionId: string, now: Date) {
  await tx
    .update(orders)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(and(eq(orders.diningSessionId, diningSessionId), ne(orders.status, 'cancelled')));
}
