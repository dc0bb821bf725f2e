import {
  amountToCents,
  centsToAmount,
  isCaptured,
  nextPaymentMove,
  type RefundedPayment,
  type RefundPaymentInput,
} from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { StaffActor } from '../../core/auth/actors.js';
import { diningSessions, paymentRefunds, payments, tables } from '../../core/db/schema.js';
import { sumCents } from '../../core/db/money.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { lockBusinessDay } from '../business-days/index.js';
import { placeOf } from '../orders/index.js';
import { paymentProvider } from './providers/index.js';

/**
 * Gives back part or all of a captured payment. The refund is a movement of its own, dated in
 * today's business day (the payment's day may be closed and is never edited); the payment keeps
 * its captured amount and only its status says how much is left. A refund does not reopen the
 * bill it paid.
 *
 * A card acquirer's refund (Stripe's) is asked for under the payment's row lock, so two refunds
 * of one payment are asked one after the other and the second sees what the first gave back.
 * Its idempotency key is made of the payment, what was refunded before and this refund's amounts:
 * a manager who tries again after a failure here (the provider answered, the commit did not
 * happen) gets the provider's first refund back rather than a second one.
 */
export function refundPayment(
  ctx: WorkContext & { config: Config },
  actor: StaffActor,
  paymentId: string,
  input: RefundPaymentInput,
): Promise<RefundedPayment> {
  return runWork(ctx, actor, async (uow) => {
    const { tx, restaurantId } = uow;
    const amountCents = amountToCents(input.amount);
    const tipCents = amountToCents(input.tip) ?? 0;
    if (amountCents === null) throw refuse('PAY_AMOUNT_NOT_NUMBER');
    // The day first, as every writer that dates a change: a close waits for this refund, or
    // this refund waits for the close and is dated in the next day.
    const businessDate = await lockBusinessDay(tx, restaurantId);
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.restaurantId, restaurantId)))
      .for('update');
    if (!payment) throw refuse('PAYMENT_NOT_FOUND');
    if (!isCaptured(payment.status)) throw refuse('REFUND_NOT_CAPTURED');

    const [before] = await tx
      .select({
        amountCents: sumCents(paymentRefunds.amountCents),
        tipCents: sumCents(paymentRefunds.tipCents),
      })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment.id));
    const next = nextPaymentMove(payment.status, {
      type: 'refund',
      captured: { amountCents: payment.amountCents, tipCents: payment.tipCents },
      refunded: { amountCents: before?.amountCents ?? 0, tipCents: before?.tipCents ?? 0 },
      refund: { amountCents, tipCents },
    });
    // Refused for its amounts (too much, or nothing) or because nothing is left of it.
    if (!next.ok) throw refuse(next.refusal);

    const provider = paymentProvider(payment.provider);
    const refundedBefore = (before?.amountCents ?? 0) + (before?.tipCents ?? 0);
    const done = await provider.refund(
      payment.providerRef,
      {
        restaurantId,
        amountCents,
        tipCents,
        currency: payment.currency,
        idempotencyKey: `tavola-refund-${payment.id}-${refundedBefore}-${amountCents}-${tipCents}`,
      },
      { db: tx, config: ctx.config },
    );
    if (!done.ok) throw refuse('PAYMENT_PROVIDER_DECLINED', { reason: done.reason });

    const [refund] = await tx
      .insert(paymentRefunds)
      .values({
        restaurantId,
        paymentId: payment.id,
        amountCents,
        tipCents,
        reason: input.reason,
        providerRef: done.reference,
        recordedBy: actor.user.id,
        businessDate,
      })
      .returning({ id: paymentRefunds.id });
    await tx.update(payments).set({ status: next.status }).where(eq(payments.id, payment.id));
    const [bill] = await tx
      .select({ session: diningSessions, table: tables })
      .from(diningSessions)
      .leftJoin(tables, eq(diningSessions.tableId, tables.id))
      .where(eq(diningSessions.id, payment.diningSessionId));
    const place = placeOf(bill!.session, bill!.table);
    uow.emit({
      type: 'payment_refunded',
      data: {
        ...place,
        sessionId: payment.diningSessionId,
        paymentId: payment.id,
        refundId: refund!.id,
        amount: centsToAmount(amountCents),
        tip: centsToAmount(tipCents),
        method: payment.method,
        currency: payment.currency,
        status: next.status,
        reason: input.reason,
      },
      // Staff's business: an event carrying a table also reaches that table's guest page.
      tableId: null,
    });
    uow.audit({
      action: 'payment.refunded',
      entityType: 'dining_session',
      entityId: payment.diningSessionId,
      details: {
        paymentId: payment.id,
        method: payment.method,
        amountCents,
        tipCents,
        reason: input.reason,
        status: next.status,
        businessDate,
      },
    });
    return {
      refundId: refund!.id,
      paymentId: payment.id,
      status: next.status,
      amount: centsToAmount(amountCents),
      tip: centsToAmount(tipCents),
      businessDate,
    };
  });
}
