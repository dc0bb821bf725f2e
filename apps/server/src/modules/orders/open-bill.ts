import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.js';
import { sumCents } from '../../core/db/money.js';
import { orders, requests } from '../../core/db/schema.js';
import { billCentsOf } from './charges.js';

/** What a bill comes to now: its orders (voided ones left out) with tax and service charge. */
export async function sessionBillCents(tx: Tx, sessionId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sumCents(billCentsOf) })
    .from(orders)
    .where(and(eq(orders.diningSessionId, sessionId), ne(orders.status, 'cancelled')));
  return row?.cents ?? 0;
}

/**
 * After a change of a bill (a void, a line changed, a discount, orders moved), the bill's open
 * payment request asks for what the bill comes to now. Resolves to that amount.
 */
export async function followOpenBill(tx: Tx, sessionId: string): Promise<number> {
  const cents = await sessionBillCents(tx, sessionId);
  await tx
    .update(requests)
    .set({ amountCents: cents })
    .where(
      and(
        eq(requests.diningSessionId, sessionId),
        eq(requests.kind, 'payment'),
        eq(requests.status, 'open'),
      ),
    );
  return cents;
}
