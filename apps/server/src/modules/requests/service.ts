import { dualPrice, type PaymentRequestWay } from '@tavola/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.js';
import { diningSessions, orders, requests } from '../../core/db/schema.js';
import { guestActor } from '../../core/auth/actors.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { openOrJoinSession } from '../dining-sessions/index.js';
import { lockTableRow, moveTable, resolvePublicTable } from '../tables/index.js';
import { sumCents } from '../../core/db/money.js';
import { billCentsOf, sessionDueCents } from '../orders/index.js';

/** How the table wants to pay, in the words the waiter's floor shows. */
const HOW_WORDS: Record<PaymentRequestWay, string> = {
  card_at_table: 'Paying by card at the table',
  cash: 'Paying by cash',
  terminal: 'Paying by card on the terminal',
};

export interface RequestResult {
  requestId: string;
  /** True when an open request of this kind already existed: acknowledged, not duplicated. */
  alreadyRequested: boolean;
}

/** One open request of each kind per session: a repeat finds the open one instead of a second. */
async function openRequest(tx: Tx, values: typeof requests.$inferInsert) {
  const [created] = await tx
    .insert(requests)
    .values(values)
    .onConflictDoNothing({
      target: [requests.diningSessionId, requests.kind],
      where: sql`${requests.status} = 'open'`,
    })
    .returning({ id: requests.id });
  if (created) return { id: created.id, created: true };
  const [open] = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.diningSessionId, values.diningSessionId),
        eq(requests.kind, values.kind),
        eq(requests.status, 'open'),
      ),
    );
  return { id: open?.id ?? '', created: false };
}

/** A guest calls a waiter: one open call per session; the table needs attention. */
export async function callWaiter(
  ctx: WorkContext,
  token: string,
  message: string | undefined,
): Promise<RequestResult> {
  const { table } = await resolvePublicTable(ctx.db, token);
  return runWork(ctx, guestActor(table), async (uow) => {
    const { tx } = uow;
    await lockTableRow(tx, table.id);
    const { session } = await openOrJoinSession(uow, table, 1);
    const text = message || `Table ${table.number} is asking for a waiter`;
    const { id, created } = await openRequest(tx, {
      restaurantId: table.restaurantId,
      diningSessionId: session.id,
      tableId: table.id,
      kind: 'call_waiter',
      message: text,
    });
    if (!created) return { requestId: id, alreadyRequested: true };
    await moveTable(tx, table.id, 'calledWaiter');
    uow.audit({
      action: 'request.call_waiter',
      entityType: 'request',
      entityId: id,
      details: { tableNumber: table.number, message: text },
    });
    uow.emit({
      type: 'call_waiter',
      data: { tableId: table.id, tableNumber: table.number, message: text, requestId: id },
      tableId: table.id,
    });
    return { requestId: id, alreadyRequested: false };
  });
}

/** A guest asks for the bill: one open request per session, once something is ordered. */
export async function requestPayment(
  ctx: WorkContext,
  token: string,
  method: 'cash' | 'card' | undefined,
  how?: PaymentRequestWay,
): Promise<RequestResult> {
  const { table, restaurant } = await resolvePublicTable(ctx.db, token);
  return runWork(ctx, guestActor(table), async (uow) => {
    const { tx } = uow;
    // Table, then session: the order every writer of both keeps (a payment too).
    await lockTableRow(tx, table.id);
    const [open] = await tx
      .select()
      .from(diningSessions)
      .where(
        and(
          eq(diningSessions.tableId, table.id),
          eq(diningSessions.status, 'open'),
          eq(diningSessions.checkNumber, 1),
        ),
      )
      .limit(1)
      .for('no key update');
    // Nothing ordered (no session, or none but voided orders): there is no bill to bring, and a
    // waiter sent to the table would find nothing to take. Refused, and nothing is opened; the
    // guest's page says so and Call Waiter is beside the button.
    if (!open) throw refuse('NOTHING_TO_PAY');
    const [sum] = await tx
      .select({ cents: sumCents(billCentsOf), orders: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.diningSessionId, open.id), ne(orders.status, 'cancelled')));
    if (!sum?.orders) throw refuse('NOTHING_TO_PAY');
    const session = open;
    // A guest asking for the bill is still at the table.
    await tx
      .update(diningSessions)
      .set({ lastActivityAt: new Date() })
      .where(eq(diningSessions.id, session.id));
    // What is still due: the orders with tax and service charge, less what guests paid at the table.
    const amountCents = await sessionDueCents(tx, session.id);

    const { id, created } = await openRequest(tx, {
      restaurantId: table.restaurantId,
      diningSessionId: session.id,
      tableId: table.id,
      kind: 'payment',
      amountCents,
      message: how ? HOW_WORDS[how] : method ? `Paying by ${method}` : null,
    });
    if (!created) {
      return { requestId: id, alreadyRequested: true };
    }
    await tx
      .update(diningSessions)
      .set({ paymentStatus: 'pending' })
      .where(eq(diningSessions.id, session.id));
    await moveTable(tx, table.id, 'billRequested');
    uow.audit({
      action: 'request.payment',
      entityType: 'request',
      entityId: id,
      details: { tableNumber: table.number, amountCents, method: method ?? null },
    });
    const amount = dualPrice(amountCents, restaurant)[restaurant.currency];
    uow.emit({
      type: 'payment_requested',
      data: {
        tableId: table.id,
        tableNumber: table.number,
        amount,
        currency: restaurant.currency,
        method: method ?? null,
        requestId: id,
      },
      tableId: table.id,
    });
    return { requestId: id, alreadyRequested: false };
  });
}
