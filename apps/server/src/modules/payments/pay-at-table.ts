import { randomUUID } from 'node:crypto';
import {
  amountToCents,
  CAPTURED_STATUSES,
  centsToAmount,
  isCaptured,
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
import { diningSessions, payments, receipts, stripeAccounts } from '../../core/db/schema.js';
import type { Config } from '../../config.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { lockBusinessDay } from '../business-days/index.js';
import { followOpenBill, placeOf, requestHash } from '../orders/index.js';
import { payableLines, writeAllocations } from './allocations.js';
import { billView } from './bill-view.js';
import { lockTableRow, resolvePublicTable } from '../tables/index.js';
import { demoProvider } from './providers/index.js';
import {
  cancelStripeIntent,
  createStripeIntent,
  stripeKeysOf,
  type StripeKeys,
} from './stripe/index.js';
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
  table: { id: string; number: number; restaurantId: string },
  currency: Currency,
  sessionId?: string,
): Promise<GuestBill> {
  // A restaurant with its own Stripe account takes real cards only; the demo provider is for one
  // without any (it moves no money, and must not settle a real restaurant's bills).
  const [stripe] = await db
    .select({ id: stripeAccounts.restaurantId })
    .from(stripeAccounts)
    .where(eq(stripeAccounts.restaurantId, table.restaurantId));
  const providers: GuestBill['providers'] = stripe ? ['stripe'] : ['demo'];
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
  if (row.payment.status === 'failed') throw refuse('PAYMENT_FAILED');
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
    status: isCaptured(row.payment.status) ? 'captured' : 'pending',
    amount: centsToAmount(row.payment.amountCents),
    tip: centsToAmount(row.payment.tipCents),
    currency: row.payment.currency,
    remaining: centsToAmount(due),
    billPaid: row.session.paymentStatus === 'paid',
    receiptNumber: receipt?.number ?? null,
    replayed: true,
  };
}

/** The table's open bill (check 1), locked, and the split planned on it: refused as the guest sees it. */
async function planUnderLock(
  uow: UnitOfWork,
  table: { id: string },
  currency: Currency,
  input: GuestPayInput,
  split: PaySplit,
) {
  const { tx } = uow;
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
  const balance = { remaining: amountOf(dueCents), currency: currency.toUpperCase() };
  const equalPaid = split.kind === 'equal' ? await equalPartsPaid(tx, session.id, split.parts) : 0;
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
  return { session, plan, dueCents, balance };
}

/**
 * A guest pays all or part of the table's bill (its check 1, the guests' bill). The split is
 * planned again under the bill's lock (business day, table, then session, as every payment), so
 * two guests paying at once are served one after the other: the second plans on what the first
 * left, and a line or amount no longer there is refused with the new balance.
 */
export async function payAtTable(
  ctx: WorkContext & { config: Config },
  input: GuestPayInput,
  idempotencyKey: string | undefined,
): Promise<GuestPayment> {
  const { table, restaurant } = await resolvePublicTable(ctx.db, input.token);
  const stripeKeys = await stripeKeysOf(ctx.db, ctx.config, table.restaurantId);
  if (input.provider === 'stripe') {
    if (!stripeKeys) throw refuse('PAYMENT_PROVIDER_NOT_CONNECTED', { provider: 'Stripe' });
    return payByStripe(ctx, stripeKeys, input, idempotencyKey);
  }
  // The demo provider moves no money: a restaurant that takes real cards does not offer it.
  if (stripeKeys) throw refuse('PAYMENT_PROVIDER_NOT_CONNECTED', { provider: 'demo' });
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
    const { session, plan, dueCents } = await planUnderLock(
      uow,
      table,
      restaurant.currency,
      input,
      split,
    );
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

/**
 * A guest pays by card through the restaurant's Stripe account. The split is planned under the
 * bill's lock; the PaymentIntent is asked of Stripe outside it (with the guest's Idempotency-Key,
 * so a retry gets the same intent); then, under the lock again, the split is planned once more
 * and the payment written `pending` with its allocations, or refused with the new balance if the
 * bill moved meanwhile (the intent is cancelled). The guest's page confirms the intent in
 * Stripe's card form; only Stripe's signed `payment_intent.succeeded` captures the payment.
 */
async function payByStripe(
  ctx: WorkContext & { config: Config },
  keys: StripeKeys,
  input: GuestPayInput,
  idempotencyKey: string | undefined,
): Promise<GuestPayment> {
  const { table, restaurant } = await resolvePublicTable(ctx.db, input.token);
  const key = idempotencyKey ?? randomUUID();
  const hash = requestHash({ split: input.split, tip: input.tip, provider: input.provider });
  const split = splitOf(input.split);
  const tipCents = amountToCents(input.tip);
  if (tipCents === null) throw refuse('PAY_AMOUNT_NOT_NUMBER');
  const intentFor = (sessionId: string, amountCents: number) =>
    createStripeIntent(ctx.config, keys, {
      totalCents: amountCents + tipCents,
      currency: restaurant.currency,
      idempotencyKey: `tavola-pay-${table.restaurantId}-${key}`,
      description: `Table ${table.number}`,
      metadata: {
        tavola_restaurant_id: table.restaurantId,
        tavola_session_id: sessionId,
        tavola_table: String(table.number),
      },
    });
  const withIntent = async (answer: GuestPayment, sessionId: string, amountCents: number) => {
    if (answer.status !== 'pending') return answer;
    // The same key and request: Stripe answers the intent it made the first time.
    const intent = await intentFor(sessionId, amountCents);
    return {
      ...answer,
      stripe: { clientSecret: intent.clientSecret, publishableKey: keys.publishableKey },
    };
  };
  const earlier = async (db: DbOrTx) => {
    const replayed = await replayPayment(db, table.restaurantId, key, hash);
    if (!replayed) return null;
    const [row] = await db
      .select({ sessionId: payments.diningSessionId, cents: payments.amountCents })
      .from(payments)
      .where(and(eq(payments.restaurantId, table.restaurantId), eq(payments.idempotencyKey, key)));
    return { replayed, sessionId: row!.sessionId, amountCents: row!.cents };
  };
  const first = await earlier(ctx.db);
  if (first) return withIntent(first.replayed, first.sessionId, first.amountCents);

  // What the guest would pay now: planned under the lock, nothing written.
  const asked = await runWork(ctx, guestActor(table), async (uow) => {
    await lockBusinessDay(uow.tx, table.restaurantId);
    await lockTableRow(uow.tx, table.id);
    const { session, plan } = await planUnderLock(uow, table, restaurant.currency, input, split);
    return { sessionId: session.id, amountCents: plan.amountCents };
  });
  const intent = await intentFor(asked.sessionId, asked.amountCents);

  const written = await runWork(ctx, guestActor(table), async (uow) => {
    const { tx } = uow;
    await lockBusinessDay(tx, table.restaurantId);
    await lockTableRow(tx, table.id);
    const again = await earlier(tx);
    if (again) return { answer: again.replayed, stale: false };
    const { session, plan, dueCents, balance } = await planUnderLock(
      uow,
      table,
      restaurant.currency,
      input,
      split,
    );
    if (session.id !== asked.sessionId || plan.amountCents !== asked.amountCents) {
      return {
        answer: null,
        stale: true,
        refusal: refuse('PAY_BALANCE_CHANGED', { ...balance, amount: amountOf(plan.amountCents) }),
      };
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        restaurantId: table.restaurantId,
        diningSessionId: session.id,
        tableId: table.id,
        method: 'card',
        amountCents: plan.amountCents,
        tipCents,
        currency: restaurant.currency,
        status: 'pending',
        provider: 'stripe',
        providerRef: intent.id,
        recordedBy: null,
        splitKind: split.kind,
        splitParts:
          split.kind === 'equal' ? split.parts : split.kind === 'share' ? split.shares : null,
        idempotencyKey: key,
        requestHash: hash,
      })
      .returning({ id: payments.id });
    await writeAllocations(uow, payment!.id, plan.lines);
    uow.audit({
      action: 'payment.paid_at_table',
      entityType: 'dining_session',
      entityId: session.id,
      details: {
        paymentId: payment!.id,
        provider: 'stripe',
        status: 'pending',
        split: split.kind,
        amountCents: plan.amountCents,
        tipCents,
        netCents: plan.parts.net,
        serviceCents: plan.parts.service,
        taxCents: plan.parts.tax,
        remainingCents: dueCents,
      },
    });
    const answer: GuestPayment = {
      paymentId: payment!.id,
      status: 'pending',
      amount: centsToAmount(plan.amountCents),
      tip: centsToAmount(tipCents),
      currency: restaurant.currency,
      // Nothing is paid until Stripe says so.
      remaining: centsToAmount(dueCents),
      billPaid: false,
      receiptNumber: null,
      replayed: false,
      stripe: { clientSecret: intent.clientSecret, publishableKey: keys.publishableKey },
    };
    return { answer, stale: false };
  });
  if (written.stale || !written.answer) {
    // The bill moved between the plan and the intent: nobody will pay this intent.
    await cancelStripeIntent(ctx.config, keys, intent.id);
    throw written.refusal ?? refuse('PAY_NOTHING_LEFT');
  }
  if (written.answer.replayed) {
    return withIntent(written.answer, asked.sessionId, asked.amountCents);
  }
  return written.answer;
}
