import {
  bpsToPercent,
  CAPTURED_STATUSES,
  centsToAmount,
  DISCOUNT_REASONS_MAX,
  discountLimitRefusal,
  hasPermission,
  lineLabel,
  manageableRoles,
  NO_DISCOUNT_LIMIT,
  type ApplyDiscountInput,
  type DiscountLimit,
  type DiscountReason,
  type DiscountResult,
} from '@tavola/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import type { DbOrTx, Tx } from '../../core/db/client.js';
import { isUniqueViolation, retryOnDeadlock } from '../../core/db/errors.js';
import { sumCents } from '../../core/db/money.js';
import {
  diningSessions,
  discountReasons,
  discounts,
  payments,
  restaurants,
  tables,
  users,
} from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { lockBusinessDay } from '../business-days/index.js';
import {
  billRows,
  discountView,
  discountViews,
  lineSnapshotOf,
  placeOf,
  repriceBill,
  type BillRows,
  followOpenBill,
  sessionBillCents,
} from '../orders/index.js';

type ReasonRow = typeof discountReasons.$inferSelect;

const reasonView = (r: ReasonRow): DiscountReason => ({ id: r.id, name: r.name });

/** The restaurant's reasons, by name. */
export async function listReasons(db: DbOrTx, restaurantId: string): Promise<DiscountReason[]> {
  const rows = await db
    .select()
    .from(discountReasons)
    .where(eq(discountReasons.restaurantId, restaurantId))
    .orderBy(asc(sql`lower(${discountReasons.name})`));
  return rows.map(reasonView);
}

const nameTaken = (name: string) => refuse('DISCOUNT_REASON_NAME_TAKEN', { name });

/** A manager adds a reason to the list. */
export async function createReason(
  ctx: WorkContext,
  actor: StaffActor,
  name: string,
): Promise<DiscountReason> {
  try {
    return await runWork(ctx, actor, async (uow) => {
      const { tx, restaurantId } = uow;
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(discountReasons)
        .where(eq(discountReasons.restaurantId, restaurantId));
      if ((count?.n ?? 0) >= DISCOUNT_REASONS_MAX) {
        throw refuse('DISCOUNT_REASONS_LIMIT', { max: DISCOUNT_REASONS_MAX });
      }
      const [row] = await tx.insert(discountReasons).values({ restaurantId, name }).returning();
      uow.audit({
        action: 'discount_reason.created',
        entityType: 'discount_reason',
        entityId: row!.id,
        details: { name },
      });
      return reasonView(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

/** A manager renames a reason; discounts already given keep the name they were given with. */
export async function updateReason(
  ctx: WorkContext,
  actor: StaffActor,
  id: string,
  name: string,
): Promise<DiscountReason> {
  try {
    return await runWork(ctx, actor, async (uow) => {
      const [before] = await uow.tx
        .select()
        .from(discountReasons)
        .where(and(eq(discountReasons.id, id), eq(discountReasons.restaurantId, uow.restaurantId)));
      if (!before) throw refuse('DISCOUNT_REASON_NOT_FOUND');
      const [row] = await uow.tx
        .update(discountReasons)
        .set({ name, updatedAt: new Date() })
        .where(eq(discountReasons.id, id))
        .returning();
      uow.audit({
        action: 'discount_reason.updated',
        entityType: 'discount_reason',
        entityId: id,
        details: { from: before.name, name },
      });
      return reasonView(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

/** A manager takes a reason off the list; discounts already given keep it. */
export async function deleteReason(ctx: WorkContext, actor: StaffActor, id: string) {
  await runWork(ctx, actor, async (uow) => {
    const [row] = await uow.tx
      .delete(discountReasons)
      .where(and(eq(discountReasons.id, id), eq(discountReasons.restaurantId, uow.restaurantId)))
      .returning();
    if (!row) throw refuse('DISCOUNT_REASON_NOT_FOUND');
    uow.audit({
      action: 'discount_reason.deleted',
      entityType: 'discount_reason',
      entityId: id,
      details: { name: row.name },
    });
  });
  return { deleted: true as const };
}

/** Whether the actor holds what this kind of discount needs: comps their own permission. */
function assertMayGive(actor: StaffActor, kind: 'percent' | 'amount' | 'comp') {
  if (kind === 'comp') {
    if (!hasPermission(actor.user.permissions, 'comp_items')) throw refuse('COMP_NOT_ALLOWED');
  } else if (!hasPermission(actor.user.permissions, 'apply_discounts')) {
    throw refuse('DISCOUNT_NOT_ALLOWED');
  }
}

const supervises = (actor: StaffActor) =>
  actor.user.role === 'manager' || actor.user.role === 'admin';

/**
 * The open bill, locked FOR NO KEY UPDATE as a payment and a void lock it: a discount and a
 * payment of one bill happen one after the other, so a bill is never settled at one total and
 * discounted to another. Before any row lock, today's business day is held shared (a close waits
 * for the change, as for any other).
 */
async function lockOpenBill(uow: UnitOfWork, sessionId: string) {
  const { tx, restaurantId } = uow;
  await lockBusinessDay(tx, restaurantId);
  const [row] = await tx
    .select({ session: diningSessions, table: tables })
    .from(diningSessions)
    .leftJoin(tables, eq(diningSessions.tableId, tables.id))
    .where(and(eq(diningSessions.id, sessionId), eq(diningSessions.restaurantId, restaurantId)))
    .for('no key update', { of: diningSessions });
  if (!row) throw refuse('DINING_SESSION_NOT_FOUND');
  if (row.session.status !== 'open') throw refuse('DISCOUNT_BILL_SETTLED');
  return row;
}

/** What the bill's payments captured so far (a bill paid in parts). */
async function capturedCents(tx: Tx, sessionId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sumCents(payments.amountCents) })
    .from(payments)
    .where(
      and(eq(payments.diningSessionId, sessionId), inArray(payments.status, CAPTURED_STATUSES)),
    );
  return row?.cents ?? 0;
}

async function limitOf(tx: Tx, userId: string): Promise<DiscountLimit> {
  const [row] = await tx
    .select({ percent: users.discountLimitPercentBps, cents: users.discountLimitCents })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { maxPercentBps: row.percent, maxAmountCents: row.cents } : NO_DISCOUNT_LIMIT;
}

function result(
  rows: BillRows,
  discountId: string,
  sessionId: string,
  currency: 'eur' | 'usd',
  cents: number,
  removed?: typeof discounts.$inferSelect,
): DiscountResult {
  const views = discountViews(rows);
  const own =
    views.find((v) => v.id === discountId) ??
    // A discount taken back is no longer on the bill: it is shown as it was given, taking nothing.
    discountView(removed!, undefined, rows.lines);
  return { discount: own, sessionId, currency, billTotal: centsToAmount(cents), discounts: views };
}

/**
 * Gives a discount or comps a line on an open bill: the reason from the restaurant's list, the
 * giver's permission and limit checked on what it actually takes off, the bill repriced by the
 * one rule (tax on the discounted amount), audited and announced.
 */
export function applyDiscount(
  ctx: WorkContext,
  actor: StaffActor,
  sessionId: string,
  input: ApplyDiscountInput,
): Promise<DiscountResult> {
  assertMayGive(actor, input.kind);
  return retryOnDeadlock(() =>
    runWork(ctx, actor, async (uow) => {
      const { tx, restaurantId } = uow;
      const { session, table } = await lockOpenBill(uow, sessionId);
      if (!supervises(actor) && (table?.assignedWaiterId ?? session.waiterId) !== actor.user.id) {
        throw refuse('DISCOUNT_NOT_YOUR_TABLE');
      }
      const [reason] = await tx
        .select()
        .from(discountReasons)
        .where(
          and(
            eq(discountReasons.id, input.reasonId),
            eq(discountReasons.restaurantId, restaurantId),
          ),
        );
      if (!reason) throw refuse('DISCOUNT_REASON_REQUIRED');
      const [restaurant] = await tx
        .select({ currency: restaurants.currency })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId));
      const currency = restaurant!.currency;

      // What the bill charges now, line by line (the discounts given so far taken off).
      const before = await billRows(tx, sessionId);
      const billedLines = before.lines.filter((l) => {
        const order = before.orders.find((o) => o.id === l.orderId);
        return order && order.status !== 'cancelled' && l.quantity > l.voidedQuantity;
      });
      const left = (l: (typeof billedLines)[number]) =>
        l.unitPriceCents * (l.quantity - l.voidedQuantity) - l.discountCents;
      const line = input.orderItemId
        ? before.lines.find((l) => l.id === input.orderItemId)
        : undefined;
      if (input.orderItemId && !line) throw refuse('ORDER_LINE_NOT_FOUND');
      const covered = line ? billedLines.filter((l) => l.id === line.id) : billedLines;
      const ofCents = covered.reduce((sum, l) => sum + left(l), 0);
      if (ofCents <= 0) {
        throw line
          ? refuse('DISCOUNT_LINE_NOTHING_LEFT', { item: lineLabel(lineSnapshotOf(line)) })
          : refuse('DISCOUNT_BILL_NOTHING_LEFT');
      }
      const billBefore = await sessionBillCents(tx, sessionId);

      const percentBps = input.kind === 'percent' ? Math.round(input.percent! * 100) : null;
      const askedCents = input.kind === 'amount' ? Math.round(input.amount! * 100) : null;
      const [created] = await tx
        .insert(discounts)
        .values({
          restaurantId,
          diningSessionId: sessionId,
          scope: line ? 'line' : 'bill',
          kind: input.kind,
          orderItemId: line?.id ?? null,
          percentBps,
          amountCents: askedCents,
          reasonId: reason.id,
          reason: reason.name,
          appliedBy: actor.user.id,
          appliedByName: actor.user.name,
          // The lines it covers: one, or every line the bill charges for now.
          allocation: covered.map((l) => ({ orderItemId: l.id, cents: 0 })),
        })
        .returning();
      const after = await repriceBill(tx, sessionId);
      const given = after.discounts.find((d) => d.id === created!.id)!;
      if (given.discountCents <= 0) {
        throw line
          ? refuse('DISCOUNT_LINE_NOTHING_LEFT', { item: lineLabel(lineSnapshotOf(line)) })
          : refuse('DISCOUNT_BILL_NOTHING_LEFT');
      }
      const limited = discountLimitRefusal(
        await limitOf(tx, actor.user.id),
        { kind: input.kind, percentBps, cents: given.discountCents, ofCents },
        currency,
      );
      if (limited) throw refuse(limited.code, limited.params);

      const billAfter = await followOpenBill(tx, sessionId);
      const paid = await capturedCents(tx, sessionId);
      if (paid > 0 && billAfter <= paid) {
        throw refuse('DISCOUNT_BELOW_PAID', {
          paid: centsToAmount(paid).toFixed(2),
          currency: currency.toUpperCase(),
        });
      }

      uow.audit({
        action: 'discount.applied',
        entityType: 'discount',
        entityId: given.id,
        details: {
          sessionId,
          tableNumber: table?.number ?? null,
          tab: table ? null : session.tabName,
          kind: given.kind,
          scope: given.scope,
          line: line ? lineLabel(lineSnapshotOf(line)) : null,
          percent: percentBps === null ? null : bpsToPercent(percentBps),
          askedCents,
          reason: given.reason,
          discountCents: given.discountCents,
          totalCents: given.totalCents,
          billCentsBefore: billBefore,
          billCentsAfter: billAfter,
          currency,
        },
      });
      const place = placeOf(session, table);
      uow.emit({
        type: 'bill_discounted',
        data: {
          ...place,
          sessionId,
          discountId: given.id,
          change: 'applied',
          kind: given.kind,
          amount: centsToAmount(given.totalCents),
          billTotal: centsToAmount(billAfter),
          currency,
        },
        tableId: place.tableId,
      });
      return result(after, given.id, sessionId, currency, billAfter);
    }),
  );
}

/**
 * Takes a discount or comp back off a bill that is still open (never a settled one): the bill is
 * repriced without it, and the audit log keeps who took it back. A member of staff who is not a
 * manager takes back only their own.
 */
export async function removeDiscount(
  ctx: WorkContext,
  actor: StaffActor,
  discountId: string,
): Promise<DiscountResult> {
  const [found] = await ctx.db
    .select()
    .from(discounts)
    .where(
      and(
        eq(discounts.id, discountId),
        eq(discounts.restaurantId, actor.restaurantId),
        isNull(discounts.removedAt),
      ),
    );
  if (!found) throw refuse('DISCOUNT_NOT_FOUND');
  assertMayGive(actor, found.kind);
  if (!supervises(actor) && found.appliedBy !== actor.user.id) {
    throw refuse('DISCOUNT_REMOVE_NOT_YOURS');
  }
  return retryOnDeadlock(() =>
    runWork(ctx, actor, async (uow) => {
      const { tx, restaurantId } = uow;
      const { session, table } = await lockOpenBill(uow, found.diningSessionId);
      const billBefore = await sessionBillCents(tx, found.diningSessionId);
      const [removed] = await tx
        .update(discounts)
        .set({ removedAt: new Date(), removedBy: actor.user.id })
        .where(and(eq(discounts.id, discountId), isNull(discounts.removedAt)))
        .returning();
      if (!removed) throw refuse('DISCOUNT_NOT_FOUND');
      const after = await repriceBill(tx, found.diningSessionId);
      const billAfter = await followOpenBill(tx, found.diningSessionId);
      const [restaurant] = await tx
        .select({ currency: restaurants.currency })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId));
      const currency = restaurant!.currency;
      uow.audit({
        action: 'discount.removed',
        entityType: 'discount',
        entityId: discountId,
        details: {
          sessionId: found.diningSessionId,
          tableNumber: table?.number ?? null,
          tab: table ? null : session.tabName,
          kind: removed.kind,
          scope: removed.scope,
          reason: removed.reason,
          givenBy: removed.appliedByName,
          discountCents: removed.discountCents,
          totalCents: removed.totalCents,
          billCentsBefore: billBefore,
          billCentsAfter: billAfter,
          currency,
        },
      });
      const place = placeOf(session, table);
      uow.emit({
        type: 'bill_discounted',
        data: {
          ...place,
          sessionId: found.diningSessionId,
          discountId,
          change: 'removed',
          kind: removed.kind,
          amount: centsToAmount(billAfter - billBefore),
          billTotal: centsToAmount(billAfter),
          currency,
        },
        tableId: place.tableId,
      });
      return result(after, discountId, found.diningSessionId, currency, billAfter, removed);
    }),
  );
}

/**
 * A manager sets how far one member of staff may go with one discount (an admin, a manager's
 * too): a percentage and an amount, each null for no limit.
 */
export async function setDiscountLimit(
  ctx: WorkContext,
  actor: StaffActor,
  userId: string,
  input: { maxPercent: number | null; maxAmount: number | null },
) {
  return runWork(ctx, actor, async (uow) => {
    const { tx, restaurantId } = uow;
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.restaurantId, restaurantId)))
      .for('no key update');
    if (!target || !manageableRoles(actor.user.role).includes(target.role)) {
      throw refuse('STAFF_NOT_FOUND');
    }
    const percentBps = input.maxPercent === null ? null : Math.round(input.maxPercent * 100);
    const cents = input.maxAmount === null ? null : Math.round(input.maxAmount * 100);
    await tx
      .update(users)
      .set({
        discountLimitPercentBps: percentBps,
        discountLimitCents: cents,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    uow.audit({
      action: 'staff.discount_limit',
      entityType: 'user',
      entityId: userId,
      details: {
        username: target.username,
        from: {
          maxPercentBps: target.discountLimitPercentBps,
          maxAmountCents: target.discountLimitCents,
        },
        maxPercentBps: percentBps,
        maxAmountCents: cents,
      },
    });
    uow.emit({
      type: 'staff_updated',
      data: { userId, role: target.role, status: target.status, change: 'updated' },
    });
    return { userId, maxPercent: input.maxPercent, maxAmount: input.maxAmount };
  });
}
