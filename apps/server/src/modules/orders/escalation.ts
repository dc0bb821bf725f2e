import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { systemActor } from '../../core/auth/actors.js';
import type { ServerContext } from '../../core/context.js';
import { bindJob, type ServerModule } from '../../core/module.js';
import { orders, restaurants } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { defineJob } from '../../core/jobs/runner.js';
import { escalateTimedOutOrder } from './priority.js';

/** How many orders one sweep escalates at most; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/** How often the sweep runs across all instances (pg-boss lets one instance's offer through). */
export const ORDER_ESCALATION_EVERY_SECONDS = 60;

export const escalateOrdersJob = defineJob<Record<string, never>>('orders.escalate', {
  // The next minute's sweep is the retry.
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});

/**
 * Orders still new (no station has started them) after their restaurant's order timeout, on the
 * database's clock, and not escalated yet.
 */
const timedOut = () =>
  and(
    eq(orders.status, 'new'),
    isNull(orders.escalatedAt),
    sql`${orders.createdAt} <= now() - make_interval(mins => (select ${restaurants.orderTimeoutMinutes} from ${restaurants} where ${restaurants.id} = ${orders.restaurantId}))`,
  );

/**
 * Escalates every order still new after its restaurant's order timeout: each
 * in its own unit of work, by the system (`escalateTimedOutOrder`: urgent on the displays, the
 * manager's bell told, audited), never cancelled. Safe with several instances sweeping at once:
 * each order is escalated by one conditional update under its lock, so exactly once. Resolves
 * to how many orders this sweep escalated.
 */
export async function escalateTimedOutOrders(ctx: WorkContext): Promise<number> {
  const candidates = await ctx.db
    .select({ id: orders.id, restaurantId: orders.restaurantId })
    .from(orders)
    .where(timedOut())
    .orderBy(asc(orders.createdAt))
    .limit(SWEEP_BATCH);
  let escalated = 0;
  for (const c of candidates) {
    const done = await runWork(ctx, systemActor(c.restaurantId), (uow) =>
      escalateTimedOutOrder(uow, c.id),
    );
    if (done) escalated++;
  }
  return escalated;
}

/** The sweep every minute on the shared job runner (exactly one instance per minute). */
export const orderEscalation = {
  jobs: (ctx: Pick<ServerContext, 'db' | 'bus' | 'log'>) => [
    bindJob(escalateOrdersJob, async () => {
      const escalated = await escalateTimedOutOrders(ctx);
      if (escalated > 0) ctx.log.info({ escalated }, 'orders escalated after the order timeout');
    }),
  ],
  schedules: () => [
    { kind: 'job', job: escalateOrdersJob, everySeconds: ORDER_ESCALATION_EVERY_SECONDS } as const,
  ],
} satisfies Pick<ServerModule, 'jobs' | 'schedules'>;
