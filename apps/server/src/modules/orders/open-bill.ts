import { CAPTURED_STATUSES } from '@tavola/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.js';
import { sumCents } from '../../core/db/money.js';
import { orders, payments, requests } from '../../core/db/schema.js';
import { billCentsOf } from './charges.js';

/** What a bill comes to now: its orders (voided ones left out) with tax and service charge. */
export async function sessionBillCents(tx: Tx, sessionId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sumCents(billCentsOf) })
    .from(orders)
    .where(and(eq(orders.diningSessionId, sessionId), ne(orders.status, 'cancelled')));
  return row?.cents ?? 0;
}

/** What is still due of a bill: what it comes to less what payments towards it captured. */
export async function sessionDueCents(tx: Tx, sessionId: string): Promise<number> {
  const [paid] = await tx
    .select({ cents: sumCents(payments.amountCents) })
    .from(payments)
    .where(
      and(eq(payments.diningSessionId, sessionId), inArray(payments.status, CAPTURED_STATUSES)),
    );
  return Math.max(0, (await sessionBillCents(tx, sessionId)) - (paid?.cents ?? 0));
}

/**
 * After a change of a bill (a void, a line changed, a discount, orders moved, part of it paid at
 * the table), the bill's open payment request asks for what is still due now. Resolves to what
 * the bill comes to.
 */
export async function followOpenBill(tx: Tx, sessionId: string): Promise<number> {
  const cents = await sessionBillCents(tx, sessionId);
  await tx
    .update(requests)
    .set({ amountCents: await sessionDueCents(tx, sessionId) })
    .where(
      and(
        eq(requests.diningSessionId, sessionId),
        eq(requests.kind, 'payment'),
        eq(requests.status, 'open'),
      ),
    );
  return cents;
}
