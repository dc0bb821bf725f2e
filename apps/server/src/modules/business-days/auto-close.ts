import { sql } from 'drizzle-orm';
import { systemActor } from '../../core/auth/actors.js';
import type { ServerContext } from '../../core/context.js';
import { bindJob, type ServerModule } from '../../core/module.js';
import type { WorkContext } from '../../core/events/unit-of-work.js';
import { AppError } from '../../core/http/errors.js';
import { defineJob } from '../../core/jobs/runner.js';
import { closeDay } from './service.js';

/** How often ended days are looked for (pg-boss lets one instance's offer through). */
export const CLOSE_ENDED_DAYS_EVERY_SECONDS = 5 * 60;

/** How far back an ended day is still closed by itself (older ones are left to the manager). */
const LOOKBACK_DAYS = 7;

/** How many days one sweep closes at most; the next sweep takes the rest. */
const SWEEP_BATCH = 50;

export const closeEndedDaysJob = defineJob<Record<string, never>>('business-days.close-ended', {
  // The next sweep is the retry.
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});

/**
 * The business days that ended at their closing time with nobody closing them: before today's
 * business day, within the last week, with an order or a payment dated in them, and never closed
 * (a day a manager reopened stays open until a manager closes it again).
 */
async function endedDays(ctx: WorkContext) {
  const result = await ctx.db.execute(sql`
    select d.restaurant_id as "restaurantId", to_char(d.day, 'YYYY-MM-DD') as "date"
    from (
      select o.restaurant_id, o.business_date as day from orders o
        where o.business_date >= current_date - ${LOOKBACK_DAYS + 2}::int
      union
      select p.restaurant_id, p.business_date from payments p
        where p.business_date >= current_date - ${LOOKBACK_DAYS + 2}::int
    ) d
    where d.day < business_date_at(d.restaurant_id, now(), 'infinity')
      and d.day >= business_date_at(d.restaurant_id, now(), 'infinity') - ${LOOKBACK_DAYS}::int
      and not exists (
        select 1 from business_days b where b.restaurant_id = d.restaurant_id and b.date = d.day
      )
    order by 2, 1
    limit ${SWEEP_BATCH}`);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    restaurantId: string;
    date: string;
  }[];
}

/**
 * Closes the business days that ended at their restaurant's closing time (each in its own unit
 * of work, by the system): their Z reports are kept as at the close, as if a manager had closed
 * them. Safe with a manager closing at the same time: the second close is refused and skipped.
 * Resolves to how many days this sweep closed.
 */
export async function closeEndedDays(ctx: WorkContext): Promise<number> {
  let closed = 0;
  for (const day of await endedDays(ctx)) {
    try {
      await closeDay(ctx, systemActor(day.restaurantId), day.date);
      closed++;
    } catch (error) {
      if (!(error instanceof AppError && error.kind === 'CONFLICT')) throw error;
    }
  }
  return closed;
}

/** The sweep every few minutes on the shared job runner (one instance per slot). */
export const dayClosing = {
  jobs: (ctx: Pick<ServerContext, 'db' | 'bus' | 'log'>) => [
    bindJob(closeEndedDaysJob, async () => {
      const closed = await closeEndedDays(ctx);
      if (closed > 0) ctx.log.info({ closed }, 'business days closed at their closing time');
    }),
  ],
  schedules: () => [
    { kind: 'job', job: closeEndedDaysJob, everySeconds: CLOSE_ENDED_DAYS_EVERY_SECONDS } as const,
  ],
} satisfies Pick<ServerModule, 'jobs' | 'schedules'>;
