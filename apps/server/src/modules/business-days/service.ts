import { dayClosesAtText, type ZReport, type ZReportFigures } from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { StaffActor, SystemActor } from '../../core/auth/actors.js';
import type { DbOrTx } from '../../core/db/client.js';
import { businessDays, restaurants, users } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { dayCents, dayFigures } from './figures.js';
import { businessToday, lockDayExclusive } from './lock.js';

export interface DayRestaurant {
  id: string;
  name: string;
  timezone: string;
  currency: 'eur' | 'usd';
  dayClosesAtMinutes: number;
}

export async function dayRestaurant(db: DbOrTx, restaurantId: string): Promise<DayRestaurant> {
  const [r] = await db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      timezone: restaurants.timezone,
      currency: restaurants.currency,
      dayClosesAtMinutes: restaurants.dayClosesAtMinutes,
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!r) throw refuse('RESTAURANT_NOT_FOUND');
  return r;
}

/** Who closed a day that ended at the closing time with nobody closing it. */
const AUTOMATIC_CLOSE = 'Closing time';

const closer = alias(users, 'closer');
const reopener = alias(users, 'reopener');

async function dayRow(db: DbOrTx, restaurantId: string, date: string) {
  const [row] = await db
    .select({ day: businessDays, closedBy: closer.name, reopenedBy: reopener.name })
    .from(businessDays)
    .leftJoin(closer, eq(businessDays.closedBy, closer.id))
    .leftJoin(reopener, eq(businessDays.reopenedBy, reopener.id))
    .where(and(eq(businessDays.restaurantId, restaurantId), eq(businessDays.date, date)));
  return row ?? null;
}

/**
 * A day's Z report: a closed day's as it was kept at the close; an open day's (today, an earlier
 * day never closed, or a reopened one) as it stands now. A day that has not begun is refused.
 * "Today" is the business day (lock.ts): after a close, the next one.
 */
export async function zReport(
  db: DbOrTx,
  restaurantId: string,
  date?: string,
): Promise<{ report: ZReport; restaurant: DayRestaurant }> {
  const restaurant = await dayRestaurant(db, restaurantId);
  const today = await businessToday(db, restaurantId);
  const day = date ?? today;
  if (day > today) throw refuse('DAY_NOT_BEGUN', { date: day });
  const row = await dayRow(db, restaurantId, day);
  const closed = row?.day.status === 'closed' && row.day.report;
  const cents = closed ? null : await dayCents(db, restaurantId, day, today);
  const figures: ZReportFigures = closed ? row.day.report! : dayFigures(cents!);
  return {
    restaurant,
    report: {
      ...figures,
      date: day,
      dayClosesAt: dayClosesAtText(restaurant.dayClosesAtMinutes),
      seatedTables: cents?.seatedTables ?? [],
      today,
      restaurantName: restaurant.name,
      timezone: restaurant.timezone,
      currency: restaurant.currency,
      status: closed ? 'closed' : 'open',
      generatedAt: (closed ? row.day.closedAt! : new Date()).toISOString(),
      closedAt: closed ? row.day.closedAt!.toISOString() : null,
      closedBy: closed ? row.closedBy : null,
      reopenedAt: row?.day.reopenedAt?.toISOString() ?? null,
      reopenedBy: row?.reopenedBy ?? null,
      reopenReason: row?.day.reopenReason ?? null,
    },
  };
}

/** What the audit log keeps of a day's figures: the totals an accountant checks. */
function auditTotals(f: ZReportFigures) {
  return {
    orders: f.orders.total,
    voids: f.voids.total,
    bills: f.bills.total,
    tax: f.bills.tax,
    service: f.bills.service,
    tips: f.payments.tips,
    payments: f.payments.total,
    openBills: f.openBills.count,
    balanced: f.reconciliation.balanced,
  };
}

/**
 * A manager closes a business day (today or an earlier day): its Z report is taken and kept, and
 * no change is dated in it again. Closing today begins the next business day at once: tables
 * still seated go on ordering and paying in it. The exclusive day lock waits for the changes
 * under way, so the figures include every change dated in the day.
 */
export async function closeDay(ctx: WorkContext, actor: StaffActor | SystemActor, date: string) {
  await runWork(ctx, actor, async (uow) => {
    const { tx, restaurantId } = uow;
    const today = await businessToday(tx, restaurantId);
    if (date > today) throw refuse('DAY_NOT_BEGUN', { date });
    await lockDayExclusive(tx, restaurantId, date);
    const existing = await dayRow(tx, restaurantId, date);
    if (existing?.day.status === 'closed') throw refuse('DAY_CLOSED', { date });

    const figures = dayFigures(await dayCents(tx, restaurantId, date, today));
    const now = new Date();
    const values = {
      status: 'closed' as const,
      closedAt: now,
      closedBy: actor.kind === 'staff' ? actor.user.id : null,
      report: figures,
      updatedAt: now,
    };
    const [day] = await tx
      .insert(businessDays)
      .values({ restaurantId, date, ...values })
      .onConflictDoUpdate({ target: [businessDays.restaurantId, businessDays.date], set: values })
      .returning({ id: businessDays.id });
    uow.audit({
      action: 'business_day.closed',
      entityType: 'business_day',
      entityId: day!.id,
      details: { date, ...auditTotals(figures), reopenedBefore: Boolean(existing) },
    });
    uow.emit({
      type: 'business_day_closed',
      data: {
        date,
        closedBy: actor.kind === 'staff' ? actor.user.name : AUTOMATIC_CLOSE,
        balanced: figures.reconciliation.balanced,
      },
    });
  });
  return (await zReport(ctx.db, actor.restaurantId, date)).report;
}

/**
 * A manager reopens a closed day with a reason (audited). While it is the latest day closed and
 * its closing time has not passed, changes are dated in it again until it is closed again, which
 * takes its Z report anew; otherwise they stay in today's.
 */
export async function reopenDay(ctx: WorkContext, actor: StaffActor, date: string, reason: string) {
  await runWork(ctx, actor, async (uow) => {
    const { tx, restaurantId } = uow;
    await lockDayExclusive(tx, restaurantId, date);
    const existing = await dayRow(tx, restaurantId, date);
    if (existing?.day.status !== 'closed') throw refuse('DAY_NOT_CLOSED', { date });
    const now = new Date();
    await tx
      .update(businessDays)
      .set({
        status: 'open',
        reopenedAt: now,
        reopenedBy: actor.user.id,
        reopenReason: reason,
        updatedAt: now,
      })
      .where(eq(businessDays.id, existing.day.id));
    uow.audit({
      action: 'business_day.reopened',
      entityType: 'business_day',
      entityId: existing.day.id,
      details: {
        date,
        reason,
        closedAt: existing.day.closedAt?.toISOString() ?? null,
        ...(existing.day.report ? auditTotals(existing.day.report) : {}),
      },
    });
    uow.emit({
      type: 'business_day_reopened',
      data: { date, reopenedBy: actor.user.name, reason },
    });
  });
  return (await zReport(ctx.db, actor.restaurantId, date)).report;
}
