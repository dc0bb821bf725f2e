import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { platformEvents, restaurants } from '../../core/db/schema.js';
import type { ServerContext } from '../../core/context.js';
import { bindJob, type ServerModule } from '../../core/module.js';
import { runPlatformWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { defineJob } from '../../core/jobs/runner.js';

const DAY_MS = 86_400_000;

/** How far ahead a trial's end is announced to the team. */
export const TRIAL_ENDING_WITHIN_DAYS = 7;

/**
 * Every 6 hours across all instances (the runner's slot lets one instance's offer through). A
 * daily slot is not possible: pg-boss refuses singleton slots longer than its 12-hour archive
 * interval. Each trial end is still announced once: the look skips what it announced before.
 */
export const TRIAL_ENDING_EVERY_SECONDS = 6 * 3600;

export const trialEndingJob = defineJob<Record<string, never>>('platform.trial-ending', {
  // The next look is the retry.
  retryLimit: 0,
  expireInSeconds: 10 * 60,
});

/** Serialises looks that overlap (two instances, a retry): each trial end is announced once. */
const TRIAL_ENDING_LOCK = 7_310_014;

/**
 * Tells the team (their bell) of every trial that ends within 7 days and was not announced yet
 * for that end: once per trial end, however often or on however many instances this runs (a
 * trial extended to a new end is announced again). Resolves to how many it announced.
 */
export async function announceTrialsEnding(ctx: WorkContext, now = new Date()): Promise<number> {
  return runPlatformWork(ctx, null, async (uow) => {
    await uow.tx.execute(sql`select pg_advisory_xact_lock(${TRIAL_ENDING_LOCK})`);
    const soon = new Date(now.getTime() + TRIAL_ENDING_WITHIN_DAYS * DAY_MS);
    const ending = await uow.tx
      .select({ id: restaurants.id, name: restaurants.name, trialEndsAt: restaurants.trialEndsAt })
      .from(restaurants)
      .where(
        and(
          eq(restaurants.status, 'trial'),
          gt(restaurants.trialEndsAt, now),
          lte(restaurants.trialEndsAt, soon),
        ),
      );
    if (ending.length === 0) return 0;
    const announced = await uow.tx
      .select({
        restaurantId: platformEvents.restaurantId,
        trialEndsAt: sql<string>`${platformEvents.data}->>'trialEndsAt'`,
      })
      .from(platformEvents)
      .where(
        and(
          eq(platformEvents.type, 'trial_ending'),
          inArray(
            platformEvents.restaurantId,
            ending.map((r) => r.id),
          ),
        ),
      );
    const seen = new Set(announced.map((a) => `${a.restaurantId} ${a.trialEndsAt}`));
    let count = 0;
    for (const r of ending) {
      const trialEndsAt = r.trialEndsAt!.toISOString();
      if (seen.has(`${r.id} ${trialEndsAt}`)) continue;
      uow.notifyTeam({
        type: 'trial_ending',
        restaurantId: r.id,
        data: {
          restaurantId: r.id,
          name: r.name,
          trialEndsAt,
          daysLeft: Math.ceil((r.trialEndsAt!.getTime() - now.getTime()) / DAY_MS),
        },
      });
      count++;
    }
    return count;
  });
}

/** A look for trials ending every 6 hours on the shared job runner (one instance each time). */
export const trialEndingNotices = {
  jobs: (ctx: Pick<ServerContext, 'db' | 'bus' | 'log'>) => [
    bindJob(trialEndingJob, async () => {
      const announced = await announceTrialsEnding(ctx);
      if (announced > 0) ctx.log.info({ announced }, 'trials ending within 7 days announced');
    }),
  ],
  schedules: () => [
    { kind: 'job', job: trialEndingJob, everySeconds: TRIAL_ENDING_EVERY_SECONDS } as const,
  ],
} satisfies Pick<ServerModule, 'jobs' | 'schedules'>;
