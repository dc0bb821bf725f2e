import { centsToAmount, nextPaymentMove } from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { diningSessions, payments, tables } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { lockBusinessDay } from '../business-days/index.js';
import { placeOf } from '../orders/index.js';
import { lockTableRow } from '../tables/index.js';
import { paymentProvider, type RawCallback } from './providers/index.js';
import { billOf, capturedCents, settleWhenCovered } from './service.js';

/**
 * A provider's notification about one of its payments. The provider checks the signature over
 * the raw bytes first (a provider that takes no callbacks refuses them all); then the payment
 * takes the step it reports, if the state machine allows it. A step the payment has already
 * taken is answered as received (providers repeat notifications until they are acknowledged).
 * A capture dates the payment in today's business day and may settle its bill.
 */
export async function receiveProviderCallback(
  ctx: WorkContext,
  providerId: string,
  raw: RawCallback,
): Promise<void> {
  const provider = paymentProvider(providerId);
  const callback = provider.verifyCallback(raw);
  const [found] = await ctx.db
    .select({ restaurantId: payments.restaurantId })
    .from(payments)
    .where(and(eq(payments.provider, provider.id), eq(payments.providerRef, callback.reference)));
  if (!found) throw refuse('PAYMENT_NOT_FOUND');

  await runWork(ctx, { kind: 'system', restaurantId: found.restaurantId }, async (uow) => {
    const { tx } = uow;
    const businessDate = await lockBusinessDay(tx, found.restaurantId);
    const [target] = await tx
      .select({ id: payments.id, tableId: payments.tableId })
      .from(payments)
      .where(and(eq(payments.provider, provider.id), eq(payments.providerRef, callback.reference)));
    if (!target) throw refuse('PAYMENT_NOT_FOUND');
    // Table, session, then payment: the order every writer of a bill takes them in.
    await lockTableRow(tx, target.tableId);
    const [row] = await tx
      .select({ payment: payments, table: tables, session: diningSessions })
      .from(payments)
      // A tab's payment has no table.
      .leftJoin(tables, eq(tables.id, payments.tableId))
      .innerJoin(diningSessions, eq(diningSessions.id, payments.diningSessionId))
      .where(eq(payments.id, target.id))
      .for('no key update', { of: [diningSessions, payments] });
    if (!row) throw refuse('PAYMENT_NOT_FOUND');
    const { payment, table, session } = row;

    const reached = { authorize: 'authorized', capture: 'captured', fail: 'failed' } as const;
    if (payment.status === reached[callback.step]) return;
    const next = nextPaymentMove(payment.status, { type: callback.step });
    if (!next.ok) throw refuse(next.refusal);
    const captured = next.status === 'captured';
    if (captured && session.status !== 'open') {
      // The bill was settled (or closed) before this capture arrived, by another payment that
      // won the session's lock: taking this money too would charge the guest twice. Refused,
      // and nothing is written: the payment stays authorized for staff to release it.
      if (session.paymentStatus !== 'paid') throw refuse('BILL_ALREADY_CLOSED');
      throw refuse('PAY_CAPTURE_BILL_SETTLED', {
        amount: centsToAmount(payment.amountCents).toFixed(2),
        currency: payment.currency.toUpperCase(),
      });
    }
    if (captured) {
      // A capture above what the open bill still owes is refused, and nothing is written: the
      // payment stays authorized, the bill open. A receipt must be the bill to the cent, and a
      // restaurant expects a card to be charged what the guest owes, not more: a bigger capture
      // means the bill changed after the card was authorized (a void) or someone else paid part
      // of it. Staff see the refusal in the provider's dashboard and capture the right amount
      // (or release the authorization); recording it would turn a mistake into money to refund.
      const owed = (await billOf(tx, payment.diningSessionId)).cents;
      const owedCents = Math.max(0, owed - (await capturedCents(tx, payment.diningSessionId)));
      if (payment.amountCents > owedCents) {
        throw refuse('PAY_CAPTURE_ABOVE_BILL', {
          amount: centsToAmount(payment.amountCents).toFixed(2),
          owed: centsToAmount(owedCents).toFixed(2),
          currency: payment.currency.toUpperCase(),
        });
      }
    }
    const [updated] = await tx
      .update(payments)
      .set({ status: next.status, ...(captured ? { businessDate, capturedAt: new Date() } : {}) })
      .where(eq(payments.id, payment.id))
      .returning();
    if (!captured || !updated) return;
    await settleWhenCovered(uow, {
      sessionId: payment.diningSessionId,
      place: placeOf(session, table),
      payment: {
        id: updated.id,
        method: updated.method,
        amountCents: updated.amountCents,
        tipCents: updated.tipCents,
        currency: updated.currency,
        status: updated.status,
        businessDate,
      },
      servedBy: null,
      resolvedBy: null,
    });
  });
}
