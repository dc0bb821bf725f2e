import {
  REPORT_SCHEDULES_MAX,
  nextDueAt,
  REPORT_EMAIL_LOG_LIMIT,
  type ReportEmailLogEntry,
  type ReportRecipientStatus,
  type ReportSchedule,
  type ReportSchedules,
  type reportScheduleInputSchema,
} from '@tavola/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StaffActor } from '../../core/auth/actors.js';
import type { Db } from '../../core/db/client.js';
import { reportEmailLog, reportSchedules, restaurants } from '../../core/db/schema.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { recipientStatuses, registerRecipients, statusList } from './recipients.js';

type ScheduleRow = typeof reportSchedules.$inferSelect;
type ScheduleFields = z.infer<typeof reportScheduleInputSchema>;

/** Whether this server can send email; the answer (409) when it cannot. */
export function requireEmail(configured: boolean): void {
  if (!configured) throw refuse('EMAIL_NOT_CONFIGURED');
}

export function scheduleView(
  row: ScheduleRow,
  timezone: string,
  emailConfigured: boolean,
  statuses: Map<string, ReportRecipientStatus>,
  now = new Date(),
): ReportSchedule {
  return {
    id: row.id,
    report: row.report,
    format: row.format,
    frequency: row.frequency,
    time: row.time,
    weekday: row.weekday,
    dayOfMonth: row.dayOfMonth,
    recipients: row.recipients,
    recipientStatus: statusList(row.recipients, statuses),
    enabled: row.enabled,
    nextSendAt: row.enabled && emailConfigured ? nextDueAt(row, timezone, now).toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function withStatuses(
  db: Db,
  row: ScheduleRow,
  timezone: string,
  emailConfigured: boolean,
): Promise<ReportSchedule> {
  const statuses = await recipientStatuses(db, row.restaurantId, row.recipients);
  return scheduleView(row, timezone, emailConfigured, statuses);
}

async function timezoneOf(db: Db, restaurantId: string): Promise<string> {
  const [r] = await db
    .select({ timezone: restaurants.timezone })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!r) throw refuse('RESTAURANT_NOT_FOUND');
  return r.timezone;
}

export async function listSchedules(
  db: Db,
  restaurantId: string,
  emailConfigured: boolean,
): Promise<ReportSchedules> {
  const timezone = await timezoneOf(db, restaurantId);
  const rows = await db
    .select()
    .from(reportSchedules)
    .where(eq(reportSchedules.restaurantId, restaurantId))
    .orderBy(reportSchedules.createdAt);
  const statuses = await recipientStatuses(db, restaurantId, [
    ...new Set(rows.flatMap((r) => r.recipients)),
  ]);
  return {
    emailConfigured,
    timezone,
    schedules: rows.map((r) => scheduleView(r, timezone, emailConfigured, statuses)),
  };
}

/** What is stored of a schedule: the weekday only for weekly ones, the day only for monthly. */
const columns = (input: ScheduleFields) => ({
  report: input.report,
  format: input.format,
  frequency: input.frequency,
  time: input.time,
  weekday: input.frequency === 'weekly' ? (input.weekday ?? null) : null,
  dayOfMonth: input.frequency === 'monthly' ? (input.dayOfMonth ?? null) : null,
  recipients: [...new Set(input.recipients.map((r) => r.trim().toLowerCase()))],
  enabled: input.enabled,
});

export async function createSchedule(
  ctx: WorkContext,
  actor: StaffActor,
  input: ScheduleFields,
  emailConfigured: boolean,
): Promise<ReportSchedule> {
  requireEmail(emailConfigured);
  const timezone = await timezoneOf(ctx.db, actor.restaurantId);
  const row = await runWork(ctx, actor, async (uow) => {
    await assertRoomForSchedule(uow);
    const [created] = await uow.tx
      .insert(reportSchedules)
      .values({ ...columns(input), restaurantId: uow.restaurantId, createdBy: actor.user.id })
      .returning();
    if (!created) throw new Error('schedule insert returned nothing');
    await registerRecipients(uow, created.id, created.recipients);
    uow.audit({
      action: 'report_schedule.created',
      entityType: 'report_schedule',
      entityId: created.id,
      details: auditDetails(created),
    });
    return created;
  });
  return withStatuses(ctx.db, row, timezone, emailConfigured);
}

/**
 * Refuses a schedule past the restaurant's most. Counted under the restaurant's own schedules
 * lock (advisory, to the end of the transaction), so parallel creates are counted one after another.
 */
async function assertRoomForSchedule(uow: UnitOfWork): Promise<void> {
  await uow.tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`tavola.report-schedules.${uow.restaurantId}`}))`,
  );
  const [count] = await uow.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(reportSchedules)
    .where(eq(reportSchedules.restaurantId, uow.restaurantId));
  if ((count?.n ?? 0) >= REPORT_SCHEDULES_MAX)
    throw refuse('REPORT_SCHEDULES_LIMIT', { max: REPORT_SCHEDULES_MAX });
}

const auditDetails = (row: ScheduleRow) => ({
  report: row.report,
  format: row.format,
  frequency: row.frequency,
  time: row.time,
  recipients: row.recipients.join(', '),
  enabled: row.enabled,
});

/**
 * Changes a schedule; due times before the change are not sent (the new time may already have
 * passed today). Turning a schedule on needs email configured; turning it off or removing it
 * does not.
 */
export async function updateSchedule(
  ctx: WorkContext,
  actor: StaffActor,
  id: string,
  input: ScheduleFields,
  emailConfigured: boolean,
): Promise<ReportSchedule> {
  await scheduleOf(ctx.db, actor.restaurantId, id);
  if (input.enabled) requireEmail(emailConfigured);
  const timezone = await timezoneOf(ctx.db, actor.restaurantId);
  const row = await runWork(ctx, actor, async (uow) => {
    const [updated] = await uow.tx
      .update(reportSchedules)
      .set({ ...columns(input), lastDueAt: new Date(), updatedAt: new Date() })
      .where(and(eq(reportSchedules.id, id), eq(reportSchedules.restaurantId, uow.restaurantId)))
      .returning();
    if (!updated) throw refuse('REPORT_SCHEDULE_NOT_FOUND');
    await registerRecipients(uow, id, updated.recipients);
    uow.audit({
      action: 'report_schedule.updated',
      entityType: 'report_schedule',
      entityId: id,
      details: auditDetails(updated),
    });
    return updated;
  });
  return withStatuses(ctx.db, row, timezone, emailConfigured);
}

export async function deleteSchedule(ctx: WorkContext, actor: StaffActor, id: string) {
  await runWork(ctx, actor, async (uow) => {
    const [deleted] = await uow.tx
      .delete(reportSchedules)
      .where(and(eq(reportSchedules.id, id), eq(reportSchedules.restaurantId, uow.restaurantId)))
      .returning();
    if (!deleted) throw refuse('REPORT_SCHEDULE_NOT_FOUND');
    uow.audit({
      action: 'report_schedule.deleted',
      entityType: 'report_schedule',
      entityId: id,
      details: auditDetails(deleted),
    });
  });
}

/** A schedule of the restaurant, or 404. */
export async function scheduleOf(db: Db, restaurantId: string, id: string): Promise<ScheduleRow> {
  const [row] = await db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.id, id), eq(reportSchedules.restaurantId, restaurantId)));
  if (!row) throw refuse('REPORT_SCHEDULE_NOT_FOUND');
  return row;
}

/** The latest attempts to email the restaurant's reports, newest first. */
export async function emailLog(db: Db, restaurantId: string): Promise<ReportEmailLogEntry[]> {
  const rows = await db
    .select()
    .from(reportEmailLog)
    .where(eq(reportEmailLog.restaurantId, restaurantId))
    .orderBy(desc(reportEmailLog.createdAt), desc(reportEmailLog.attempt))
    .limit(REPORT_EMAIL_LOG_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    scheduleId: r.scheduleId,
    report: r.report,
    format: r.format,
    trigger: r.trigger,
    from: r.periodFrom,
    to: r.periodTo,
    recipients: r.recipients,
    status: r.status,
    error: r.error,
    attempt: r.attempt,
    messageId: r.messageId,
    createdAt: r.createdAt.toISOString(),
  }));
}
