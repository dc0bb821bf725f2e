import {
  amountToCents,
  CAPTURED_STATUSES,
  centsToAmount,
  planPayment,
  type Currency,
  type GuestBill,
  type GuestPayInput,
  type GuestPayment,
  type PaySplit,
  type PaySplitInput,
} from '@tavola/contract';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { guestActor } from '../../core/auth/actors.js';
import type { DbOrTx } from '../../core/db/client.js';
import { diningSessions, payments, receipts } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { lockBusinessDay } from '../business-days/index.js';
import { followOpenBill, placeOf, requestHash } from '../orders/index.js';
import { payableLines, writeAllocations } from './allocations.js';
import { billView } from './bill-view.js';
import { lockTableRow, resolvePublicTable } from '../tables/index.js';
import { demoProvider } from './providers/index.js';
import { billOf, capturedCents, settleWhenCovered, takePayment } from './service.js';

/** The split as the plan reads it: amounts in cents. */
function splitOf(split: PaySplitInput): PaySplit {
  if (split.kind !== 'amount') return split;
  const cents = amountToCents(split.amount);
  if (cents === null) throw refuse('PAY_AMOUNT_NOT_NUMBER');
  return { kind: 'amount', amountCents: cents };
}

/** How many parts of an equal split into `parts` were paid towards this bill. */
async function equalPartsPaid(db: DbOrTx, sessionId: string, parts: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.diningSessionId, sessionId),
        eq(payments.splitKind, 'equal'),
        eq(payments.splitParts, parts),
        inArray(payments.status, CAPTURED_STATUSES),
      ),
    );
  return row?.n ?? 0;
}

const amountOf = (cents: number) => centsToAmount(cents).toFixed(2);

/** The table's bill as its guests see it: no names, no card numbers. */
export async function guestBill(
  db: DbOrTx,
  table: { id: string; number: number },
  currency: Currency,
  sessionId?: string,
): Promise<GuestBill> {
  const providers: GuestBill['providers'] = ['demo'];
  const openCheckOne = and(eq(diningSessions.status, 'open'), eq(diningSessions.checkNumber, 1));
  const own = sessionId && /^[0-9a-f-]{36}$/i.test(sessionId) ? sessionId : undefined;
  // The page's own bill (paid, it shows Payment Completed), else the table's open one.
  const [session] = await db
    .select()
    .from(diningSessions)
    .where(
      and(
        eq(diningSessions.tableId, table.id),
        own ? or(eq(diningSessions.id, own), openCheckOne) : openCheckOne,
      ),
    )
    .orderBy(own ? sql`${diningSessions.id} = ${own} desc` : desc(diningSessions.openedAt))
    .limit(1);
  if (!session) {
    return {
      sessionId: null,
      tableNumber: table.number,
      currency,
      status: 'none',
      total: 0,
      paid: 0,
      remaining: 0,
      lines: [],
      payments: [],
      equalParts: [],
      providers,
    };
  }
  return { ...(await billView(db, session, currency)), tableNumber: table.number, providers };
}

/** The payment a guest's Idempotency-Key already took, answered again. */
async function replayPayment(
  db: DbOrTx,
  restaurantId: string,
  key: string,
  hash: string,
): Promise<GuestPayment | null> {
  const [row] = await db
    .select({ payment: payments, session: diningSessions })
    .from(payments)
    .innerJoin(diningSessions, eq(diningSessions.id, payments.diningSessionId))
    .where(and(eq(payments.restaurantId, restaurantId), eq(payments.idempotencyKey, key)));
  if (!row) return null;
  if (row.payment.requestHash !== hash) throw refuse('IDEMPOTENCY_KEY_REUSED');
  const [receipt] = await db
    .select({ number: receipts.number })
    .from(receipts)
    .where(eq(receipts.paymentId, row.payment.id));
  const open = row.session.status === 'open';
  const due = open
    ? Math.max(
        0,
        (await billOf(db, row.session.id)).cents - (await capturedCents(db, row.session.id)),
      )
    : 0;
  return {
    paymentId: row.payment.id,
    status: 'captured',
    amount: centsToAmount(row.payment.amountCents),
    tip: centsToAmount(row.payment.tipCents),
    currency: row.payment.currency,
    remaining: centsToAmount(due),
    billPaid: row.session.paymentStatus === 'paid',
    receiptNumber: receipt?.number ?? null,
    replayed: true,
  };
}

/**
 * A guest pays all or part of the table's bill (its check 1, the guests' bill). The split is
 * planned again under the bill's lock (business day, table, then session, as every payment), so
 * two guests paying at once are served one after the other: the second plans on what the first
 * left, and a line or amount no longer there is refused with the new balance.
 */
export async function payAtTable(
  ctx: WorkContext,
  input: GuestPayInput,
  idempotencyKey: string | undefined,
): Promise<GuestPayment> {
  if (input.provider === 'stripe') {
    throw refuse('PAYMENT_PROVIDER_NOT_CONNECTED', { provider: 'Stripe' });
  }
  const { table, restaurant } = await resolvePublicTable(ctx.db, input.token);
  const hash = requestHash({ split: input.split, tip: input.tip, provider: input.provider });
  if (idempotencyKey) {
    const replayed = await replayPayment(ctx.db, table.restaurantId, idempotencyKey, hash);
    if (replayed) return replayed;
  }
  const split = splitOf(input.split);
  const tipCents = amountToCents(input.tip);
  if (tipCents === null) throw refuse('PAY_AMOUNT_NOT_NUMBER');

  return runWork(ctx, guestActor(table), async (uow) => {
    const { tx } = uow;
    const businessDate = await lockBusinessDay(tx, table.restaurantId);
    await lockTableRow(tx, table.id);
    // A double tap waited for the first tap's payment: it answers that one.
    if (idempotencyKey) {
      const replayed = await replayPayment(tx, table.restaurantId, idempotencyKey, hash);
      if (replayed) return replayed;
    }
    const [session] = await tx
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
    if (!session) throw refuse('PAY_NOTHING_LEFT');

    const lines = await payableLines(tx, session.id);
    const bill = await billOf(tx, session.id);
    const dueCents = Math.max(0, bill.cents - (await capturedCents(tx, session.id)));
    const balance = { remaining: amountOf(dueCents), currency: restaurant.currency.toUpperCase() };
    const equalPaid =
      split.kind === 'equal' ? await equalPartsPaid(tx, session.id, split.parts) : 0;
    const plan = planPayment(lines, split, equalPaid);
    if (!plan.ok) {
      if (plan.reason === 'unknown') throw refuse('PAY_LINE_UNKNOWN');
      if (plan.reason === 'nothing' || dueCents === 0) throw refuse('PAY_NOTHING_LEFT');
      if (plan.reason === 'above') throw refuse('PAY_SPLIT_ABOVE_BALANCE', balance);
      throw refuse('PAY_SPLIT_LINE_PAID', balance);
    }
    if (plan.amountCents > dueCents) throw refuse('PAY_SPLIT_ABOVE_BALANCE', balance);
    if (
      input.expectedAmount !== undefined &&
      amountToCents(input.expectedAmount) !== plan.amountCents
    ) {
      throw refuse('PAY_BALANCE_CHANGED', { ...balance, amount: amountOf(plan.amountCents) });
    }

    const place = placeOf(session, table);
    const payment = await takePayment(uow, demoProvider, {
      sessionId: session.id,
      tableId: table.id,
      method: 'card',
      amountCents: plan.amountCents,
      tipCents,
      currency: restaurant.currency,
      recordedBy: null,
      businessDate,
      split: {
        kind: split.kind,
        parts: split.kind === 'equal' ? split.parts : split.kind === 'share' ? split.shares : null,
      },
      ...(idempotencyKey ? { idempotency: { key: idempotencyKey, hash } } : {}),
    });
    await writeAllocations(uow, payment.id, plan.lines);
    const remainingCents = dueCents - plan.amountCents;
    uow.audit({
      action: 'payment.paid_at_table',
      entityType: 'dining_session',
      entityId: session.id,
      details: {
        paymentId: payment.id,
        provider: demoProvider.id,
        split: split.kind,
        amountCents: plan.amountCents,
        tipCents,
        netCents: plan.parts.net,
        serviceCents: plan.parts.service,
        taxCents: plan.parts.tax,
        remainingCents,
      },
    });
    uow.emit({
      type: 'bill_part_paid',
      data: {
        ...place,
        sessionId: session.id,
        paymentId: payment.id,
        split: split.kind,
        amount: centsToAmount(plan.amountCents),
        tip: centsToAmount(tipCents),
        method: 'card',
        remaining: centsToAmount(remainingCents),
        currency: restaurant.currency,
      },
      tableId: table.id,
    });
    // The table's bill request (if it asked) now asks for what is left.
    await followOpenBill(tx, session.id);
    const settled = await settleWhenCovered(uow, {
      sessionId: session.id,
      place,
      payment,
      servedBy: null,
      resolvedBy: null,
    });
    return {
      paymentId: payment.id,
      status: 'captured',
      amount: centsToAmount(plan.amountCents),
      tip: centsToAmount(tipCents),
      currency: restaurant.currency,
      remaining: centsToAmount(remainingCents),
      billPaid: settled?.settled ?? false,
      receiptNumber: settled?.receipt.number ?? null,
      replayed: false,
    };
  });
}
