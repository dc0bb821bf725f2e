import type { DomainEvent } from '@tavola/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db/client.js';
import { diningSessions, orders, requests, tables } from '../../core/db/schema.js';
import { conflict } from '../../core/http/errors.js';
import { recordEvent, recordEvents, type EventInput } from '../../core/events/recorder.js';
import { dualPrice, lockTableRow, openOrJoinSession } from '../dining-sessions/service.js';
import { resolvePublicTable } from '../tables/guest-table.js';
import { sumCents } from '../../core/db/money.js';

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
  db: Db,
  token: string,
  message: string | undefined,
): Promise<{ result: RequestResult; events: DomainEvent[] }> {
  const { table } = await resolvePublicTable(db, token);
  return db.transaction(async (tx) => {
    const pending: EventInput[] = [];
    await lockTableRow(tx, table.id);
    const { session } = await openOrJoinSession(tx, table, 1, pending);
    const text = message || `Table ${table.number} is asking for a waiter`;
    const { id, created } = await openRequest(tx, {
      restaurantId: table.restaurantId,
      diningSessionId: session.id,
      tableId: table.id,
      kind: 'call_waiter',
      message: text,
    });
    if (!created) {
      return {
        result: { requestId: id, alreadyRequested: true },
        events: await recordEvents(tx, table.restaurantId, pending),
      };
    }
    await tx
      .update(tables)
      .set({ status: 'needs_attention', updatedAt: new Date() })
      .where(and(eq(tables.id, table.id), ne(tables.status, 'waiting_payment')));
    pending.push({
      type: 'call_waiter',
      data: { tableId: table.id, tableNumber: table.number, message: text, requestId: id },
      tableId: table.id,
    });
    return {
      result: { requestId: id, alreadyRequested: false },
      events: await recordEvents(tx, table.restaurantId, pending),
    };
  });
}

/** A guest asks for the bill: needs an open session; one open request per session. */
export async function requestPayment(
  db: Db,
  token: string,
  method: 'cash' | 'card' | undefined,
): Promise<{ result: RequestResult; events: DomainEvent[] }> {
  const { table, restaurant } = await resolvePublicTable(db, token);
  return db.transaction(async (tx) => {
    // Table, then session: the order every writer of both keeps (a payment too).
    await lockTableRow(tx, table.id);
    const [session] = await tx
      .select()
      .from(diningSessions)
      .where(and(eq(diningSessions.tableId, table.id), eq(diningSessions.status, 'open')))
      .limit(1)
      .for('no key update');
    if (!session) throw conflict('There is no open bill at this table yet.');
    const [sum] = await tx
      .select({ cents: sumCents(orders.totalCents) })
      .from(orders)
      .where(and(eq(orders.diningSessionId, session.id), ne(orders.status, 'cancelled')));
    const amountCents = sum?.cents ?? 0;
    if (amountCents === 0) throw conflict('There is nothing to pay yet: place an order first.');

    const { id, created } = await openRequest(tx, {
      restaurantId: table.restaurantId,
      diningSessionId: session.id,
      tableId: table.id,
      kind: 'payment',
      amountCents,
      message: method ? `Paying by ${method}` : null,
    });
    if (!created) {
      return { result: { requestId: id, alreadyRequested: true }, events: [] };
    }
    await tx
      .update(diningSessions)
      .set({ paymentStatus: 'pending' })
      .where(eq(diningSessions.id, session.id));
    await tx
      .update(tables)
      .set({ status: 'waiting_payment', updatedAt: new Date() })
      .where(eq(tables.id, table.id));
    const amount = dualPrice(amountCents, restaurant)[restaurant.currency];
    const event = await recordEvent(tx, table.restaurantId, {
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
    return { result: { requestId: id, alreadyRequested: false }, events: [event] };
  });
}
