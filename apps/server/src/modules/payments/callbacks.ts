import { centsToAmount, isCaptured, nextPaymentMove, type PaymentState } from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { diningSessions, paymentAllocations, payments, tables } from '../../core/db/schema.js';
import type { DbOrTx } from '../../core/db/client.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse, type AppError } from '../../core/http/errors.js';
import { lockBusinessDay } from '../business-days/index.js';
import { followOpenBill, placeOf } from '../orders/index.js';
import { lockTableRow } from '../tables/index.js';
import { payableLines } from './allocations.js';
import { paymentProvider, type ProviderCallback, type RawCallback } from './providers/index.js';
import { billOf, capturedCents, settleWhenCovered } from './service.js';

/** What the callback services need: the database, the bus and the configuration. */
export type CallbackContext = WorkContext & { config: Config };

/** Money a provider took that the bill could not take: given back after the commit. */
interface GiveBack {
  restaurantId: string;
  paymentId: string;
  reference: string;
  amountCents: number;
  tipCents: number;
  currency: 'eur' | 'usd';
}

/**
 * Whether the lines a payment was planned on can still take it: every line still billed, and
 * what captured payments laid on it plus this payment's part no more than it costs.
 */
async function linesStillOwe(db: DbOrTx, sessionId: string, paymentId: string): Promise<boolean> {
  const own = await db
    .select({ lineId: paymentAllocations.orderItemId, cents: paymentAllocations.cents })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.paymentId, paymentId));
  if (own.length === 0) return true;
  const lines = new Map((await payableLines(db, sessionId)).map((l) => [l.id, l]));
  return own.every((a) => {
    const line = lines.get(a.lineId);
    return line !== undefined && line.paidCents + a.cents <= line.parts.total;
  });
}

/**
 * A provider's notification about one of its payments. The provider checks the signature over
 * the raw bytes first (a provider that takes no callbacks refuses them all); then the payment
 * takes the step it reports, if the state machine allows it. A step the payment has already
 * taken is answered as received (providers repeat notifications until they are acknowledged),
 * and so is one it is past, from a provider that says its notifications come in no order.
 * A capture dates the payment in today's business day and may settle its bill.
 *
 * A capture the provider made by itself (Stripe's) that the bill can no longer take (settled by
 * another payment meanwhile, less left than it, its lines paid by someone else, or the payment
 * given up here) is not recorded: the payment fails and the money is given back through the
 * provider, with a key of its own so a repeated notification never gives it back twice.
 */
export async function receiveProviderCallback(
  ctx: CallbackContext,
  providerId: string,
  raw: RawCallback,
): Promise<void> {
  const provider = paymentProvider(providerId);
  const callback = await provider.verifyCallback(raw, { db: ctx.db, config: ctx.config });
  if (!callback) return;
  const [found] = await ctx.db
    .select({ restaurantId: payments.restaurantId })
    .from(payments)
    .where(and(eq(payments.provider, provider.id), eq(payments.providerRef, callback.reference)));
  if (!found) throw refuse('PAYMENT_NOT_FOUND');

  const giveBack = await runWork(
    ctx,
    { kind: 'system', restaurantId: found.restaurantId },
    async (uow): Promise<GiveBack | null> => {
      const { tx } = uow;
      const businessDate = await lockBusinessDay(tx, found.restaurantId);
      const [target] = await tx
        .select({ id: payments.id, tableId: payments.tableId })
        .from(payments)
        .where(
          and(eq(payments.provider, provider.id), eq(payments.providerRef, callback.reference)),
        );
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
      const giveBackAll: GiveBack = {
        restaurantId: payment.restaurantId,
        paymentId: payment.id,
        reference: callback.reference,
        amountCents: payment.amountCents,
        tipCents: payment.tipCents,
        currency: payment.currency,
      };

      const reached = { authorize: 'authorized', capture: 'captured', fail: 'failed' } as const;
      if (payment.status === reached[callback.step]) return null;
      // Past this step already (a late failure, a capture after a refund): taken as received.
      if (callback.unordered && isCaptured(payment.status)) return null;
      if (callback.tookMoney && callback.step === 'capture' && payment.status === 'failed') {
        // Given up here before the provider took it: it goes back (again, if this repeats).
        return giveBackAll;
      }
      // A provider that captures by itself reports no authorization first: the payment takes
      // both steps at once.
      let status: PaymentState = payment.status;
      if (callback.step === 'capture' && callback.tookMoney && status === 'pending') {
        const held = nextPaymentMove(status, { type: 'authorize' });
        if (!held.ok) throw refuse(held.refusal);
        status = held.status;
      }
      const next = nextPaymentMove(status, { type: callback.step });
      if (!next.ok) throw refuse(next.refusal);
      const captured = next.status === 'captured';

      /** A capture the bill cannot take: refused, or, when the money was taken, given back. */
      const cannotTake = async (refusal: AppError): Promise<GiveBack> => {
        if (!callback.tookMoney) throw refusal;
        await tx.update(payments).set({ status: 'failed' }).where(eq(payments.id, payment.id));
        uow.audit({
          action: 'payment.provider_returned',
          entityType: 'dining_session',
          entityId: payment.diningSessionId,
          details: {
            paymentId: payment.id,
            provider: provider.id,
            amountCents: payment.amountCents,
            tipCents: payment.tipCents,
            why: refusal.code,
          },
        });
        return giveBackAll;
      };

      if (captured && callback.totalCents !== undefined) {
        if (callback.totalCents !== payment.amountCents + payment.tipCents) {
          // Not what was asked: never recorded as this payment.
          return cannotTake(
            refuse('PAY_CAPTURE_ABOVE_BILL', {
              amount: centsToAmount(callback.totalCents).toFixed(2),
              owed: centsToAmount(payment.amountCents + payment.tipCents).toFixed(2),
              currency: payment.currency.toUpperCase(),
            }),
          );
        }
      }
      if (captured && session.status !== 'open') {
        // The bill was settled (or closed) before this capture arrived, by another payment that
        // won the session's lock: taking this money too would charge the guest twice. Refused,
        // and nothing is written: the payment stays authorized for staff to release it.
        if (session.paymentStatus !== 'paid') return cannotTake(refuse('BILL_ALREADY_CLOSED'));
        return cannotTake(
          refuse('PAY_CAPTURE_BILL_SETTLED', {
            amount: centsToAmount(payment.amountCents).toFixed(2),
            currency: payment.currency.toUpperCase(),
          }),
        );
      }
      let owedCents = 0;
      if (captured) {
        // A capture above what the open bill still owes is refused, and nothing is written: the
        // payment stays authorized, the bill open. A receipt must be the bill to the cent, and a
        // restaurant expects a card to be charged what the guest owes, not more: a bigger capture
        // means the bill changed after the card was authorized (a void) or someone else paid part
        // of it. Staff see the refusal in the provider's dashboard and capture the right amount
        // (or release the authorization); recording it would turn a mistake into money to refund.
        const owed = (await billOf(tx, payment.diningSessionId)).cents;
        owedCents = Math.max(0, owed - (await capturedCents(tx, payment.diningSessionId)));
        const refusal = refuse('PAY_CAPTURE_ABOVE_BILL', {
          amount: centsToAmount(payment.amountCents).toFixed(2),
          owed: centsToAmount(owedCents).toFixed(2),
          currency: payment.currency.toUpperCase(),
        });
        if (payment.amountCents > owedCents) return cannotTake(refusal);
        // The lines it was planned on (a guest's items, a share) paid by someone else meanwhile.
        if (!(await linesStillOwe(tx, payment.diningSessionId, payment.id))) {
          return cannotTake(refusal);
        }
      }
      const [updated] = await tx
        .update(payments)
        .set({
          status: next.status,
          ...(captured ? { businessDate, capturedAt: new Date() } : {}),
        })
        .where(eq(payments.id, payment.id))
        .returning();
      if (!captured || !updated) return null;
      const place = placeOf(session, table);
      if (updated.splitKind) {
        // A guest's part of the bill: every phone at the table sees the balance move.
        uow.emit({
          type: 'bill_part_paid',
          data: {
            ...place,
            sessionId: session.id,
            paymentId: updated.id,
            split: updated.splitKind,
            amount: centsToAmount(updated.amountCents),
            tip: centsToAmount(updated.tipCents),
            method: updated.method,
            remaining: centsToAmount(owedCents - updated.amountCents),
            currency: updated.currency,
          },
          tableId: updated.tableId,
        });
        await followOpenBill(tx, session.id);
      }
      await settleWhenCovered(uow, {
        sessionId: payment.diningSessionId,
        place,
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
      return null;
    },
  );
  if (giveBack) await giveBackTaken(ctx, callback, giveBack);
}

/** Gives back money the provider took for a payment the bill could not take. */
async function giveBackTaken(ctx: CallbackContext, callback: ProviderCallback, back: GiveBack) {
  const provider = paymentProvider(
    (
      await ctx.db
        .select({ provider: payments.provider })
        .from(payments)
        .where(eq(payments.id, back.paymentId))
    )[0]!.provider,
  );
  const done = await provider.refund(
    callback.reference,
    {
      restaurantId: back.restaurantId,
      amountCents: back.amountCents,
      tipCents: back.tipCents,
      currency: back.currency,
      idempotencyKey: `tavola-return-${back.paymentId}`,
    },
    { db: ctx.db, config: ctx.config },
  );
  // Not given back (the provider out of reach): the notification is refused, so the provider
  // sends it again and the giving back is tried again.
  if (!done.ok) throw refuse('PAYMENT_PROVIDER_DECLINED', { reason: done.reason });
}
